import { afterEach, expect, test, vi } from 'vitest';
import { rememberFor } from './remember.server';

afterEach(() => vi.useRealTimers());

test('a read is reused for its lifetime, per database and key, then read again', async () => {
  vi.useFakeTimers();
  const remember = rememberFor<number>(1000);
  const dbA = {};
  const dbB = {};
  let reads = 0;
  const read = async () => ++reads;
  expect(await remember(dbA, 'k', read)).toBe(1);
  expect(await remember(dbA, 'k', read)).toBe(1);
  expect(await remember(dbB, 'k', read)).toBe(2);
  expect(await remember(dbB, 'other', read)).toBe(3);
  vi.advanceTimersByTime(1001);
  expect(await remember(dbB, 'k', read)).toBe(4);
});

test('a failed read is not kept', async () => {
  const remember = rememberFor<number>(60_000);
  const db = {};
  await expect(remember(db, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  expect(await remember(db, 'k', async () => 7)).toBe(7);
});
