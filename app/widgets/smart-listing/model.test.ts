import { expect, test } from 'vitest';
import { deviceOf } from '~/lib/devices';
import { BREAKPOINT_EDGES } from '~/lib/devices.fixtures';
import {
  arrowsState,
  layoutOfWire,
  listingHref,
  pageKeepingFirstPost,
  perPageByDevice,
  postsPerPage,
  RESIZE_DEBOUNCE_MS,
  readListingAddress,
  statusText,
} from './model';

test.each([
  [3, 2, false, 6],
  [3, 2, true, 7],
  [1, 3, true, 4],
  [4, 4, true, 17],
  [1, 1, false, 1],
])('%d columns × %d rows, featured %s → %d posts per page (spec 001 §9)', (c, r, f, n) =>
  expect(postsPerPage(c, r, f)).toBe(n),
);

test('each device counts its own columns with the same rows and featured post', () => {
  expect(perPageByDevice({ columns: 3, columnsTablet: 2, columnsMobile: 1, rows: 2, featuredPost: true })).toEqual({
    desktop: 7,
    tablet: 5,
    mobile: 3,
  });
});

test.each([...BREAKPOINT_EDGES, [1920, 'desktop']])('a window %d px wide is a %s', (w, d) =>
  expect(deviceOf(w)).toBe(d),
);

test('the resize debounce is the spec’s 50 ms', () => expect(RESIZE_DEBOUNCE_MS).toBe(50));

test('arrows: prev disabled on the first page, next on the last, both with one page', () => {
  expect(arrowsState(1, 5)).toEqual({ prev: null, next: 2 });
  expect(arrowsState(3, 5)).toEqual({ prev: 2, next: 4 });
  expect(arrowsState(5, 5)).toEqual({ prev: 4, next: null });
  expect(arrowsState(1, 1)).toEqual({ prev: null, next: null });
});

test('a new page size keeps the page that holds the first post shown', () => {
  // Page 3 at 7 a page starts with post 15 (index 14): at 3 a page that is page 5 (posts 13-15).
  expect(pageKeepingFirstPost(3, 7, 3)).toBe(5);
  expect(pageKeepingFirstPost(5, 3, 7)).toBe(2);
  expect(pageKeepingFirstPost(1, 7, 3)).toBe(1);
  expect(pageKeepingFirstPost(2, 5, 5)).toBe(2);
});

test('the address: whole numbers in range, anything else the first page of every category', () => {
  const read = (q: string) => readListingAddress(new URLSearchParams(q));
  expect(read('paged=3&term=12')).toEqual({ page: 3, term: 12 });
  expect(read('')).toEqual({ page: 1, term: 0 });
  expect(readListingAddress(null)).toEqual({ page: 1, term: 0 });
  for (const junk of ['abc', '0', '-2', '2.5', '1e3', ' 2', '9'.repeat(30)]) {
    expect(read(`paged=${encodeURIComponent(junk)}&term=${encodeURIComponent(junk)}`), junk).toEqual({
      page: 1,
      term: 0,
    });
  }
  expect(read('paged=100001&term=2147483648')).toEqual({ page: 1, term: 0 });
  expect(read('paged=100000&term=2147483647')).toEqual({ page: 100_000, term: 2_147_483_647 });
});

test('links name the page and the category and come back to the listing', () => {
  expect(listingHref({ page: 2, term: 0 }, 'sl1list')).toBe('?paged=2#sl1list');
  expect(listingHref({ page: 3, term: 7 }, 'sl1list')).toBe('?paged=3&term=7#sl1list');
  expect(listingHref({ page: 1, term: 7 }, 'sl1list')).toBe('?term=7#sl1list');
  expect(listingHref({ page: 1, term: 0 }, 'sl1list')).toBe('?paged=1#sl1list');
  expect(listingHref({ page: 2, term: 0 }, '')).toBe('?paged=2');
  // What the address gives, the links write back.
  const href = listingHref({ page: 4, term: 9 }, 'x');
  expect(readListingAddress(new URLSearchParams(href.slice(1, href.indexOf('#'))))).toEqual({ page: 4, term: 9 });
});

test('the status line names the page and the category', () => {
  expect(statusText(2, 5, null)).toBe('Halaman 2 dari 5');
  expect(statusText(1, 3, 'Prestasi')).toBe('Prestasi: halaman 1 dari 3');
  expect(statusText(1, 0, null)).toBe('Halaman 1 dari 1');
});

test('the original’s settings read back as the layout', () => {
  expect(
    layoutOfWire({
      posts_columns: 3,
      posts_columns_tablet: 2,
      posts_columns_mobile: 1,
      posts_rows: 2,
      featured_post: 'yes',
      is_archive_template: '',
      show_excerpt: '',
      widget_id: 'a',
    }),
  ).toEqual({ columns: 3, columnsTablet: 2, columnsMobile: 1, rows: 2, featuredPost: true });
});
