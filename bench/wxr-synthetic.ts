/**
 * A synthetic WordPress export (WXR 1.2) of any size, for the importer's figures and its memory test (issue 26):
 *   tsx bench/wxr-synthetic.ts OUT.xml [--posts 10000] [--paragraphs 5]
 * Each post has a featured image (an attachment item before it), categories (a tree) and tags, a block-markup body
 * with links and images on the old origin, every 10th a `[caption]`, every 25th a `[gallery]` and a shortcode kept
 * as text, every 5th an approved comment; pages, gallery items (`galeri`) and a menu come at the end. Written as a
 * stream, so a file of hundreds of megabytes costs little memory to make.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const SYNTHETIC_ORIGIN = 'http://sekolah-lama.example';

export interface SyntheticOptions {
  posts: number;
  /** Paragraphs per post body (about 330 characters each). */
  paragraphs?: number;
}

/** What the file holds, counted as it was written (the expected report). */
export interface SyntheticCounts {
  bytes: number;
  posts: number;
  pages: number;
  gallery: number;
  attachments: number;
  terms: number;
  menuItems: number;
  comments: number;
}

const CATEGORIES = ['berita', 'pengumuman', 'prestasi', 'kegiatan', 'akademik', 'olahraga', 'seni', 'osis'];
const TAGS = Array.from({ length: 20 }, (_, i) => `tag-${i + 1}`);
const SENTENCE =
  'Kegiatan ini diikuti oleh seluruh siswa kelas VII, VIII, dan IX bersama bapak dan ibu guru. ' +
  'Kepala sekolah menyampaikan apresiasi kepada semua pihak yang telah mendukung terlaksananya acara. ';

const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const pad = (n: number) => String(n).padStart(2, '0');

function wpDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

interface ItemFields {
  id: number;
  title: string;
  slug: string;
  type: string;
  status?: string;
  content?: string;
  excerpt?: string;
  parent?: number;
  order?: number;
  ms: number;
  extra?: string;
  link?: string;
}

function item(f: ItemFields): string {
  const link = f.link ?? `${SYNTHETIC_ORIGIN}/${f.slug}/`;
  return `\t<item>
\t\t<title>${cdata(f.title)}</title>
\t\t<link>${link}</link>
\t\t<pubDate>${new Date(f.ms).toUTCString().replace('GMT', '+0000')}</pubDate>
\t\t<dc:creator>${cdata('admin')}</dc:creator>
\t\t<guid isPermaLink="false">${SYNTHETIC_ORIGIN}/?p=${f.id}</guid>
\t\t<description></description>
\t\t<content:encoded>${cdata(f.content ?? '')}</content:encoded>
\t\t<excerpt:encoded>${cdata(f.excerpt ?? '')}</excerpt:encoded>
\t\t<wp:post_id>${f.id}</wp:post_id>
\t\t<wp:post_date>${cdata(wpDate(f.ms + 7 * 3_600_000))}</wp:post_date>
\t\t<wp:post_date_gmt>${cdata(wpDate(f.ms))}</wp:post_date_gmt>
\t\t<wp:post_modified>${cdata(wpDate(f.ms + 7 * 3_600_000))}</wp:post_modified>
\t\t<wp:post_modified_gmt>${cdata(wpDate(f.ms))}</wp:post_modified_gmt>
\t\t<wp:comment_status>${cdata('open')}</wp:comment_status>
\t\t<wp:ping_status>${cdata('closed')}</wp:ping_status>
\t\t<wp:post_name>${cdata(f.slug)}</wp:post_name>
\t\t<wp:status>${cdata(f.status ?? 'publish')}</wp:status>
\t\t<wp:post_parent>${f.parent ?? 0}</wp:post_parent>
\t\t<wp:menu_order>${f.order ?? 0}</wp:menu_order>
\t\t<wp:post_type>${cdata(f.type)}</wp:post_type>
\t\t<wp:post_password>${cdata('')}</wp:post_password>
\t\t<wp:is_sticky>0</wp:is_sticky>
${f.extra ?? ''}\t</item>
`;
}

const meta = (key: string, value: string) =>
  `\t\t<wp:postmeta>\n\t\t<wp:meta_key>${cdata(key)}</wp:meta_key>\n\t\t<wp:meta_value>${cdata(value)}</wp:meta_value>\n\t\t</wp:postmeta>\n`;

function attachment(id: number, parent: number, slug: string, ms: number): string {
  const file = `2025/08/${slug}.jpg`;
  return item({
    id,
    title: slug,
    slug,
    type: 'attachment',
    status: 'inherit',
    parent,
    ms,
    link: `${SYNTHETIC_ORIGIN}/${slug}/`,
    extra:
      `\t\t<wp:attachment_url>${cdata(`${SYNTHETIC_ORIGIN}/wp-content/uploads/${file}`)}</wp:attachment_url>\n` +
      meta('_wp_attached_file', file) +
      meta('_wp_attachment_image_alt', `Foto ${slug}`),
  });
}

function body(n: number, paragraphs: number, postId: number, imageId: number, slug: string): string {
  const parts: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    parts.push(
      `<!-- wp:paragraph -->\n<p>${SENTENCE}${SENTENCE}Berita ke-${n}, paragraf ${p + 1}.</p>\n<!-- /wp:paragraph -->`,
    );
  }
  parts.push(
    `<!-- wp:paragraph -->\n<p>Baca juga <a href="${SYNTHETIC_ORIGIN}/?p=${n === 1 ? postId : postId - 2}">berita sebelumnya</a> dan <a href="${SYNTHETIC_ORIGIN}/profil/sejarah/">sejarah sekolah</a>.</p>\n<!-- /wp:paragraph -->`,
  );
  const src = `${SYNTHETIC_ORIGIN}/wp-content/uploads/2025/08/${slug}-300x200.jpg`;
  if (n % 10 === 0) {
    parts.push(
      `[caption id="attachment_${imageId}" width="300"]<img src="${src}" alt="" width="300" /> Foto kegiatan[/caption]`,
    );
  } else {
    parts.push(
      `<!-- wp:image {"id":${imageId}} -->\n<figure class="wp-block-image"><img src="${src}" alt="" class="wp-image-${imageId}"/></figure>\n<!-- /wp:image -->`,
    );
  }
  if (n % 25 === 0) parts.push(`[gallery ids="${imageId}"]\n\n[contact-form-7 id="12" title="Kontak"]`);
  return parts.join('\n\n');
}

/** Writes the export to `file`, streaming; resolves with what it holds. */
export async function writeSyntheticWxr(file: string, options: SyntheticOptions): Promise<SyntheticCounts> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  const counts: SyntheticCounts = {
    bytes: 0,
    posts: 0,
    pages: 0,
    gallery: 0,
    attachments: 0,
    terms: 0,
    menuItems: 0,
    comments: 0,
  };
  const write = async (text: string) => {
    counts.bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  const paragraphs = options.paragraphs ?? 5;
  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0"
\txmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
\txmlns:content="http://purl.org/rss/1.0/modules/content/"
\txmlns:wfw="http://wellformedweb.org/CommentAPI/"
\txmlns:dc="http://purl.org/dc/elements/1.1/"
\txmlns:wp="http://wordpress.org/export/1.2/"
>
<channel>
\t<title>SMP Sintetis</title>
\t<link>${SYNTHETIC_ORIGIN}</link>
\t<description>Ekspor sintetis</description>
\t<language>id-ID</language>
\t<wp:wxr_version>1.2</wp:wxr_version>
\t<wp:base_site_url>${SYNTHETIC_ORIGIN}</wp:base_site_url>
\t<wp:base_blog_url>${SYNTHETIC_ORIGIN}</wp:base_blog_url>
\t<wp:author><wp:author_id>1</wp:author_id><wp:author_login>${cdata('admin')}</wp:author_login><wp:author_email>${cdata('admin@sekolah-lama.example')}</wp:author_email><wp:author_display_name>${cdata('Admin')}</wp:author_display_name><wp:author_first_name>${cdata('')}</wp:author_first_name><wp:author_last_name>${cdata('')}</wp:author_last_name></wp:author>
`);
  let termId = 1;
  for (const [i, slug] of CATEGORIES.entries()) {
    // The last three sit under "kegiatan": a tree, parents first as WordPress writes them.
    const parent = i >= 5 ? 'kegiatan' : '';
    await write(
      `\t<wp:category><wp:term_id>${termId++}</wp:term_id><wp:category_nicename>${cdata(slug)}</wp:category_nicename><wp:category_parent>${cdata(parent)}</wp:category_parent><wp:cat_name>${cdata(slug[0]?.toUpperCase() + slug.slice(1))}</wp:cat_name></wp:category>\n`,
    );
  }
  for (const slug of TAGS) {
    await write(
      `\t<wp:tag><wp:term_id>${termId++}</wp:term_id><wp:tag_slug>${cdata(slug)}</wp:tag_slug><wp:tag_name>${cdata(slug.replace('-', ' '))}</wp:tag_name></wp:tag>\n`,
    );
  }
  await write(
    `\t<wp:term><wp:term_id>${termId++}</wp:term_id><wp:term_taxonomy>nav_menu</wp:term_taxonomy><wp:term_slug>${cdata('menu-utama')}</wp:term_slug><wp:term_name>${cdata('Menu Utama')}</wp:term_name></wp:term>\n`,
  );
  counts.terms = CATEGORIES.length + TAGS.length;
  const start = Date.UTC(2020, 0, 1);
  let id = 10;
  for (let n = 1; n <= options.posts; n++) {
    const postId = ++id;
    const imageId = ++id;
    const slug = `berita-sintetis-${n}`;
    const ms = start + n * 3_600_000;
    await write(attachment(imageId, postId, `foto-${n}`, ms));
    counts.attachments++;
    const terms =
      `\t\t<category domain="category" nicename="${CATEGORIES[n % CATEGORIES.length]}">${cdata('x')}</category>\n` +
      `\t\t<category domain="post_tag" nicename="${TAGS[n % TAGS.length]}">${cdata('y')}</category>\n`;
    const comment =
      n % 5 === 0
        ? `\t\t<wp:comment><wp:comment_id>${n}</wp:comment_id><wp:comment_author>${cdata('Ibu Ratna')}</wp:comment_author><wp:comment_author_email>${cdata('ratna@example.com')}</wp:comment_author_email><wp:comment_author_url></wp:comment_author_url><wp:comment_author_IP>${cdata('10.0.0.1')}</wp:comment_author_IP><wp:comment_date>${cdata(wpDate(ms + 7 * 3_600_000))}</wp:comment_date><wp:comment_date_gmt>${cdata(wpDate(ms))}</wp:comment_date_gmt><wp:comment_content>${cdata('Terima kasih informasinya.')}</wp:comment_content><wp:comment_approved>${cdata('1')}</wp:comment_approved><wp:comment_type>${cdata('comment')}</wp:comment_type><wp:comment_parent>0</wp:comment_parent><wp:comment_user_id>0</wp:comment_user_id></wp:comment>\n`
        : '';
    if (comment) counts.comments++;
    await write(
      item({
        id: postId,
        title: `Berita Sintetis ${n}`,
        slug,
        type: 'post',
        content: body(n, paragraphs, postId, imageId, `foto-${n}`),
        ms,
        extra: terms + meta('_thumbnail_id', String(imageId)) + comment,
      }),
    );
    counts.posts++;
  }
  const pageIds: number[] = [];
  for (const [i, slug] of ['profil', 'kontak', 'sejarah'].entries()) {
    const pageId = ++id;
    pageIds.push(pageId);
    await write(
      item({
        id: pageId,
        title: slug[0]?.toUpperCase() + slug.slice(1),
        slug,
        type: 'page',
        content: `<p>${SENTENCE}</p>`,
        parent: slug === 'sejarah' ? pageIds[0] : 0,
        order: i,
        ms: start,
        link: slug === 'sejarah' ? `${SYNTHETIC_ORIGIN}/profil/sejarah/` : undefined,
      }),
    );
    counts.pages++;
  }
  for (let g = 1; g <= 10; g++) {
    await write(item({ id: ++id, title: `Galeri ${g}`, slug: `galeri-${g}`, type: 'galeri', ms: start + g }));
    counts.gallery++;
  }
  for (const [i, pageId] of pageIds.entries()) {
    const menuMeta =
      meta('_menu_item_type', 'post_type') +
      meta('_menu_item_menu_item_parent', '0') +
      meta('_menu_item_object_id', String(pageId)) +
      meta('_menu_item_object', 'page') +
      meta('_menu_item_target', '') +
      meta('_menu_item_url', '');
    await write(
      item({
        id: ++id,
        title: '',
        slug: String(id),
        type: 'nav_menu_item',
        order: i + 1,
        ms: start,
        extra: `\t\t<category domain="nav_menu" nicename="menu-utama">${cdata('Menu Utama')}</category>\n${menuMeta}`,
      }),
    );
    counts.menuItems++;
  }
  await write('</channel>\n</rss>\n');
  out.end();
  await once(out, 'finish');
  return counts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    options: { posts: { type: 'string', default: '10000' }, paragraphs: { type: 'string', default: '5' } },
    allowPositionals: true,
  });
  const out = positionals[0];
  if (!out) {
    console.error('usage: tsx bench/wxr-synthetic.ts OUT.xml [--posts 10000] [--paragraphs 5]');
    process.exit(2);
  }
  const counts = await writeSyntheticWxr(out, { posts: Number(values.posts), paragraphs: Number(values.paragraphs) });
  console.log(JSON.stringify(counts));
}
