import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { type Element, walkTree } from '~/content/tree';
import {
  type ElementCatalog,
  findElement,
  insertColumn,
  insertSection,
  insertWidget,
  moveElement,
  newElementId,
  removeElement,
  setSettings,
  treeProblem,
} from './tree-edit';

/** A catalog of one widget, shaped as the site's heading (the real catalog is bound in routes/admin). */
const catalog: ElementCatalog = {
  widgets: {
    heading: z.object({ title: z.string().min(1).max(300), level: z.number().int().min(1).max(6).default(2) }),
  },
  labels: { heading: 'Judul' },
  rich: {},
};

const widget = (id: string, title: string): Element => ({
  id,
  type: 'widget',
  widget: 'heading',
  settings: { title, level: 2 },
  children: [],
});
const column = (id: string, children: Element[]): Element => ({
  id,
  type: 'column',
  settings: { width: 50 },
  children,
});
const section = (id: string, children: Element[]): Element => ({ id, type: 'section', settings: {}, children });

const page = (): Element[] => [
  section('s1', [column('c1', [widget('w1', 'Satu'), widget('w2', 'Dua'), widget('w3', 'Tiga')]), column('c2', [])]),
  section('s2', [column('c3', [widget('w4', 'Empat')])]),
];

const ids = (els: Element[]) => els.map((e) => e.id);
const tree = (edit: ReturnType<typeof moveElement>): Element[] => {
  if ('refused' in edit) throw new Error(edit.refused);
  return edit;
};

describe('moves', () => {
  test('up and down swap an element with its sibling, nothing else changes', () => {
    const before = page();
    const up = tree(moveElement(before, 'w3', 'up'));
    expect(ids(findElement(up, 'c1')?.children ?? [])).toEqual(['w1', 'w3', 'w2']);
    const down = tree(moveElement(before, 's1', 'down'));
    expect(ids(down)).toEqual(['s2', 's1']);
    expect(down[1]).toBe(before[0]);
    // The tree it was made from is left as it was (parsed trees are shared).
    expect(ids(before[0]?.children[0]?.children ?? [])).toEqual(['w1', 'w2', 'w3']);
    expect(before).toEqual(page());
  });

  test('the first cannot go up, the last cannot go down, an unknown element is refused', () => {
    expect(moveElement(page(), 'w1', 'up')).toEqual({ refused: 'Elemen ini sudah paling atas.' });
    expect(moveElement(page(), 'c2', 'down')).toEqual({ refused: 'Elemen ini sudah paling bawah.' });
    expect(moveElement(page(), 'nope', 'up')).toHaveProperty('refused');
  });
});

describe('insertions', () => {
  test('a section comes at the end with one full-width column; its settings are the defaults', () => {
    const next = tree(insertSection(page(), ['s9', 'c9']));
    expect(ids(next)).toEqual(['s1', 's2', 's9']);
    expect(next[2]).toEqual({
      id: 's9',
      type: 'section',
      settings: { layout: 'boxed', background: 'none', sticky: false, stickyOn: ['desktop', 'tablet', 'mobile'] },
      children: [
        {
          id: 'c9',
          type: 'column',
          settings: {
            width: 100,
            hideOnMobile: false,
            sticky: false,
            stickyOn: ['desktop', 'tablet'],
            topSpacing: 50,
            bottomSpacing: 50,
          },
          children: [],
        },
      ],
    });
    expect(treeProblem(catalog, next)).toBeNull();
    expect(insertSection(page(), ['s1', 'c9'])).toHaveProperty('refused');
    expect(insertSection(page(), ['x', 'x'])).toHaveProperty('refused');
  });

  test('a column goes into a section only; a widget into a column only', () => {
    expect(ids(tree(insertColumn(page(), 's2', 'c9'))[1]?.children ?? [])).toEqual(['c3', 'c9']);
    expect(insertColumn(page(), 'c1', 'c9')).toEqual({ refused: 'Kolom hanya dapat ditambahkan ke dalam bagian.' });
    const added = tree(insertWidget(catalog, page(), 'c2', 'heading', { title: 'Baru', level: 2 }, 'w9'));
    expect(findElement(added, 'c2')?.children).toEqual([widget('w9', 'Baru')]);
    expect(insertWidget(catalog, page(), 's1', 'heading', { title: 'x' }, 'w9')).toHaveProperty('refused');
    expect(insertWidget(catalog, page(), 'c2', 'marquee', {}, 'w9')).toEqual({
      refused: 'Jenis widget ini tidak dikenal.',
    });
    expect(insertWidget(catalog, page(), 'c2', 'heading', { title: 'x' }, 'w1')).toHaveProperty('refused');
  });
});

test('removing an element takes what is inside it along', () => {
  const next = tree(removeElement(page(), 's1'));
  expect([...walkTree(next)].map((e) => e.id)).toEqual(['s2', 'c3', 'w4']);
  expect(ids(findElement(tree(removeElement(page(), 'w2')), 'c1')?.children ?? [])).toEqual(['w1', 'w3']);
  expect(removeElement(page(), 'nope')).toHaveProperty('refused');
});

test('settings are replaced on that element only', () => {
  const next = tree(setSettings(page(), 'w2', { title: 'Dua baru', level: 3 }));
  expect(findElement(next, 'w2')?.settings).toEqual({ title: 'Dua baru', level: 3 });
  expect(findElement(next, 'w1')?.settings).toEqual({ title: 'Satu', level: 2 });
});

describe('treeProblem: the renderer’s checks and the editor’s shape', () => {
  test('a good tree passes', () => expect(treeProblem(catalog, page())).toBeNull());
  test.each<[string, unknown]>([
    ['bad settings', [section('s', [column('c', [widget('w', '')])])]],
    ['unknown widget', [section('s', [column('c', [{ ...widget('w', 'x'), widget: 'marquee' }])])]],
    ['a widget at the top', [widget('w', 'x')]],
    ['a column in a column', [section('s', [column('c', [column('c2', [])])])]],
    ['an id twice', [section('s', [column('c', [widget('w', 'x'), widget('w', 'y')])])]],
    ['not a tree', { id: 'x' }],
    ['a section without its type', [{ id: 's', settings: {}, children: [] }]],
  ])('%s is refused', (_, t) => expect(treeProblem(catalog, t)).toEqual(expect.any(String)));
});

test('new ids are 8 hex digits, never one the tree (or the caller) already has', () => {
  const values = [0, 0, 0.5, 0.25];
  let i = 0;
  const random = () => values[i++] as number;
  const taken = [section('00000000', [])];
  expect(newElementId(taken, random, ['80000000'])).toBe('40000000');
});

// Any sequence of edits keeps the tree one the renderer accepts, with unique ids.
test('random edit sequences keep the tree valid and its ids unique', () => {
  const op = fc.oneof(
    fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), up: fc.boolean() }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('section' as const) }),
    fc.record({ kind: fc.constant('column' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('widget' as const), pick: fc.nat() }),
  );
  fc.assert(
    fc.property(
      fc.array(op, { maxLength: 30 }),
      // A Lehmer generator's seed: 1 … 2^31 − 2 (2^31 − 1 gives 0 for ever, and never a free id).
      fc.integer({ min: 1, max: 2 ** 31 - 2 }),
      (ops, seed) => {
        let s = seed;
        const random = () => {
          s = (s * 16807) % 2147483647;
          return s / 2147483647;
        };
        let t = page();
        for (const o of ops) {
          const all = [...walkTree(t)];
          const of = (type: Element['type']) => all.filter((e) => e.type === type);
          const pick = <T>(list: T[], n: number) => list[n % Math.max(1, list.length)];
          let edit: ReturnType<typeof moveElement> | undefined;
          if (o.kind === 'move') edit = moveElement(t, pick(all, o.pick)?.id ?? 'x', o.up ? 'up' : 'down');
          if (o.kind === 'remove') edit = removeElement(t, pick(all, o.pick)?.id ?? 'x');
          if (o.kind === 'section') {
            const a = newElementId(t, random);
            edit = insertSection(t, [a, newElementId(t, random, [a])]);
          }
          if (o.kind === 'column')
            edit = insertColumn(t, pick(of('section'), o.pick)?.id ?? 'x', newElementId(t, random));
          if (o.kind === 'widget') {
            edit = insertWidget(
              catalog,
              t,
              pick(of('column'), o.pick)?.id ?? 'x',
              'heading',
              { title: 'H' },
              newElementId(t, random),
            );
          }
          if (edit && !('refused' in edit)) t = edit;
          expect(treeProblem(catalog, t)).toBeNull();
        }
      },
    ),
    { numRuns: 200 },
  );
});
