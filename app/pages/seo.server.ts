import { getSiteOptions } from '~/content/options.server';
import { postUrl } from '~/content/posts';
import { SEO_META, xmlEscape } from '~/content/seo';
import type { Db } from '~/db';

/** A post's own SEO title and description (post meta the news editor writes); missing ones are null. */
export async function readSeoMeta(
  db: Db,
  postId: number,
): Promise<{ title: string | null; description: string | null }> {
  const rows = await db
    .selectFrom('post_meta')
    .select(['meta_key', 'value_text'])
    .where('post_id', '=', postId)
    .where('meta_key', 'in', [SEO_META.title, SEO_META.description])
    .execute();
  const value = (key: string) => rows.find((r) => r.meta_key === key)?.value_text ?? null;
  return { title: value(SEO_META.title), description: value(SEO_META.description) };
}

const SITEMAP_LIMIT = 5000;

/** sitemap.xml: pages, the newest posts and gallery items, and the category archives. */
export async function sitemapXml(db: Db, origin: string): Promise<string> {
  const [posts, terms, settings] = await Promise.all([
    db
      .selectFrom('post')
      .select(['id', 'type', 'slug', 'modified_at'])
      .where('status', '=', 'publish')
      .where('type', 'in', ['page', 'e-landing-page', 'post', 'galeri', 'ekskul'])
      .orderBy('published_at', 'desc')
      .limit(SITEMAP_LIMIT)
      .execute(),
    db.selectFrom('term').select(['slug']).where('taxonomy', '=', 'category').orderBy('slug').execute(),
    getSiteOptions(db),
  ]);
  const urls = [
    { loc: `${origin}/`, lastmod: undefined as string | undefined },
    ...posts
      .filter((p) => p.id !== settings.pageOnFront)
      .map((p) => ({ loc: origin + postUrl(p.type, p.slug), lastmod: p.modified_at })),
    ...terms.map((t) => ({ loc: `${origin}/category/${t.slug}/`, lastmod: undefined })),
  ];
  const body = urls
    .map(
      (u) =>
        `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** RSS 2.0 feed of the latest news at /feed/. */
export async function rssFeed(db: Db, origin: string): Promise<string> {
  const settings = await getSiteOptions(db);
  const posts = await db
    .selectFrom('post')
    .select(['type', 'slug', 'title', 'excerpt', 'published_at'])
    .where('status', '=', 'publish')
    .where('type', '=', 'post')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(settings.postsPerPage)
    .execute();
  const items = posts
    .map((p) => {
      const link = origin + postUrl(p.type, p.slug);
      return `<item><title>${xmlEscape(p.title)}</title><link>${xmlEscape(link)}</link><guid isPermaLink="true">${xmlEscape(link)}</guid><pubDate>${new Date(p.published_at).toUTCString()}</pubDate><description>${xmlEscape(p.excerpt)}</description></item>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${xmlEscape(settings.site.title)}</title>
<link>${xmlEscape(`${origin}/`)}</link>
<atom:link href="${xmlEscape(`${origin}/feed/`)}" rel="self" type="application/rss+xml" />
<description>${xmlEscape(settings.site.description || settings.site.tagline)}</description>
<language>${xmlEscape(settings.site.language)}</language>
${items}
</channel>
</rss>
`;
}

/** robots.txt: everything public, the wire endpoints excluded, the sitemap named. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /wp-admin/\nDisallow: /wp-json/\nDisallow: /?s=\nAllow: /wp-admin/admin-ajax.php\n\nSitemap: ${origin}/sitemap.xml\n`;
}
