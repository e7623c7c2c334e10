import { describe, expect, test } from 'vitest';
import { initiallyOpen, pressToggles, withSpot } from './model';

describe('pressToggles', () => {
  test.each([
    ['click', 'mouse', true],
    ['click', 'keyboard', true],
    ['click', 'touch', true],
    ['mouseenter', 'mouse', false],
    ['mouseenter', 'keyboard', false],
    ['mouseenter', 'touch', true],
    ['mouseenter', 'pen', true],
    ['mouseenter', 'virtual', true],
  ] as const)('trigger %s, pressed by %s → %s', (trigger, kind, toggles) =>
    expect(pressToggles(trigger, kind)).toBe(toggles),
  );
});

test('show on init opens every tooltip, otherwise none', () => {
  expect([...initiallyOpen(3, true)]).toEqual([0, 1, 2]);
  expect(initiallyOpen(3, false).size).toBe(0);
});

test('withSpot adds and removes one spot without touching the given set', () => {
  const open = new Set([1]);
  expect([...withSpot(open, 2, true)].sort()).toEqual([1, 2]);
  expect([...withSpot(open, 1, false)]).toEqual([]);
  expect([...open]).toEqual([1]);
});
