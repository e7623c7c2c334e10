import fc from 'fast-check';
import { expect, test } from 'vitest';
import { ftsMatchExpression, searchTerms } from './search';

test('terms drop punctuation and operators', () => {
  expect(searchTerms('Juara "OSN" -- matematika; DROP TABLE')).toEqual(['juara', 'osn', 'matematika', 'drop', 'table']);
  expect(searchTerms('   ')).toEqual([]);
});

test('a match expression quotes every term', () => {
  expect(ftsMatchExpression(['juara', 'osn'])).toBe('"juara" "osn"*');
});

test('no input can put a quote into the expression', () =>
  fc.assert(
    fc.property(fc.string(), (s) => {
      for (const t of searchTerms(s)) expect(t).not.toMatch(/["*]/);
    }),
  ));
