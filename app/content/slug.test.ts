import { expect, test } from 'vitest';
import { freeSlug, slugify } from './slug';

test('slugs: ASCII words from a title, room left for a suffix; the first free of base, base-2, …', () => {
  expect(slugify('Peringatan Hari Guru — Çerdas & Ceria!')).toBe('peringatan-hari-guru-cerdas-ceria');
  expect(slugify('“…”')).toBe('');
  expect(slugify('a'.repeat(300)).length).toBe(194);
  expect(freeSlug('rapat', new Set())).toBe('rapat');
  expect(freeSlug('rapat', new Set(['rapat', 'rapat-2']))).toBe('rapat-3');
});
