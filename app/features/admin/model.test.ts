import { expect, test } from 'vitest';
import { sectionsFor } from './model';

test('each role sees the sections it may open', () => {
  expect(sectionsFor({ roles: ['author'] }).map((s) => s.label)).toEqual(['Berita']);
  expect(sectionsFor({ roles: ['editor'] }).map((s) => s.label)).toEqual(['Berita', 'Agenda', 'Ulasan', 'Pelanggan']);
  expect(sectionsFor({ roles: ['administrator'] }).map((s) => s.label)).toEqual([
    'Berita',
    'Agenda',
    'Ulasan',
    'Pelanggan',
  ]);
  expect(sectionsFor({ roles: ['subscriber'] })).toEqual([]);
});
