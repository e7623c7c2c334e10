import { describe, expect, test } from 'vitest';
import { hasMoreToReveal, sectionsToReveal, sectionsUpTo } from './model';

describe('sectionsToReveal', () => {
  test('the next hidden section, in order', () => {
    expect(sectionsToReveal([true, true, true], false)).toEqual([0]);
    expect(sectionsToReveal([false, true, true], false)).toEqual([1]);
    expect(sectionsToReveal([false, false, true], false)).toEqual([2]);
  });
  test('a section revealed out of order (find in page) is skipped', () =>
    expect(sectionsToReveal([true, false, true], false)).toEqual([0]));
  test('showall reveals every hidden section at once', () =>
    expect(sectionsToReveal([false, true, false, true], true)).toEqual([1, 3]));
  test('nothing when all are shown', () => expect(sectionsToReveal([false, false], false)).toEqual([]));
});

test('a link into the third section shows it and the ones before it', () =>
  expect(sectionsUpTo([true, false, true, true], 2)).toEqual([0, 2]));

test.each([
  [[true, false], true],
  [[false, false], false],
  [[], false],
])('hasMoreToReveal(%j) → %s', (hidden, more) => expect(hasMoreToReveal(hidden)).toBe(more));
