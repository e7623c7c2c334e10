import { expect, test } from 'vitest';
import { easeInOut, scrollTopFor } from './smooth-scroll';

test('anchor scroll lands below the sticky header', () => {
  expect(scrollTopFor(900, 100, 80)).toBe(920);
  expect(scrollTopFor(-500, 100, 80)).toBe(0);
});

test('easing starts, ends and stays between', () => {
  expect(easeInOut(0, 100, 0)).toBe(0);
  expect(easeInOut(0, 100, 1)).toBe(100);
  expect(easeInOut(0, 100, 0.5)).toBe(50);
  for (let t = 0; t <= 1; t += 0.05) {
    const y = easeInOut(200, 1000, t);
    expect(y).toBeGreaterThanOrEqual(200);
    expect(y).toBeLessThanOrEqual(1000);
  }
});
