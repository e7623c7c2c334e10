import { freeSlug, slugify } from '~/content/slug';
import { own, type WxrChannel, type WxrComment, type WxrItem, type WxrTerm } from './records';

/**
 * The WordPress importer's mapping rules (issue 26): what each exported record becomes on this site, or why it
 * is skipped. Pure: the dry run and the writer both plan every record with these, one at a time, and differ
 * only in what they do with the plan.
 */

/** What an imported record becomes; `term`, `comment` and `menu` count in the report too. */
export type ItemKind = 'news' | 'page' | 'gallery' | 'media' | 'menu-item';

/** WordPress post types and what they become here; any other type is skipped and reported, never guessed. */
export const KIND_OF_POST_TYPE: Readonly<Record<string, ItemKind>> = {
  post: 'news',
  page: 'page',
  galeri: 'gallery',
  attachment: 'media',
  nav_menu_item: 'menu-item',
};

/** This site's post type of each kind of post (app/db/schema.ts POST_TYPES). */
export const SITE_POST_TYPE = { news: 'post', page: 'page', gallery: 'galeri' } as const;
export type PostKind = keyof typeof SITE_POST_TYPE;

/** Why a type WordPress itself makes is not imported (any other type: "not a type of this site"). */
const SKIPPED_TYPES: Readonly<Record<string, string>> = {
  wp_navigation: 'menu blok (wp_navigation): menu diambil dari item menu klasik (nav_menu_item)',
  revision: 'revisi: hanya versi terakhir yang diimpor',
  customize_changeset: 'perubahan tampilan tema',
  custom_css: 'CSS tema',
  wp_template: 'templat tema blok',
  wp_template_part: 'bagian templat tema blok',
  wp_global_styles: 'gaya tema blok',
  wp_block: 'blok pakai-ulang',
  oembed_cache: 'cache oEmbed',
  user_request: 'permintaan data pribadi',
};

/** The taxonomies this site has (content/terms.yaml); the writer may pass the database's own list. */
export const SITE_TAXONOMIES: ReadonlySet<string> = new Set([
  'category',
  'post_tag',
  'kategori-galeri',
  'bidang-ekskul',
  'tingkat',
]);

/** Post types whose pages have a comments area (content/reviews.yaml: `commentsAllowed`). */
export const COMMENT_POST_TYPES: ReadonlySet<string> = new Set(['post', 'ekskul']);

/** An import status in the news editor's words: scheduled is `future` (staff/news/model.ts EditorStatus). */
export type ImportStatus = 'publish' | 'draft' | 'future';

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };
const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const no = <T>(reason: string): Outcome<T> => ({ ok: false, reason });

/** A WordPress status as this site's: private and pending become drafts; trash and auto-drafts are skipped. */
export function statusOf(status: string): Outcome<ImportStatus> {
  switch (status) {
    case 'publish':
    case 'draft':
    case 'future':
      return ok(status);
    case 'private':
    case 'pending':
      return ok('draft');
    case 'trash':
      return no('ada di tempat sampah');
    case 'auto-draft':
      return no('draf otomatis yang tidak pernah disimpan');
    default:
      return no(`status "${status}" tidak dikenal`);
  }
}

/** What a post type becomes, or why it is skipped. */
export function kindOf(postType: string): Outcome<ItemKind> {
  const kind = KIND_OF_POST_TYPE[postType];
  if (kind) return ok(kind);
  return no(SKIPPED_TYPES[postType] ?? `jenis "${postType}" tidak ada di situs ini`);
}

/** An item as staff recognise it in a report line: «Judul» (ID 12, post). */
export function itemLabel(item: Pick<WxrItem, 'title' | 'postId' | 'postType'>): string {
  const id = item.postId === null ? 'tanpa ID' : `ID ${item.postId}`;
  return `${item.title ? `«${item.title}»` : '(tanpa judul)'} (${id}, ${item.postType || 'tanpa jenis'})`;
}

const WP_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/**
 * An exported date as ISO UTC: the `_gmt` one when set; otherwise (a draft never published has
 * `0000-00-00 00:00:00`) the local one read in the school's zone (WIB, UTC+7): the export does not say the
 * old site's zone, and a school site here is almost always in it. Null when neither is a date.
 */
export function wpDateToIso(gmt: string, local: string): string | null {
  const read = (text: string, offset: string) => {
    const m = WP_DATE.exec(text);
    if (!m || m[1] === '0000') return null;
    const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${offset}`);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  };
  return read(gmt, 'Z') ?? read(local, '+07:00');
}

// --- slugs ---------------------------------------------------------------------------------------------------

const SITE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Where a post type's slugs must be unique: its address (content/posts.ts postUrl: /galeri/x/, else /x/). */
export function slugSpace(siteType: string): string {
  return siteType === 'galeri' || siteType === 'ekskul' ? siteType : '/';
}

/** Slugs taken so far, per address space, with the item that took each (for the message). */
export type SlugBook = Map<string, { taken: Set<string>; by: Map<string, string> }>;

/** A book holding the slugs the site already has (the writer passes them; a dry run starts empty). */
export function slugBook(existing: Iterable<{ type: string; slug: string }> = []): SlugBook {
  const book: SlugBook = new Map();
  for (const { type, slug } of existing) takeSlug(book, slugSpace(type), slug, 'isi yang sudah ada di situs');
  return book;
}

function spaceOf(book: SlugBook, space: string) {
  const found = book.get(space);
  if (found) return found;
  const made = { taken: new Set<string>(), by: new Map<string, string>() };
  book.set(space, made);
  return made;
}

function takeSlug(book: SlugBook, space: string, slug: string, label: string): void {
  const s = spaceOf(book, space);
  s.taken.add(slug);
  s.by.set(slug, label);
}

function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/**
 * The slug an item gets here, taken in the book: its own when it is one of this site's (lower-case letters,
 * digits, hyphens) and free; an empty one is made from the title (`slugify`, the editors' own), another form is
 * made into one, and a taken one gets `-2`, `-3` … Each change is a problem naming the item (its old address
 * still answers with a redirect to the new one).
 */
export function claimSlug(
  book: SlugBook,
  space: string,
  item: Pick<WxrItem, 'postName' | 'title' | 'postId' | 'postType'>,
): { slug: string; problem: string | null } {
  const label = itemLabel(item);
  const wanted = decodeSlug(item.postName);
  let base = wanted;
  let problem: string | null = null;
  if (!wanted) {
    base = slugify(item.title) || `pos-${item.postId ?? 'tanpa-id'}`;
    problem = `slug kosong: dibuat dari judul, "${base}"`;
  } else if (!SITE_SLUG.test(wanted)) {
    base = slugify(wanted) || slugify(item.title) || `pos-${item.postId ?? 'tanpa-id'}`;
    problem = `slug "${wanted}" diubah menjadi "${base}"`;
  }
  const { taken, by } = spaceOf(book, space);
  const slug = freeSlug(base, taken);
  if (slug !== base) {
    problem = `${problem ? `${problem}; ` : ''}slug "${base}" sudah dipakai oleh ${by.get(base)}: memakai "${slug}"`;
  }
  takeSlug(book, space, slug, label);
  return { slug, problem };
}

// --- bodies --------------------------------------------------------------------------------------------------

/** A `[gallery]` found in a body: the attachments it shows, or null for "the images attached to the post". */
export interface GalleryRef {
  ids: number[] | null;
}

export interface ConvertedBody {
  /** The body as this site's rich text, galleries as placeholders (`fillGalleries`), not yet sanitized. */
  html: string;
  galleries: GalleryRef[];
  /** Names of other shortcodes, kept as text. */
  shortcodes: string[];
  /** Names of dynamic blocks (`<!-- wp:latest-posts /-->`), which hold no HTML and so vanish. */
  droppedBlocks: string[];
}

const BLOCK_COMMENT = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?)(\s+\{[\s\S]*?\})?\s+(\/)?-->/g;

/** Removes the block editor's comments, leaving their HTML; lists the self-closing (dynamic) blocks. */
export function stripBlockComments(html: string): { html: string; blocks: boolean; dropped: string[] } {
  const dropped: string[] = [];
  let blocks = false;
  const out = html.replace(BLOCK_COMMENT, (_m, _close, name: string, _attrs, selfClosing) => {
    blocks = true;
    if (selfClosing) dropped.push(name);
    return '';
  });
  return { html: blocks ? out.replace(/\n{3,}/g, '\n\n').trim() : html, blocks, dropped };
}

/** Attributes of a shortcode: `id="a" width='3' align=left` → { id: 'a', width: '3', align: 'left' }. */
export function shortcodeAttributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'\]]+))/g)) {
    out[(m[1] as string).toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

const CAPTION = /\[caption\b([^\]]*)\]([\s\S]*?)\[\/caption\]/g;
const CAPTIONED_IMAGE = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i;

/** `[caption …]<img …> Teks[/caption]` → `<figure><img …><figcaption>Teks</figcaption></figure>`. */
export function captionsToFigures(html: string): string {
  return html.replace(CAPTION, (whole, attrs: string, inner: string) => {
    const m = CAPTIONED_IMAGE.exec(inner);
    if (!m) return whole;
    // WordPress before 3.4 kept the caption in an attribute.
    const caption = (m[2] as string).trim() || shortcodeAttributes(attrs).caption || '';
    return `<figure>${m[1]}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
  });
}

const GALLERY = /\[gallery\b([^\]]*)\]/g;
const galleryMark = (index: number) => `<!--wxr-gallery:${index}-->`;

/** `[gallery ids="1,2,3"]` → a placeholder, and the attachments it names (older exports say `include`). */
export function galleriesToPlaceholders(html: string): { html: string; galleries: GalleryRef[] } {
  const galleries: GalleryRef[] = [];
  const out = html.replace(GALLERY, (_m, attrs: string) => {
    const a = shortcodeAttributes(attrs);
    const list = a.ids ?? a.include;
    const ids = list === undefined ? null : list.split(',').map((s) => Number.parseInt(s.trim(), 10));
    galleries.push({ ids: ids?.filter((n) => Number.isSafeInteger(n) && n > 0) ?? null });
    return galleryMark(galleries.length - 1);
  });
  return { html: out, galleries };
}

/** Puts the writer's galleries (made from the imported images) where the placeholders are. */
export function fillGalleries(html: string, render: (gallery: number) => string): string {
  return html.replace(/<!--wxr-gallery:(\d+)-->/g, (_m, n: string) => render(Number(n)));
}

/** Names of the shortcodes left in a body (`[contact-form-7 id="3"]`, `[embed]…[/embed]`), each once. */
export function shortcodesIn(html: string): string[] {
  const names = new Set<string>();
  // `[[name]]` is WordPress's escaped, literal text; `[1]`-style notes do not start with a letter.
  for (const m of html.matchAll(/(?<!\[)\[([a-zA-Z][\w-]*)(?=[\s\]/])[^\]\n]*\](?!\])/g))
    names.add(own(m[1] as string));
  return [...names];
}

const BLOCK_TAG =
  /^<\/?(?:p|div|h[1-6]|ul|ol|li|dl|dt|dd|table|thead|tbody|tr|td|th|blockquote|figure|figcaption|pre|hr|section|article|aside|header|footer|nav|form|address|iframe|video|audio|!--)\b/i;

/**
 * WordPress's `wpautop` for classic bodies, in short: blank lines separate paragraphs, single line breaks
 * become `<br>`; blocks that are already HTML stay. A body with `<pre>` is left alone (its blank lines are text).
 */
export function autop(html: string): string {
  const text = html.replace(/\r\n?/g, '\n').trim();
  if (!text || /<pre\b/i.test(text)) return text;
  return text
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => (BLOCK_TAG.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`))
    .join('\n');
}

/** A post body as this site's rich text: block comments gone, classic line breaks made paragraphs, shortcodes read. */
export function convertBody(html: string): ConvertedBody {
  const stripped = stripBlockComments(html);
  const figures = captionsToFigures(stripped.html);
  const { html: marked, galleries } = galleriesToPlaceholders(figures);
  // Block bodies are already HTML; classic ones rely on wpautop when WordPress shows them.
  const body = stripped.blocks ? marked : autop(marked);
  return { html: body, galleries, shortcodes: shortcodesIn(body), droppedBlocks: stripped.dropped };
}

// --- links to the old site -----------------------------------------------------------------------------------

/** The old site's origins (its link and base URLs, each on http and https), for links written in full. */
export function oldOrigins(channel: Pick<WxrChannel, 'link' | 'baseSiteUrl' | 'baseBlogUrl'>): string[] {
  const out = new Set<string>();
  for (const url of [channel.link, channel.baseSiteUrl, channel.baseBlogUrl]) {
    try {
      const { host, protocol } = new URL(url);
      if (protocol !== 'http:' && protocol !== 'https:') continue;
      out.add(`http://${host}`);
      out.add(`https://${host}`);
    } catch {
      // not a URL: no origin from it
    }
  }
  return [...out];
}

const URL_ATTRIBUTE = /\b(href|src|srcset|poster)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/** Whether a URL as written in a body points at the old site: its origin, protocol-relative, or root-relative. */
export function isOldSiteUrl(url: string, origins: readonly string[]): boolean {
  const u = url.trim();
  if (u.startsWith('//')) return origins.some((o) => `${u}/`.startsWith(`${o.replace(/^https?:/, '')}/`));
  if (u.startsWith('/')) return true;
  return origins.some((o) => u === o || u.startsWith(`${o}/`) || u.startsWith(`${o}?`) || u.startsWith(`${o}#`));
}

function urlsOfAttribute(name: string, value: string): string[] {
  if (name.toLowerCase() !== 'srcset') return [value];
  return value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

/** The URLs a body's links and images take from the old site, as written (`&amp;` and all), each once. */
export function oldSiteUrlsIn(html: string, origins: readonly string[]): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(URL_ATTRIBUTE)) {
    for (const url of urlsOfAttribute(m[1] as string, m[2] ?? m[3] ?? '')) {
      // Kept until the whole export is read: a copy, not a slice holding the body.
      if (isOldSiteUrl(url, origins)) out.add(own(url));
    }
  }
  return [...out];
}

/** Rewrites the links and image URLs of a body found in `map` (old URL as written → new URL); others stay. */
export function rewriteUrls(html: string, map: ReadonlyMap<string, string>): string {
  if (map.size === 0) return html;
  return html.replace(URL_ATTRIBUTE, (whole, name: string, dq?: string, sq?: string) => {
    const value = dq ?? sq ?? '';
    const next =
      name.toLowerCase() === 'srcset'
        ? value.replace(/(^|,)(\s*)(\S+)/g, (_m, comma: string, space: string, url: string) => {
            return `${comma}${space}${map.get(url) ?? url}`;
          })
        : (map.get(value.trim()) ?? value);
    if (next === value) return whole;
    const quote = dq === undefined ? "'" : '"';
    return `${name}=${quote}${next}${quote}`;
  });
}

/** What an old-site URL points at, for the writer to find the imported thing (or the redirect to make). */
export type OldTarget =
  | { kind: 'upload'; file: string }
  | { kind: 'post'; id: number }
  | { kind: 'term'; taxonomy: string; id: number }
  | { kind: 'term-slug'; taxonomy: string; slug: string }
  | { kind: 'path'; path: string };

/**
 * Reads an old-site URL: an upload (`/wp-content/uploads/2024/05/a-300x200.jpg` → the original `2024/05/a.jpg`),
 * `?p=`, `?page_id=`, `?attachment_id=`, `?cat=`, `?tag=`, `/category/x/`, `/tag/x/`; anything else is a path
 * the writer matches against the imported items' old permalinks.
 */
export function oldUrlTarget(url: string): OldTarget {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/&amp;/g, '&').replace(/^\/\//, 'http://'), 'http://old.invalid');
  } catch {
    return { kind: 'path', path: url };
  }
  const path = parsed.pathname;
  const upload = /\/wp-content\/uploads\/(.+)$/.exec(path);
  if (upload) return { kind: 'upload', file: decodeSlug(upload[1] as string).replace(/-\d+x\d+(\.\w+)$/, '$1') };
  const q = parsed.searchParams;
  for (const key of ['p', 'page_id', 'attachment_id']) {
    const id = Number(q.get(key));
    if (Number.isSafeInteger(id) && id > 0) return { kind: 'post', id };
  }
  const cat = Number(q.get('cat'));
  if (Number.isSafeInteger(cat) && cat > 0) return { kind: 'term', taxonomy: 'category', id: cat };
  const tag = q.get('tag');
  if (tag) return { kind: 'term-slug', taxonomy: 'post_tag', slug: tag };
  const archive = /^\/(category|tag)\/(?:[^/]+\/)*([^/]+)\/?$/.exec(path);
  if (archive) {
    const taxonomy = archive[1] === 'tag' ? 'post_tag' : 'category';
    return { kind: 'term-slug', taxonomy, slug: decodeSlug(archive[2] as string) };
  }
  return { kind: 'path', path: path.endsWith('/') ? path : `${path}/` };
}

/** What an export holds that old URLs may point at, gathered while it is read (small: ids, paths, file names). */
export interface OldSiteIndex {
  posts: Set<number>;
  /** Paths of the imported items' old permalinks (`/profil/`, `/2024/05/rapat/`). */
  paths: Set<string>;
  /** Upload files of the imported images (`2026/11/a.jpg`). */
  uploads: Set<string>;
  terms: Set<number>;
  /** `taxonomy:slug` of the imported terms. */
  termSlugs: Set<string>;
}

export function oldSiteIndex(): OldSiteIndex {
  return { posts: new Set(), paths: new Set(), uploads: new Set(), terms: new Set(), termSlugs: new Set() };
}

/** Addresses that are this site's own whatever was imported: the home page and the gallery's list. */
export const SITE_PATHS: ReadonlySet<string> = new Set(['/', '/galeri/']);

/** Whether an old-site URL points at something the export brings (so the writer can give it a new address). */
export function resolvesInExport(target: OldTarget, index: OldSiteIndex): boolean {
  switch (target.kind) {
    case 'upload':
      return index.uploads.has(target.file);
    case 'post':
      return index.posts.has(target.id);
    case 'term':
      return index.terms.has(target.id);
    case 'term-slug':
      return index.termSlugs.has(`${target.taxonomy}:${target.slug}`);
    case 'path':
      return SITE_PATHS.has(target.path) || index.paths.has(target.path);
  }
}

/** The path of an old permalink (`http://old/2024/05/x/` → `/2024/05/x/`), the key `oldUrlTarget` paths match. */
export function oldPath(link: string): string | null {
  try {
    const { pathname } = new URL(link);
    return pathname.endsWith('/') ? pathname : `${pathname}/`;
  } catch {
    return null;
  }
}

// --- media ---------------------------------------------------------------------------------------------------

const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|tiff?)$/i;

/** An attachment's file below the uploads folder, or null when it would leave it (`../`, an absolute path). */
export function safeUploadFile(file: string): string | null {
  const parts = file.replace(/\\/g, '/').split('/');
  if (!file || file.startsWith('/') || /^[a-z]:/i.test(file)) return null;
  if (parts.some((p) => p === '..' || p === '.' || p === '')) return null;
  return parts.join('/');
}

/** Whether a host is the machine itself or a private network (a `--fetch-media` URL there is refused). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host === '') return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (host.includes(':')) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return isPrivateHost(mapped[1] as string);
    return host === '::' || host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  }
  return false;
}

// --- plans ---------------------------------------------------------------------------------------------------

/** What the planner remembers between records: small (slugs and term keys), whatever the file's size. */
export interface PlanContext {
  origins: string[];
  slugs: SlugBook;
  /** `taxonomy:slug` of the terms planned so far (WordPress writes a category as wp:category and wp:term). */
  terms: Set<string>;
  taxonomies: ReadonlySet<string>;
  commentTypes: ReadonlySet<string>;
}

export function planContext(init: Partial<PlanContext> = {}): PlanContext {
  return {
    origins: [],
    slugs: slugBook(),
    terms: new Set(),
    taxonomies: SITE_TAXONOMIES,
    commentTypes: COMMENT_POST_TYPES,
    ...init,
  };
}

export interface TermPlan {
  wpId: number | null;
  taxonomy: string;
  slug: string;
  name: string;
  parentSlug: string | null;
  description: string;
}

export type TermOutcome =
  | { action: 'import'; as: 'term'; term: TermPlan }
  | { action: 'import'; as: 'menu'; menu: { slug: string; name: string } }
  | { action: 'duplicate' }
  | { action: 'skip'; what: string; reason: string };

/** A term as this site's: slugs kept (archive addresses stay), a menu's term becomes a menu. */
export function planTerm(ctx: PlanContext, t: WxrTerm): TermOutcome {
  const what = `istilah ${t.name ? `«${t.name}»` : '(tanpa nama)'} (${t.taxonomy || 'tanpa taksonomi'}, ${t.slug || 'tanpa slug'})`;
  const slug = decodeSlug(t.slug) || slugify(t.name);
  if (!slug) return { action: 'skip', what, reason: 'tanpa slug dan tanpa nama' };
  const key = `${t.taxonomy}:${slug}`;
  if (ctx.terms.has(key)) return { action: 'duplicate' };
  if (t.taxonomy === 'nav_menu') {
    ctx.terms.add(key);
    return { action: 'import', as: 'menu', menu: { slug, name: t.name || slug } };
  }
  if (!ctx.taxonomies.has(t.taxonomy)) {
    return { action: 'skip', what, reason: `taksonomi "${t.taxonomy}" tidak ada di situs ini` };
  }
  ctx.terms.add(key);
  return {
    action: 'import',
    as: 'term',
    term: {
      wpId: t.id,
      taxonomy: t.taxonomy,
      slug,
      name: t.name || slug,
      parentSlug: t.parentSlug ? decodeSlug(t.parentSlug) : null,
      description: t.description,
    },
  };
}

export interface CommentPlan {
  wpId: number | null;
  parentWpId: number | null;
  author: string;
  authorEmail: string;
  authorUrl: string;
  content: string;
  date: string | null;
  userId: number | null;
}

/** A post's fields as this site stores them, with what the writer must resolve (ids of the old site). */
export interface PostPlan {
  wpId: number;
  guid: string;
  oldLink: string;
  type: (typeof SITE_POST_TYPE)[PostKind];
  status: ImportStatus;
  slug: string;
  /** The old slug when it changed: its address answers with a redirect. */
  oldSlug: string | null;
  title: string;
  excerpt: string;
  body: ConvertedBody;
  /** Links and images of the body on the old site, as written; `oldUrlTarget` reads each. */
  oldUrls: string[];
  publishedAt: string;
  modifiedAt: string;
  authorLogin: string;
  sticky: boolean;
  featuredWpId: number | null;
  parentWpId: number | null;
  menuOrder: number;
  terms: Array<{ taxonomy: string; slug: string }>;
  /** Custom fields and the SEO fields (named as Yoast names them, as the editor stores them). */
  meta: Array<{ key: string; value: string }>;
  comments: CommentPlan[];
}

export interface MediaPlan {
  wpId: number;
  guid: string;
  oldLink: string;
  /** Below the old uploads folder: `2026/11/upacara.jpg`. */
  file: string;
  url: string;
  title: string;
  alt: string;
  caption: string;
  parentWpId: number | null;
  publishedAt: string;
}

export type MenuTarget =
  | { kind: 'custom'; url: string }
  | { kind: 'post'; objectType: string; wpId: number }
  | { kind: 'term'; taxonomy: string; wpId: number };

export interface MenuItemPlan {
  wpId: number;
  menuSlug: string;
  title: string;
  parentWpId: number | null;
  order: number;
  target: MenuTarget;
  newTab: boolean;
  classes: string;
}

export type ItemPlan =
  | { action: 'skip'; what: string; reason: string }
  | {
      action: 'import';
      what: string;
      kind: PostKind;
      post: PostPlan;
      problems: string[];
      skippedComments: Array<{ what: string; reason: string }>;
    }
  | { action: 'import'; what: string; kind: 'media'; media: MediaPlan; problems: string[] }
  | { action: 'import'; what: string; kind: 'menu-item'; menuItem: MenuItemPlan; problems: string[] };

const metaOf = (item: WxrItem, key: string) => item.meta.find((m) => m.key === key)?.value;
const positiveId = (value: string | number | undefined | null) => {
  const n = typeof value === 'number' ? value : Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Meta that comes along: custom fields (no leading `_`) and the SEO fields the editor keeps. */
const KEPT_META = new Set(['_yoast_wpseo_title', '_yoast_wpseo_metadesc']);

/** Plans one item: what it becomes here, or why it is skipped. Takes its slug in `ctx` (call once per item). */
export function planItem(ctx: PlanContext, item: WxrItem): ItemPlan {
  const what = itemLabel(item);
  const kind = kindOf(item.postType);
  if (!kind.ok) return { action: 'skip', what, reason: kind.reason };
  if (item.postId === null || item.postId <= 0) return { action: 'skip', what, reason: 'tanpa wp:post_id' };
  const wpId = item.postId;
  const publishedAt = wpDateToIso(item.postDateGmt, item.postDate);
  if (kind.value === 'media') return planMedia(item, wpId, what, publishedAt);
  const status = statusOf(item.status);
  if (!status.ok) return { action: 'skip', what, reason: status.reason };
  if (kind.value === 'menu-item') return planMenuItem(item, wpId, what);
  const postKind = kind.value as PostKind;
  const type = SITE_POST_TYPE[postKind];
  const problems: string[] = [];
  const { slug, problem } = claimSlug(ctx.slugs, slugSpace(type), item);
  if (problem) problems.push(problem);
  if (!item.title.trim()) problems.push('judul kosong');
  if (!publishedAt) problems.push('tanggal tidak terbaca: memakai waktu impor');
  if (item.postPassword) problems.push('dilindungi kata sandi di situs lama: di sini tidak');
  const body = convertBody(item.content);
  const terms: PostPlan['terms'] = [];
  for (const t of item.terms) {
    if (ctx.taxonomies.has(t.domain)) terms.push({ taxonomy: t.domain, slug: decodeSlug(t.nicename) });
    else if (t.domain !== 'post_format')
      problems.push(`istilah "${t.name}" dari taksonomi "${t.domain}" tidak diimpor`);
  }
  const comments: CommentPlan[] = [];
  const skippedComments: Array<{ what: string; reason: string }> = [];
  for (const c of item.comments) {
    const reason = commentSkipReason(c, ctx.commentTypes.has(type));
    if (reason) skippedComments.push({ what: `komentar ${c.id ?? '(tanpa ID)'} pada ${what}`, reason });
    else comments.push(planComment(c));
  }
  return {
    action: 'import',
    what,
    kind: postKind,
    problems,
    skippedComments,
    post: {
      wpId,
      guid: item.guid,
      oldLink: item.link,
      type,
      status: status.value,
      slug,
      oldSlug: item.postName && decodeSlug(item.postName) !== slug ? decodeSlug(item.postName) : null,
      title: item.title,
      excerpt: item.excerpt.trim(),
      body,
      oldUrls: oldSiteUrlsIn(body.html, ctx.origins),
      publishedAt: publishedAt ?? '',
      modifiedAt: wpDateToIso(item.postModifiedGmt, item.postModified) ?? publishedAt ?? '',
      authorLogin: item.creator,
      sticky: item.isSticky,
      featuredWpId: positiveId(metaOf(item, '_thumbnail_id')),
      parentWpId: positiveId(item.postParent),
      menuOrder: item.menuOrder,
      terms,
      meta: item.meta.filter((m) => !m.key.startsWith('_') || KEPT_META.has(m.key)),
      comments,
    },
  };
}

/** Why a comment does not come in, or null: only approved comments, and only where a post has a comments area. */
export function commentSkipReason(c: WxrComment, typeHasComments: boolean): string | null {
  if (c.type === 'pingback' || c.type === 'trackback') return `${c.type} tidak diimpor`;
  if (c.approved !== '1') {
    return c.approved === 'spam' ? 'spam' : c.approved === 'trash' ? 'di tempat sampah' : 'belum disetujui';
  }
  if (!typeHasComments) return 'jenis isi ini tidak punya kolom komentar di situs ini';
  return null;
}

function planComment(c: WxrComment): CommentPlan {
  return {
    wpId: c.id,
    parentWpId: positiveId(c.parent),
    author: c.author,
    authorEmail: c.authorEmail,
    authorUrl: c.authorUrl,
    content: c.content,
    date: wpDateToIso(c.dateGmt, c.date),
    userId: positiveId(c.userId),
  };
}

function planMedia(item: WxrItem, wpId: number, what: string, publishedAt: string | null): ItemPlan {
  const attached = metaOf(item, '_wp_attached_file') ?? '';
  const fromUrl = /\/wp-content\/uploads\/(.+)$/.exec(item.attachmentUrl)?.[1] ?? '';
  const file = safeUploadFile(attached || fromUrl);
  if (!file) {
    const reason = attached ? `berkas "${attached}" keluar dari folder uploads` : 'tanpa berkas (_wp_attached_file)';
    return { action: 'skip', what, reason };
  }
  if (!IMAGE_FILE.test(file)) return { action: 'skip', what, reason: `bukan gambar: ${file}` };
  return {
    action: 'import',
    what,
    kind: 'media',
    problems: [],
    media: {
      wpId,
      guid: item.guid,
      oldLink: item.link,
      file,
      url: item.attachmentUrl,
      title: item.title,
      alt: metaOf(item, '_wp_attachment_image_alt') ?? '',
      caption: item.excerpt.trim(),
      parentWpId: positiveId(item.postParent),
      publishedAt: publishedAt ?? '',
    },
  };
}

function planMenuItem(item: WxrItem, wpId: number, what: string): ItemPlan {
  const menu = item.terms.find((t) => t.domain === 'nav_menu');
  if (!menu) return { action: 'skip', what, reason: 'item menu tanpa menu' };
  const type = metaOf(item, '_menu_item_type') ?? 'custom';
  const object = metaOf(item, '_menu_item_object') ?? '';
  const objectId = positiveId(metaOf(item, '_menu_item_object_id'));
  let target: MenuTarget;
  if (type === 'post_type' && objectId) target = { kind: 'post', objectType: object, wpId: objectId };
  else if (type === 'taxonomy' && objectId) target = { kind: 'term', taxonomy: object, wpId: objectId };
  else if (type === 'custom') target = { kind: 'custom', url: metaOf(item, '_menu_item_url') ?? '' };
  else return { action: 'skip', what, reason: `tujuan item menu tidak terbaca (${type} ${object})` };
  const classes = (metaOf(item, '_menu_item_classes') ?? '').match(/s:\d+:"([^"]+)"/g) ?? [];
  return {
    action: 'import',
    what,
    kind: 'menu-item',
    problems: [],
    menuItem: {
      wpId,
      menuSlug: decodeSlug(menu.nicename),
      title: item.title,
      parentWpId: positiveId(metaOf(item, '_menu_item_menu_item_parent')),
      order: item.menuOrder,
      target,
      newTab: metaOf(item, '_menu_item_target') === '_blank',
      classes: classes.map((c) => c.replace(/^s:\d+:"|"$/g, '')).join(' '),
    },
  };
}

// --- the sanitiser ---------------------------------------------------------------------------------------------

function tagCounts(html: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)\b/g)) {
    const tag = (m[1] as string).toLowerCase();
    counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return counts;
}

/** The elements the sanitiser took out of a body (before → after), for the report: `["iframe", "script"]`. */
export function lostTags(before: string, after: string): string[] {
  const kept = tagCounts(after);
  return [...tagCounts(before)]
    .filter(([tag, n]) => (kept.get(tag) ?? 0) < n)
    .map(([tag]) => tag)
    .sort();
}
