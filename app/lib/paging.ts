/** Result of reading a `/page/{n}/` segment. */
export type PageParam = { kind: 'page'; page: number } | { kind: 'first' } | { kind: 'invalid' };

/**
 * Reads the page number of a `/page/{n}/` path segment (absent = 1). `1` is reported as
 * `first` so that the route redirects to the base path; junk, zero and negatives are invalid (404).
 */
export function readPageParam(raw: string | undefined): PageParam {
  if (raw === undefined) return { kind: 'page', page: 1 };
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) return { kind: 'invalid' };
  const page = Number(raw);
  return page === 1 ? { kind: 'first' } : { kind: 'page', page };
}

/** `/berita/` + 3 → `/berita/page/3/`; page 1 is the base path itself. */
export function pagePath(basePath: string, page: number): string {
  const base = stripPagePath(basePath);
  return page <= 1 ? base : `${base}page/${page}/`;
}

/** `/berita/page/3/` → `/berita/`; `/page/2/` → `/`. */
export function stripPagePath(path: string): string {
  const p = path.replace(/page\/[^/]*\/?$/, '');
  return p.endsWith('/') ? p : `${p}/`;
}

/** Number of pages for `total` items (at least 1, so an empty list has its first page). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
