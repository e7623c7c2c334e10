import { expect, test } from 'vitest';
import { menuRow } from './menu-rows.fixtures';
import { buildMenuTree } from './model';
import {
  breadcrumbs,
  escapeTrail,
  fitTrail,
  popStep,
  pushStep,
  stepOf,
  type Trail,
  trailItem,
  truncateTrail,
} from './trail';

const row = menuRow;

// Beranda; Profil (mega template 99, with children); Berita › Prestasi › Olimpiade
const items = buildMenuTree([
  row(1, null, 'Beranda'),
  row(2, null, 'Profil', { mega_template_id: 99 }),
  row(3, 2, 'Sejarah'),
  row(4, null, 'Berita'),
  row(5, 4, 'Prestasi'),
  row(6, 5, 'Olimpiade'),
]);
const [beranda, profil, berita] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
const prestasi = berita.children[0] as (typeof items)[0];

const berita2: Trail = [
  { id: 'item-4', name: 'Berita', view: 'items' },
  { id: 'item-5', name: 'Prestasi', view: 'items' },
];

test('an item with children opens a child level, a mega item its template, a plain item nothing', () => {
  expect(stepOf(berita)).toEqual({ id: 'item-4', name: 'Berita', view: 'items' });
  expect(stepOf(profil)).toEqual({ id: 'item-2', name: 'Profil', view: 'template' });
  expect(stepOf(beranda)).toBeNull();
});

test('opening pushes the trail and back pops it; back at the top level stays there', () => {
  const one = pushStep([], stepOf(berita) as never);
  const two = pushStep(one, stepOf(prestasi) as never);
  expect(two).toEqual(berita2);
  expect(popStep(two)).toEqual(one);
  expect(popStep(popStep(two))).toEqual([]);
  expect(popStep([])).toEqual([]);
});

test.each([
  [0, 0],
  [1, 1],
  [2, 2],
  [5, 2],
  [-1, 0],
  [1.7, 1],
])('a breadcrumb click at depth %d truncates a two-step trail to %d steps', (depth, length) => {
  expect(truncateTrail(berita2, depth)).toHaveLength(length);
  expect(truncateTrail(berita2, depth)).toEqual(berita2.slice(0, length));
});

test('Escape goes back one level, and closes only at the top level', () => {
  expect(escapeTrail(berita2)).toEqual({ close: false, trail: berita2.slice(0, 1) });
  expect(escapeTrail(berita2.slice(0, 1))).toEqual({ close: false, trail: [] });
  expect(escapeTrail([])).toEqual({ close: true });
});

test('breadcrumbs: the top level and each step (full), or the last two (minimal); none at the top', () => {
  expect(breadcrumbs([], 'Menu', 'full')).toEqual([]);
  expect(breadcrumbs(berita2, 'Menu', 'full')).toEqual([
    { label: 'Menu', depth: 0, current: false },
    { label: 'Berita', depth: 1, current: false },
    { label: 'Prestasi', depth: 2, current: true },
  ]);
  expect(breadcrumbs(berita2, 'Menu', 'minimal')).toEqual([
    { label: 'Berita', depth: 1, current: false },
    { label: 'Prestasi', depth: 2, current: true },
  ]);
  expect(breadcrumbs(berita2.slice(0, 1), 'Menu', 'minimal').map((c) => c.label)).toEqual(['Menu', 'Berita']);
});

test('the item a trail ends at, and null at the top or when an item is gone', () => {
  expect(trailItem(items, berita2)?.name).toBe('Prestasi');
  expect(trailItem(items, [])).toBeNull();
  expect(trailItem(items, [{ id: 'item-9', name: 'Gone', view: 'items' }])).toBeNull();
});

test('a trail is cut where the refreshed items no longer have its step, and takes their new names', () => {
  const renamed = buildMenuTree([row(4, null, 'Kabar'), row(5, 4, 'Prestasi')]);
  expect(fitTrail(renamed, berita2)).toEqual([{ id: 'item-4', name: 'Kabar', view: 'items' }]);
  expect(fitTrail(items, berita2)).toEqual(berita2);
  expect(fitTrail([], berita2)).toEqual([]);
});
