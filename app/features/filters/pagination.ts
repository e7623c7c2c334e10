/**
 * The filter pagination widget's items (spec 001 §3 "Pagination", §5, §9): page links with the
 * current one marked, and dots where pages are left out.
 */
export type PaginationItem = { kind: 'page'; page: number; current: boolean } | { kind: 'dots' };

export interface PaginationInput {
  page: number;
  pages: number;
  /** Pages shown either side of the current one; 0 together with endSize 0 shows every page. */
  midSize: number;
  /** Pages shown at each end. */
  endSize: number;
}

function whole(n: number, fallback: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : fallback;
}

/** The page links and dots; [] with fewer than 2 pages (spec 001 §5). */
export function paginationItems({ page, pages, midSize, endSize }: PaginationInput): PaginationItem[] {
  const total = whole(pages, 0);
  if (total < 2) return [];
  const current = Math.min(total, Math.max(1, whole(page, 1)));
  const mid = whole(midSize, 0);
  const end = whole(endSize, 0);
  const showAll = mid === 0 && end === 0;
  const shown = (n: number) => showAll || n <= end || n > total - end || (n >= current - mid && n <= current + mid);

  const items: PaginationItem[] = [];
  for (let n = 1; n <= total; n++) {
    if (shown(n)) {
      items.push({ kind: 'page', page: n, current: n === current });
      continue;
    }
    // A gap of a single page shows that page: dots would take the same room and hide it.
    if ((n === 1 || shown(n - 1)) && (n === total || shown(n + 1))) {
      items.push({ kind: 'page', page: n, current: false });
      continue;
    }
    if (items.at(-1)?.kind !== 'dots') items.push({ kind: 'dots' });
  }
  return items;
}

/** The previous page, or null on the first page (the control is left out). */
export function prevPage(page: number): number | null {
  return page > 1 ? page - 1 : null;
}

/** The next page, or null on the last page (the control is left out). */
export function nextPage(page: number, pages: number): number | null {
  return page < pages ? Math.max(1, page + 1) : null;
}
