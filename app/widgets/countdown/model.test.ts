import { describe, expect, test } from 'vitest';
import {
  DAY_MS,
  digits,
  endlessEnd,
  evergreenEnd,
  expiredView,
  HOUR_MS,
  intervalMs,
  MINUTE_MS,
  remainingSentence,
  restarts,
  SECOND_MS,
  schoolDateTimeToMs,
  splitRemaining,
} from './model';

const ALL = { days: true, hours: true, minutes: true, seconds: true };

describe('schoolDateTimeToMs (a due date in WIB)', () => {
  test('the regular track closes at 12 June 2027 23:59 WIB = 16:59 UTC', () => {
    expect(schoolDateTimeToMs('2027-06-12T23:59')).toBe(Date.UTC(2027, 5, 12, 16, 59));
  });
  test('midnight WIB is 17:00 UTC the day before', () => {
    expect(schoolDateTimeToMs('2027-01-01T00:00')).toBe(Date.UTC(2026, 11, 31, 17, 0));
  });
  test.each([
    '2027-06-31T10:00',
    '2027-02-29T10:00',
    '2027-13-01T10:00',
    '2027-06-12T24:00',
    '2027-06-12T23:60',
    '2027-06-12',
    '2027-06-12 23:59',
    '12-06-2027T23:59',
    '',
  ])('%j names no time', (text) => expect(schoolDateTimeToMs(text)).toBeNull());
  test('a leap day exists in a leap year', () => expect(schoolDateTimeToMs('2028-02-29T08:00')).not.toBeNull());
});

describe('splitRemaining', () => {
  const ms = 12 * DAY_MS + 3 * HOUR_MS + 4 * MINUTE_MS + 5 * SECOND_MS;
  test('days, hours, minutes and seconds', () => {
    expect(splitRemaining(ms, ALL)).toEqual({ days: 12, hours: 3, minutes: 4, seconds: 5 });
  });
  test('whole seconds are counted up: the last second shows 1, the end 0', () => {
    expect(splitRemaining(1, ALL)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(splitRemaining(59_001, ALL)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
    expect(splitRemaining(0, ALL)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitRemaining(-5000, ALL)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
  test('a hidden larger unit is carried into the next shown one', () => {
    expect(splitRemaining(ms, { ...ALL, days: false })).toEqual({ hours: 291, minutes: 4, seconds: 5 });
    expect(splitRemaining(ms, { days: false, hours: false, minutes: true, seconds: false })).toEqual({
      minutes: 17_464,
    });
  });
  test('hidden smaller units are dropped', () => {
    expect(splitRemaining(ms, { ...ALL, seconds: false })).toEqual({ days: 12, hours: 3, minutes: 4 });
  });
  test('two digits at least', () => {
    expect([digits(0), digits(5), digits(12), digits(120)]).toEqual(['00', '05', '12', '120']);
  });
});

describe('remainingSentence (what screen readers read, to the minute)', () => {
  test.each([
    [12 * DAY_MS + 3 * HOUR_MS, '12 hari 3 jam'],
    [12 * DAY_MS + 3 * HOUR_MS - 30 * SECOND_MS, '12 hari 3 jam'],
    [2 * HOUR_MS + 5 * MINUTE_MS, '2 jam 5 menit'],
    [DAY_MS + MINUTE_MS, '1 hari 1 menit'],
    [30 * SECOND_MS, '1 menit'],
    [0, '0 menit, waktu habis'],
  ])('%d ms → %j', (ms, text) => expect(remainingSentence(ms)).toBe(text));
  test('it changes at most once a minute', () => {
    const seen = new Set<string>();
    for (let s = 0; s < 60; s++) seen.add(remainingSentence(10 * MINUTE_MS - s * SECOND_MS));
    expect(seen.size).toBe(1);
  });
});

describe('evergreenEnd (kept per visitor)', () => {
  const now = Date.UTC(2026, 10, 27, 3, 0);
  const interval = intervalMs(2, 30);
  test('a first visit: now plus the interval', () => expect(evergreenEnd(null, now, interval)).toBe(now + interval));
  test('a later visit: the kept end, even a past one (it expired for this visitor)', () => {
    expect(evergreenEnd(String(now + HOUR_MS), now, interval)).toBe(now + HOUR_MS);
    expect(evergreenEnd(String(now - HOUR_MS), now, interval)).toBe(now - HOUR_MS);
  });
  test('a kept end beyond a whole interval, or junk, starts anew', () => {
    expect(evergreenEnd(String(now + DAY_MS), now, interval)).toBe(now + interval);
    expect(evergreenEnd('soon', now, interval)).toBe(now + interval);
    expect(evergreenEnd('', now, interval)).toBe(now + interval);
  });
  test('an interval of 0 does not start (spec 000 §5)', () => {
    expect(evergreenEnd(null, now, 0)).toBeNull();
    expect(evergreenEnd(String(now + 1000), now, intervalMs(0, 0))).toBeNull();
  });
});

describe('endlessEnd', () => {
  const due = Date.UTC(2026, 10, 27, 0, 0);
  test('before its due date: the due date', () => expect(endlessEnd(due, HOUR_MS, due - 5000)).toBe(due));
  test('after it: the next interval boundary', () => {
    expect(endlessEnd(due, HOUR_MS, due)).toBe(due + HOUR_MS);
    expect(endlessEnd(due, HOUR_MS, due + 90 * MINUTE_MS)).toBe(due + 2 * HOUR_MS);
  });
  test('without an interval it ends once', () => expect(endlessEnd(due, 0, due + DAY_MS)).toBe(due));
});

describe('expiry', () => {
  test.each([
    [['message'], true, { hideTimer: false, hideWidget: false, showMessage: true, redirect: false }],
    [['message'], false, { hideTimer: false, hideWidget: false, showMessage: false, redirect: false }],
    [['hide'], true, { hideTimer: true, hideWidget: true, showMessage: false, redirect: false }],
    [['hide', 'message'], true, { hideTimer: true, hideWidget: false, showMessage: true, redirect: false }],
    [['redirect'], false, { hideTimer: false, hideWidget: false, showMessage: false, redirect: true }],
    [[], true, { hideTimer: false, hideWidget: false, showMessage: false, redirect: false }],
  ] as const)('%j (message: %s) → %j', (actions, hasMessage, view) =>
    expect(expiredView(actions, hasMessage)).toEqual(view),
  );
  test('what starts over: endless always, evergreen with restart, never a due date or a 0 interval', () => {
    expect(restarts('endless', [], HOUR_MS)).toBe(true);
    expect(restarts('evergreen', ['restart'], HOUR_MS)).toBe(true);
    expect(restarts('evergreen', ['message'], HOUR_MS)).toBe(false);
    expect(restarts('due_date', ['restart'], HOUR_MS)).toBe(false);
    expect(restarts('evergreen', ['restart'], 0)).toBe(false);
  });
});
