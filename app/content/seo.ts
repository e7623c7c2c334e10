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
  /** The whole `<title>` as staff wrote it (a post's SEO title); without it the site name is appended. */
  fullTitle?: string;
}

/**
 * Post meta keys of a post's own SEO title and description, written by the news editor (issue 14) and
 * named as WordPress's Yoast SEO names them, so that an import keeps them.
 */
export const SEO_META = {
  title: '_yoast_wpseo_title',
  description: '_yoast_wpseo_metadesc',
} as const;

/** Yoast's title variables an imported title may hold; any other `%%name%%` is dropped. */
function fillVariables(text: string, vars: { title: string; siteName: string }): string {
  return text
    .replace(/%%(\w+)%%/g, (_, name: string) =>
      name === 'title' ? vars.title : name === 'sitename' ? vars.siteName : name === 'sep' ? '–' : '',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A post's page with its own SEO title and description (when staff set them): the title is the whole
 * `<title>` and the preview's title, the description replaces the one taken from the excerpt. Blank
 * values leave the page as it was. Values are text: React escapes them in the head.
 */
export function withSeoMeta(
  seo: Seo,
  meta: { title?: string | null; description?: string | null },
  siteName: string,
): Seo {
  const title = fillVariables(meta.title ?? '', { title: seo.title, siteName });
  const description = fillVariables(meta.description ?? '', { title: seo.title, siteName });
  return {
    ...seo,
    ...(title ? { title, fullTitle: title } : {}),
    ...(description ? { description } : {}),
  };
}

type MetaDescriptor = Record<string, string>;

/** `<title>`, description, canonical link and Open Graph tags (issue 2 §4). */
export function seoMeta(seo: Seo, siteName: string): MetaDescriptor[] {
  const title = seo.fullTitle ?? (seo.title === siteName ? siteName : `${seo.title} – ${siteName}`);
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
