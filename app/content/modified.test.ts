import { expect, test } from 'vitest';
import { nextModified } from './modified';

test('a new modified time is always after the stored one', () => {
  const now = new Date('2025-08-01T00:00:00.000Z');
  expect(nextModified(null, now)).toBe('2025-08-01T00:00:00.000Z');
  expect(nextModified('2025-08-01T00:00:00.000Z', now)).toBe('2025-08-01T00:00:00.001Z');
  expect(nextModified('2025-07-01T00:00:00.000Z', now)).toBe('2025-08-01T00:00:00.000Z');
});
