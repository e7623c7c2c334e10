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

  // What each rule shows, as short text, for a page, the pages there are, the mid size and the end size.
  test.each([
    ['mid and end size 0 (the default) show every page', 4, 9, 0, 0, '1 2 3 [4] 5 6 7 8 9'],
    ['end pages, pages around the current one, and dots for the gaps', 10, 20, 1, 1, '1 … 9 [10] 11 … 20'],
    ['end pages, pages around the current one, and dots for the gaps', 10, 20, 2, 2, '1 2 … 8 9 [10] 11 12 … 19 20'],
    ['near an end there is one gap only', 1, 20, 1, 1, '[1] 2 … 20'],
    ['near an end there is one gap only', 20, 20, 1, 1, '1 … 19 [20]'],
    ['a gap of one page shows that page instead of dots', 4, 10, 1, 1, '1 2 3 [4] 5 … 10'],
    ['a gap of one page shows that page instead of dots', 7, 10, 1, 1, '1 … 6 [7] 8 9 10'],
    ['end size 0 shows only the pages around the current one', 5, 10, 1, 0, '… 4 [5] 6 …'],
    ['a page past the end marks the last page as current', 9, 3, 0, 0, '1 2 [3]'],
  ])('%s: page %i of %i, mid size %i, end size %i', (_rule, page, pages, midSize, endSize, items) => {
    expect(show(paginationItems({ page, pages, midSize, endSize }))).toBe(items);
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
