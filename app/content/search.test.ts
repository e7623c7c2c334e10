import fc from 'fast-check';
import { expect, test } from 'vitest';
import { ftsMatchExpression, searchTerms, tsQueryExpression } from './search';

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

test('the last word is a prefix from two letters on; one letter is a whole word', () => {
  expect(ftsMatchExpression(['juara', 'o'])).toBe('"juara" "o"');
  expect(tsQueryExpression(['juara', 'osn'])).toBe('juara & osn:*');
  expect(tsQueryExpression(['juara', 'o'])).toBe('juara & o');
});

test('a phrase: the words next to each other, the last still a prefix', () => {
  expect(ftsMatchExpression(['juara', 'osn'], { phrase: true })).toBe('"juara osn"*');
  expect(tsQueryExpression(['juara', 'osn'], { phrase: true })).toBe('juara <-> osn:*');
  expect(tsQueryExpression(['juara', 'o'], { phrase: true })).toBe('juara <-> o');
});

test('outside a phrase a repeated word counts once, and a prefix another word already starts with is left out', () => {
  expect(tsQueryExpression(['semester', 'sem'])).toBe('semester');
  expect(ftsMatchExpression(['jawa', 'jaw'])).toBe('"jawa"');
  expect(tsQueryExpression(['kelas', 'kelas'])).toBe('kelas');
  expect(tsQueryExpression(['kelas', 'vii', 'kelas'])).toBe('kelas & vii');
  expect(tsQueryExpression(['vii', 'vii', 'kelas'])).toBe('vii & kelas:*');
  expect(ftsMatchExpression(['sem', 'semester'])).toBe('"sem" "semester"*');
  expect(tsQueryExpression(['angsa', 'an'], { phrase: true })).toBe('angsa <-> an:*');
});
