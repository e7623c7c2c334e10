import { describe, expect, test } from 'vitest';
import { defaultActiveItem, itemShares } from './model';

describe('defaultActiveItem', () => {
  test.each([
    [-1, 4, -1],
    [0, 4, 0],
    [3, 4, 3],
    [4, 4, -1],
    [9, 2, -1],
  ])('activeItem %d of %d items → %d', (activeItem, count, expected) =>
    expect(defaultActiveItem(activeItem, count)).toBe(expected),
  );
});

describe('itemShares', () => {
  test('none active: equal shares', () => expect(itemShares(4, -1, 50)).toEqual([25, 25, 25, 25]));
  test('the active item takes the active size, the others split the rest', () =>
    expect(itemShares(5, 2, 50)).toEqual([12.5, 12.5, 50, 12.5, 12.5]));
  test('the shares fill the row', () => expect(itemShares(7, 6, 35).reduce((a, b) => a + b, 0)).toBeCloseTo(100));
  test('a single item fills the row whatever the active size', () => expect(itemShares(1, 0, 50)).toEqual([100]));
  test('an active index past the items counts as none', () => expect(itemShares(2, 5, 80)).toEqual([50, 50]));
});
