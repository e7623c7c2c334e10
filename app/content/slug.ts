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
