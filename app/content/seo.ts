/** What a page says about itself to search engines and link previews. */
export interface Seo {
  title: string;
  description: string;
  /** Absolute canonical address. */
  canonical: string;
  type: 'website' | 'article';
  image?: string;
  publishedAt?: string;
  /** Pages that should not be indexed (search results, 404). */
  noindex?: boolean;
}

type MetaDescriptor = Record<string, string>;

/** `<title>`, description, canonical link and Open Graph tags (issue 2 §4). */
export function seoMeta(seo: Seo, siteName: string): MetaDescriptor[] {
  const title = seo.title === siteName ? siteName : `${seo.title} – ${siteName}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    { property: 'og:site_name', content: siteName },
    { property: 'og:locale', content: 'id_ID' },
    { property: 'og:type', content: seo.type },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
  ];
  if (seo.image) tags.push({ property: 'og:image', content: seo.image });
  if (seo.publishedAt) tags.push({ property: 'article:published_time', content: seo.publishedAt });
  if (seo.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  return tags;
}

/** XML text escaping for the sitemap and the feed. */
export function xmlEscape(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );
}

/**
 * A route's `meta` function: the page's own Seo with the site name from the root loader (one rule
 * for every public route).
 */
export function routeMeta({
  data,
  matches,
}: {
  data?: { seo: Seo } | undefined;
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}): MetaDescriptor[] {
  if (!data) return [];
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { site?: { title?: string } } | undefined;
  return seoMeta(data.seo, root?.site?.title ?? '');
}
