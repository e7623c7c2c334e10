import { expect, test } from 'vitest';
import {
  formatPostDate,
  formatSchoolDateTime,
  formatSchoolTime,
  nextPageUrl,
  postUrl,
  walkBeatsGathering,
} from './posts';

test('post addresses', () => {
  expect(postUrl('post', 'juara-olimpiade')).toBe('/juara-olimpiade/');
  expect(postUrl('galeri', 'upacara')).toBe('/galeri/upacara/');
});

test('dates are shown in Indonesian in the school time zone', () => {
  expect(formatPostDate('2025-08-16T20:00:00.000Z')).toBe('17 Agustus 2025');
  expect(formatPostDate('junk')).toBe('');
  expect(formatSchoolTime('2025-08-16T20:05:00.000Z')).toBe('03.05');
  expect(formatSchoolDateTime('2025-08-16T20:05:00.000Z')).toBe('17 Agustus 2025 pukul 03.05');
  expect(formatSchoolDateTime('junk')).toBe('');
});

test.each([
  ['/', '', 2, '/page/2/'],
  ['/berita/', '', 3, '/berita/page/3/'],
  ['/berita/page/3/', '', 4, '/berita/page/4/'],
  ['/berita/page/3', '', 4, '/berita/page/4/'],
  ['/', '?s=lomba', 2, '/page/2/?s=lomba'],
])('next page of %s%s → %s', (path, search, page, url) => expect(nextPageUrl(path, search, page)).toBe(url));

test.each([
  // The featured news: 9,893 of 100,000 posts, six wanted: about 61 checks against 9,893 reads.
  [100_000, 9_893, 6, true],
  // A term on 100 of them: about 6,000 checks against 100 reads.
  [100_000, 100, 6, false],
  // Deep pages of a common term gather.
  [100_000, 9_893, 3_000, false],
  [100_000, 0, 6, false],
])('%i items, %i of them with the term, %i wanted: walk %s', (listing, term, wanted, walk) =>
  expect(walkBeatsGathering(listing, term, wanted)).toBe(walk),
);
