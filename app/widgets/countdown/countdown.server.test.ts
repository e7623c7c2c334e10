import { afterEach, expect, test, vi } from 'vitest';
import type { WidgetLoadContext } from '../types';
import { loadCountdown } from './countdown.server';
import { countdownSettings } from './settings';

afterEach(() => {
  vi.useRealTimers();
});

const ctx = { postId: 7, elementId: 'cd1' } as WidgetLoadContext;
const settings = countdownSettings.parse({ type: 'due_date', dueDate: '2027-06-12T23:59' });

test('the time remaining is whole seconds, counted up: every view within a second gets the same props', async () => {
  // 2027-06-12T23:59 WIB is 16:59 UTC; 10.2 s and 10.9 s before it.
  vi.useFakeTimers({ now: Date.parse('2027-06-12T16:58:49.800Z') });
  const early = (await loadCountdown(settings, ctx)).props;
  vi.setSystemTime(Date.parse('2027-06-12T16:58:49.100Z'));
  const earlier = (await loadCountdown(settings, ctx)).props;
  expect(early.remaining).toBe(11_000);
  expect(earlier).toEqual(early);
  vi.setSystemTime(Date.parse('2027-06-12T16:59:00.000Z'));
  expect((await loadCountdown(settings, ctx)).props).toMatchObject({ remaining: 0, expired: true });
});
