import { expect, test } from 'vitest';
import { formatPostDate, nextPageUrl, postUrl } from './posts';

test('post addresses', () => {
  expect(postUrl('post', 'juara-olimpiade')).toBe('/juara-olimpiade/');
  expect(postUrl('galeri', 'upacara')).toBe('/galeri/upacara/');
});

test('dates are shown in Indonesian in the school time zone', () => {
  expect(formatPostDate('2025-08-16T20:00:00.000Z')).toBe('17 Agustus 2025');
  expect(formatPostDate('junk')).toBe('');
});

test.each([
  ['/', '', 2, '/page/2/'],
  ['/berita/', '', 3, '/berita/page/3/'],
  ['/berita/page/3/', '', 4, '/berita/page/4/'],
  ['/berita/page/3', '', 4, '/berita/page/4/'],
  ['/', '?s=lomba', 2, '/page/2/?s=lomba'],
])('next page of %s%s → %s', (path, search, page, url) => expect(nextPageUrl(path, search, page)).toBe(url));
