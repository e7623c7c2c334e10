import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { pageCount, pagePath, readPageParam, stripPagePath } from './paging';

describe('readPageParam', () => {
  test.each([
    [undefined, { kind: 'page', page: 1 }],
    ['2', { kind: 'page', page: 2 }],
    ['1', { kind: 'first' }],
    ['0', { kind: 'invalid' }],
    ['-3', { kind: 'invalid' }],
    ['abc', { kind: 'invalid' }],
    ['02', { kind: 'invalid' }],
    ['9999999', { kind: 'invalid' }],
  ])('%s → %o', (raw, expected) => expect(readPageParam(raw)).toEqual(expected));
});

describe('page paths', () => {
  test('page 1 is the base path', () => expect(pagePath('/berita/', 1)).toBe('/berita/'));
  test('home paging', () => expect(pagePath('/', 3)).toBe('/page/3/'));
  test('a paged path is re-based', () => expect(pagePath('/berita/page/2/', 3)).toBe('/berita/page/3/'));
  test('strip', () => {
    expect(stripPagePath('/page/2/')).toBe('/');
    expect(stripPagePath('/category/prestasi/page/12/')).toBe('/category/prestasi/');
    expect(stripPagePath('/galeri/')).toBe('/galeri/');
  });
  test('round trip for any page', () =>
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 100_000 }), (n) => {
        const path = pagePath('/berita/', n);
        expect(readPageParam(path.split('/')[3])).toEqual({ kind: 'page', page: n });
        expect(stripPagePath(path)).toBe('/berita/');
      }),
    ));
  test('pageCount', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
