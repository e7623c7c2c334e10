import { expect, test } from 'vitest';
import { listPage, listSearch } from './list-address';

test.each([
  ['halaman=3', 3],
  ['halaman=1', 1],
  ['', 1],
  ['halaman=0', 1],
  ['halaman=007', 1],
  ['halaman=abc', 1],
  ['halaman=1234567', 1],
])('the page of ?%s is %i', (query, page) => expect(listPage(new URLSearchParams(query))).toBe(page));

test('a list’s state as its query: empty filters and page 1 left out', () => {
  expect(listSearch({ q: '', status: null }, 1)).toBe('');
  expect(listSearch({ q: 'pramuka', status: 'draft' }, 2)).toBe('?q=pramuka&status=draft&halaman=2');
  expect(listSearch({ kategori: 4, q: 'a b' }, 1)).toBe('?kategori=4&q=a+b');
});
