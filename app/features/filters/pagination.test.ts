import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { nextPage, type PaginationItem, paginationItems, prevPage } from './pagination';

/** Items as short text: `1 2 [3] 4 … 9`. */
function show(items: PaginationItem[]): string {
  return items.map((i) => (i.kind === 'dots' ? '…' : i.current ? `[${i.page}]` : String(i.page))).join(' ');
}

describe('paginationItems', () => {
  test('fewer than 2 pages shows no pagination', () => {
    expect(paginationItems({ page: 1, pages: 1, midSize: 0, endSize: 0 })).toEqual([]);
    expect(paginationItems({ page: 1, pages: 0, midSize: 2, endSize: 1 })).toEqual([]);
  });

  test('mid and end size 0 (the default) show every page', () => {
    expect(show(paginationItems({ page: 4, pages: 9, midSize: 0, endSize: 0 }))).toBe('1 2 3 [4] 5 6 7 8 9');
  });

  test('end pages, pages around the current one, and dots for the gaps', () => {
    expect(show(paginationItems({ page: 10, pages: 20, midSize: 1, endSize: 1 }))).toBe('1 … 9 [10] 11 … 20');
    expect(show(paginationItems({ page: 10, pages: 20, midSize: 2, endSize: 2 }))).toBe('1 2 … 8 9 [10] 11 12 … 19 20');
  });

  test('near an end there is one gap only', () => {
    expect(show(paginationItems({ page: 1, pages: 20, midSize: 1, endSize: 1 }))).toBe('[1] 2 … 20');
    expect(show(paginationItems({ page: 20, pages: 20, midSize: 1, endSize: 1 }))).toBe('1 … 19 [20]');
  });

  test('a gap of one page shows that page instead of dots', () => {
    expect(show(paginationItems({ page: 4, pages: 10, midSize: 1, endSize: 1 }))).toBe('1 2 3 [4] 5 … 10');
    expect(show(paginationItems({ page: 7, pages: 10, midSize: 1, endSize: 1 }))).toBe('1 … 6 [7] 8 9 10');
  });

  test('end size 0 shows only the pages around the current one', () => {
    expect(show(paginationItems({ page: 5, pages: 10, midSize: 1, endSize: 0 }))).toBe('… 4 [5] 6 …');
  });

  test('a page past the end marks the last page as current', () => {
    expect(show(paginationItems({ page: 9, pages: 3, midSize: 0, endSize: 0 }))).toBe('1 2 [3]');
  });

  test('every listed page is in range, ascending, with the current page once and both ends shown', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: -2, max: 70 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (pages, page, midSize, endSize) => {
          const items = paginationItems({ page, pages, midSize, endSize });
          if (pages < 2) {
            expect(items).toEqual([]);
            return;
          }
          const listed = items.flatMap((i) => (i.kind === 'page' ? [i] : []));
          for (const [k, i] of listed.entries()) {
            expect(i.page).toBeGreaterThanOrEqual(1);
            expect(i.page).toBeLessThanOrEqual(pages);
            if (k > 0) expect(i.page).toBeGreaterThan(listed[k - 1]!.page);
          }
          expect(listed.filter((i) => i.current)).toHaveLength(1);
          expect(listed.find((i) => i.current)!.page).toBe(Math.min(pages, Math.max(1, page)));
          if (endSize >= 1) {
            expect(listed[0]!.page).toBe(1);
            expect(listed.at(-1)!.page).toBe(pages);
          }
          // Dots stand for two or more pages, never two dots in a row.
          for (const [k, i] of items.entries()) {
            if (i.kind !== 'dots') continue;
            const before = items[k - 1];
            const after = items[k + 1];
            expect(before?.kind).not.toBe('dots');
            const from = before?.kind === 'page' ? before.page : 0;
            const to = after?.kind === 'page' ? after.page : pages + 1;
            expect(to - from - 1).toBeGreaterThanOrEqual(2);
          }
        },
      ),
    );
  });
});

describe('prev and next', () => {
  test('stop at the ends', () => {
    expect(prevPage(1)).toBeNull();
    expect(prevPage(2)).toBe(1);
    expect(nextPage(5, 5)).toBeNull();
    expect(nextPage(4, 5)).toBe(5);
    expect(nextPage(1, 1)).toBeNull();
  });
});
