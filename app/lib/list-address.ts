import { readPageParam } from './paging';

/**
 * The address of a list screen's page (the staff lists: news, agenda, albums, pages, reviews,
 * subscribers, users): its filters and its page number as the query (`?q=…&status=…&halaman=2`). One
 * rule for every list: an empty filter and page 1 are left out, so a list has one address per state.
 */

/** The page number of `?halaman=` (1 when missing or not a page number). */
export function listPage(params: URLSearchParams): number {
  const read = readPageParam(params.get('halaman') ?? '');
  return read.kind === 'page' ? read.page : 1;
}

/** The query of a list's state, '' for the first page without filters; empty or null filters are left out. */
export function listSearch(filters: Record<string, string | number | null>, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, String(value));
  if (page > 1) params.set('halaman', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
