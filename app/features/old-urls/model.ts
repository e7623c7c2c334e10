import { recordId } from '~/lib/record-id';

/**
 * Old addresses of a WordPress site moved in (issue 26): what the site looks up for an address it has nothing
 * at, so that `?p=ID`, `?page_id=ID`, date permalinks and old slugs answer 301 to the imported item's address.
 * Pure: the lookups an address asks for, in the order they are tried; `old-urls.server.ts` runs them.
 */

/** What an old address may name, tried in order until one finds a published item. */
export type OldLookup =
  /** the old site's id of a post, page, gallery item or attachment (`import_item.wp_id` of these kinds) */
  | { by: 'wp-id'; kinds: readonly OldKind[]; id: number }
  /** the old site's id of a category (`?cat=`) */
  | { by: 'term-id'; id: number }
  /** a term by its slug, which the import keeps (`?tag=`, `/category/parent/child/`) */
  | { by: 'term-slug'; taxonomy: ArchiveTaxonomy; slug: string }
  /** the item's old permalink exactly as recorded (`import_item.old_path`) */
  | { by: 'old-path'; path: string }
  /** the permalink's last part (decoded, lowercased): the item's slug here, or its earlier slug */
  | { by: 'slug'; slug: string };

/** Kinds of `import_item` rows that have a page of their own (a post of any type, an image). */
export type OldKind = 'post' | 'media';

/** The taxonomies with an archive address here (routes.ts: `/category/…`, `/tag/…`). */
export type ArchiveTaxonomy = 'category' | 'post_tag';

/** WordPress's query forms: the post ids (and what each may name, first tried first) and the term forms. */
const ID_QUERIES: ReadonlyArray<[string, readonly OldKind[]]> = [
  ['p', ['post', 'media']],
  ['page_id', ['post']],
  ['attachment_id', ['media', 'post']],
];
const TERM_QUERIES = ['cat', 'tag', 'category_name'] as const;

/** The longest slug looked up (post.slug is varchar(200)); a longer last part is not a slug of this site. */
const SLUG_MAX = 200;
/** The longest path compared with `import_item.old_path` (varchar(500)). */
const PATH_MAX = 500;

/**
 * Whether an address is the home page with one of WordPress's query forms (`/?p=12`, `/?page_id=7`, `/?cat=3`):
 * the home page would answer it with itself, so it is looked up before the page is made. Cheap: read on every
 * request to `/`.
 */
export function isWordPressQueryOnHome(pathname: string, search: string): boolean {
  if (pathname !== '/' || search.length < 3) return false;
  const q = new URLSearchParams(search);
  return ID_QUERIES.some(([key]) => q.has(key)) || TERM_QUERIES.some((key) => q.has(key));
}

/** A slug as a request names it: decoded and lowercased; null when it cannot be one (digits only, too long). */
function slugOf(part: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(part);
  } catch {
    return null;
  }
  const slug = decoded.toLowerCase();
  if (slug.length === 0 || slug.length > SLUG_MAX || /^\d+$/.test(slug)) return null;
  // Letters of any script, digits, '-' and '_' (WordPress keeps non-ASCII slugs); anything else is no slug.
  return /^[\p{L}\p{N}_-]+$/u.test(slug) ? slug : null;
}

/**
 * The lookups an address asks for, in order: WordPress's query forms (`?p=`, `?page_id=`, `?attachment_id=`,
 * `?cat=`, `?tag=`, `?category_name=`), a category or tag archive below a parent (`/category/a/b/`), the exact
 * old permalink, then its last part as a slug. An id that cannot name a row (0, a sign, past PostgreSQL's
 * integer) asks for nothing.
 */
export function oldAddressLookups(pathname: string, search: string): OldLookup[] {
  const out: OldLookup[] = [];
  const q = new URLSearchParams(search);
  for (const [key, kinds] of ID_QUERIES) {
    const id = recordId(q.get(key));
    if (id !== null) out.push({ by: 'wp-id', kinds, id });
  }
  const cat = recordId(q.get('cat'));
  if (cat !== null) out.push({ by: 'term-id', id: cat });
  for (const [key, taxonomy] of [
    ['tag', 'post_tag'],
    ['category_name', 'category'],
  ] as const) {
    const value = q.get(key);
    // `?category_name=parent/child` names the child.
    const slug = value ? slugOf(value.split('/').filter(Boolean).pop() ?? '') : null;
    if (slug) out.push({ by: 'term-slug', taxonomy, slug });
  }
  if (pathname.length > PATH_MAX) return out;
  const parts = pathname.split('/').filter(Boolean);
  const archive = parts[0] === 'category' ? 'category' : parts[0] === 'tag' ? 'post_tag' : null;
  if (archive && parts.length >= 2) {
    const slug = slugOf(parts[parts.length - 1] as string);
    if (slug) out.push({ by: 'term-slug', taxonomy: archive, slug });
    return out;
  }
  if (parts.length === 0) return out;
  out.push({ by: 'old-path', path: pathname.endsWith('/') ? pathname : `${pathname}/` });
  const slug = slugOf(parts[parts.length - 1] as string);
  if (slug) out.push({ by: 'slug', slug });
  return out;
}

/** A term archive's address here, or null for a taxonomy without one. */
export function termArchiveUrl(taxonomy: string, slug: string): string | null {
  if (taxonomy === 'category') return `/category/${slug}/`;
  if (taxonomy === 'post_tag') return `/tag/${slug}/`;
  return null;
}

/** Whether two paths are the same address (a trailing slash aside): a redirect there would loop. */
export function samePath(a: string, b: string): boolean {
  const norm = (p: string) => (p.endsWith('/') ? p : `${p}/`).toLowerCase();
  return norm(a) === norm(b);
}
