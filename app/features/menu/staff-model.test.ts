import { describe, expect, test } from 'vitest';
import {
  allowedMoves,
  depthOf,
  heightOf,
  MENU_MAX_DEPTH,
  mayHoldChildren,
  type Placement,
  planDelete,
  planMove,
  type TreeRow,
  typedItemValues,
} from './staff-model';

/*
 * The tree used below (positions deliberately not 0..n, as rows written by hand may be):
 *   1 Beranda
 *   2 Profil
 *     21 Sejarah
 *     22 Visi
 *   3 Berita
 *     31 Prestasi
 *       311 Olimpiade
 *   4 Kontak
 */
const ROWS: TreeRow[] = [
  { id: 1, parent_id: null, position: 0 },
  { id: 2, parent_id: null, position: 5 },
  { id: 21, parent_id: 2, position: 0 },
  { id: 22, parent_id: 2, position: 1 },
  { id: 3, parent_id: null, position: 7 },
  { id: 31, parent_id: 3, position: 0 },
  { id: 311, parent_id: 31, position: 0 },
  { id: 4, parent_id: null, position: 9 },
];

/** Applies placements and answers the tree as "parent: children" lines, to read a move's result. */
function treeAfter(placements: Placement[] | { refused: string }, rows = ROWS): string[] {
  if ('refused' in placements) throw new Error(placements.refused);
  const moved = rows.map((r) => {
    const p = placements.find((x) => x.id === r.id);
    return p ? { id: r.id, parent_id: p.parentId, position: p.position } : r;
  });
  const parents = [null, ...moved.map((r) => r.id)];
  return parents
    .map((parent) => {
      const kids = moved
        .filter((r) => r.parent_id === parent)
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map((r) => r.id);
      return kids.length ? `${parent ?? 'top'}: ${kids.join(' ')}` : '';
    })
    .filter(Boolean);
}

describe('moves', () => {
  test('naik and turun swap an item with its sibling and renumber the siblings', () => {
    expect(treeAfter(planMove(ROWS, 3, 'naik'))).toEqual(['top: 1 3 2 4', '2: 21 22', '3: 31', '31: 311']);
    expect(planMove(ROWS, 3, 'naik')).toEqual([
      { id: 1, parentId: null, position: 0 },
      { id: 3, parentId: null, position: 1 },
      { id: 2, parentId: null, position: 2 },
      { id: 4, parentId: null, position: 3 },
    ]);
    expect(treeAfter(planMove(ROWS, 21, 'turun'))).toContain('2: 22 21');
  });

  test('the first cannot go up, the last cannot go down', () => {
    expect(planMove(ROWS, 1, 'naik')).toEqual({ refused: 'Item ini sudah paling atas.' });
    expect(planMove(ROWS, 4, 'turun')).toEqual({ refused: 'Item ini sudah paling bawah.' });
    expect(planMove(ROWS, 22, 'turun')).toEqual({ refused: 'Item ini sudah paling bawah.' });
  });

  test('masukkan makes the item the last child of the item above, its children along', () => {
    expect(treeAfter(planMove(ROWS, 4, 'masukkan'))).toEqual(['top: 1 2 3', '2: 21 22', '3: 31 4', '31: 311']);
    expect(treeAfter(planMove(ROWS, 22, 'masukkan'))).toEqual(['top: 1 2 3 4', '2: 21', '21: 22', '3: 31', '31: 311']);
    expect(planMove(ROWS, 1, 'masukkan')).toHaveProperty('refused');
  });

  test(`masukkan never makes the menu deeper than ${MENU_MAX_DEPTH} levels`, () => {
    // Berita (with two levels below it) under Profil would need four levels.
    expect(planMove(ROWS, 3, 'masukkan')).toEqual({ refused: `Menu paling dalam ${MENU_MAX_DEPTH} tingkat.` });
    // Visi under Sejarah: three levels, allowed.
    expect(planMove(ROWS, 22, 'masukkan')).not.toHaveProperty('refused');
  });

  test('keluarkan puts the item right after its parent, one level up', () => {
    expect(treeAfter(planMove(ROWS, 21, 'keluarkan'))).toEqual(['top: 1 2 21 3 4', '2: 22', '3: 31', '31: 311']);
    expect(treeAfter(planMove(ROWS, 311, 'keluarkan'))).toEqual(['top: 1 2 3 4', '2: 21 22', '3: 31 311']);
    expect(planMove(ROWS, 2, 'keluarkan')).toEqual({ refused: 'Item ini sudah di tingkat teratas.' });
  });

  test('an item that is not there is refused', () => {
    expect(planMove(ROWS, 99, 'naik')).toHaveProperty('refused');
  });

  test('allowedMoves says which buttons work', () => {
    expect(allowedMoves(ROWS, 1)).toEqual({ naik: false, turun: true, masukkan: false, keluarkan: false });
    expect(allowedMoves(ROWS, 22)).toEqual({ naik: true, turun: false, masukkan: true, keluarkan: true });
    expect(allowedMoves(ROWS, 3)).toEqual({ naik: true, turun: true, masukkan: false, keluarkan: false });
  });
});

describe('depth', () => {
  test('depth and height of items', () => {
    expect(depthOf(ROWS, 1)).toBe(1);
    expect(depthOf(ROWS, 311)).toBe(3);
    expect(heightOf(ROWS, 3)).toBe(3);
    expect(heightOf(ROWS, 4)).toBe(1);
    expect(mayHoldChildren(ROWS, 31)).toBe(true);
    expect(mayHoldChildren(ROWS, 311)).toBe(false);
  });

  test('a cycle of parents written by hand does not loop', () => {
    const cycle: TreeRow[] = [
      { id: 1, parent_id: 2, position: 0 },
      { id: 2, parent_id: 1, position: 0 },
    ];
    expect(depthOf(cycle, 1)).toBe(2);
    expect(heightOf(cycle, 1)).toBe(2);
  });
});

describe('delete', () => {
  test('the children of a deleted item move up into its place, in their order', () => {
    const plan = planDelete(ROWS, 2);
    expect(plan).toEqual([
      { id: 1, parentId: null, position: 0 },
      { id: 21, parentId: null, position: 1 },
      { id: 22, parentId: null, position: 2 },
      { id: 3, parentId: null, position: 3 },
      { id: 4, parentId: null, position: 4 },
    ]);
    // Their own children stay with them.
    expect(planDelete(ROWS, 3).find((p) => p.id === 31)).toEqual({ id: 31, parentId: null, position: 2 });
    expect(planDelete(ROWS, 3).some((p) => p.id === 311)).toBe(false);
  });

  test('an item without children only closes the gap', () => {
    expect(planDelete(ROWS, 21)).toEqual([{ id: 22, parentId: 2, position: 0 }]);
    expect(planDelete(ROWS, 99)).toEqual([]);
  });
});

test('the typed values come back as sent; an unknown link type shows as a custom link', () => {
  const values = typedItemValues({ judul: ' Jadwal ', jenis: 'x', url: 'javascript:1', ikon: 'Kalender' });
  expect(values).toMatchObject({ judul: ' Jadwal ', jenis: 'tautan', url: 'javascript:1', ikon: 'Kalender', mega: '' });
});
