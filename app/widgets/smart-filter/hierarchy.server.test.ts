import { expect, test } from 'vitest';
import { chainTo, termsInOrder, withDescendants } from '~/content/terms';
import { BIDANG_TREE as TREE } from '~/content/terms.fixtures';
import { type FilterRecordSpec, filterRecordOf } from '~/features/filters/filters.fixtures';
import { countJobOf } from '~/features/filters/indexer.server';
import { chosenChain, levelOptions } from './hierarchy.server';

test('a term with everything below it, and its chain from the top', () => {
  expect(withDescendants(TREE, 4).sort()).toEqual([4, 5, 6]);
  expect(withDescendants(TREE, 2)).toEqual([2]);
  expect(chainTo(TREE, 6)).toEqual([4, 5, 6]);
  expect(chainTo(TREE, 99)).toEqual([]);
});

test('terms in display order with their depth', () => {
  expect(termsInOrder(TREE, null).map((t) => [t.name, t.depth])).toEqual([
    ['Catur', 0],
    ['Olahraga', 0],
    ['Basket', 1],
    ['Futsal', 1],
    ['Seni', 0],
    ['Tari', 1],
    ['Saman', 2],
  ]);
  expect(termsInOrder(TREE, 4).map((t) => t.id)).toEqual([5, 6]);
});

test('the chosen chain stops at the first value that is not a child of the one above', () => {
  expect(chosenChain(TREE, null, ['4', '5', '6'], 3)).toEqual([4, 5, 6]);
  expect(chosenChain(TREE, null, ['4', '2'], 3)).toEqual([4]);
  expect(chosenChain(TREE, null, ['5'], 3)).toEqual([]);
  expect(chosenChain(TREE, null, ['4', '5', '6'], 2)).toEqual([4, 5]);
  expect(chosenChain(TREE, 4, ['5', '6'], 2)).toEqual([5, 6]);
  expect(chosenChain(TREE, null, ["4' or 1=1"], 2)).toEqual([]);
});

test('a level lists the children of the term above, with counts when given', () => {
  expect(levelOptions(TREE, 1, null)).toEqual([
    { value: '3', label: 'Basket' },
    { value: '2', label: 'Futsal' },
  ]);
  expect(levelOptions(TREE, 1, { '2': 4 })).toEqual([
    { value: '3', label: 'Basket', count: 0 },
    { value: '2', label: 'Futsal', count: 4 },
  ]);
  expect(levelOptions(TREE, 6, null)).toEqual([]);
});

test('which filters have counts: taxonomy and meta choices and ratings, not ranges or dates', () => {
  const indexer = { enabled: true, rule: 'show', counterMode: 'default', showCounter: true } as const;
  const job = (r: FilterRecordSpec) => countJobOf(filterRecordOf({ name: 'f', indexer, ...r }));
  expect(job({ type: 'checkboxes', queryType: 'tax_query', queryVar: 'category', queryVarSuffix: '' })).toEqual({
    kind: 'tax',
    taxonomy: 'category',
    exclude: '_tax_query_category',
  });
  expect(job({ type: 'radio', queryType: 'meta_query', queryVar: 'jam', queryVarSuffix: '' })).toMatchObject({
    kind: 'meta',
    key: 'jam',
  });
  expect(
    job({
      type: 'rating',
      queryType: 'meta_query',
      queryVar: 'rating',
      queryVarSuffix: 'rating',
      settings: { stars: 4 },
    }),
  ).toEqual({ kind: 'rating', key: 'rating', stars: 4, exclude: '_meta_query_rating|rating' });
  expect(job({ type: 'range', queryType: 'meta_query', queryVar: 'biaya', queryVarSuffix: 'range' })).toBeNull();
  expect(job({ type: 'date-range', queryType: 'date_query', queryVar: '', queryVarSuffix: 'date' })).toBeNull();
});
