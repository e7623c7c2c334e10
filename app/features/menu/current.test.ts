import { expect, test } from 'vitest';
import { holdsCurrentUrl } from './current';
import { menuRow as row } from './menu-rows.fixtures';
import { buildMenuTree } from './model';

test('an item holds the current page when one of its children does, at any depth', () => {
  const [berita, galeri] = buildMenuTree([
    row(1, null, 'Berita'),
    row(2, 1, 'Prestasi'),
    row(3, 2, 'Olimpiade'),
    row(4, null, 'Galeri'),
  ]);
  const children = berita?.children ?? [];
  expect(holdsCurrentUrl(children, '/olimpiade/')).toBe(true);
  expect(holdsCurrentUrl(children, '/prestasi/')).toBe(true);
  // The item itself is the current page, not a parent of it.
  expect(holdsCurrentUrl(children, '/berita/')).toBe(false);
  expect(holdsCurrentUrl(galeri?.children ?? [], '/olimpiade/')).toBe(false);
});
