// Slugs of staff-made content (issue 14). Apart from posts.ts, which travels in every public page's
// JavaScript: only the staff editors use these in the browser.

/**
 * A slug from a title: lower-case ASCII words joined by hyphens (diacritics dropped), at most `max`
 * characters less room for a `-N` suffix (`freeSlug`); empty when no letter or digit is left.
 */
export function slugify(title: string, max = 200): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max - 6)
    .replace(/-+$/g, '');
}

/** The first of `base`, `base-2`, `base-3` … that is not taken. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The site's own first path segments (app/routes.ts): a post or page with one of these slugs would never be
 * reached, so the news editor refuses them and the WordPress import gives such an item another.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'wp-admin',
  'wp-json',
  'wp-content',
  'feed',
  'masuk',
  'keluar',
  'daftar',
  'lupa-kata-sandi',
  'atur-ulang-kata-sandi',
  'berlangganan',
  'simpanan',
  'bandingkan',
  'page',
  'category',
  'tag',
  'galeri',
  'ekskul',
  'jsf',
]);
