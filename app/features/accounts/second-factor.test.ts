import { describe, expect, test } from 'vitest';
import {
  deviceLabel,
  isFreshStep,
  lastSeenIsStale,
  mustEnrol,
  readCode,
  secretGroups,
  timeStep,
} from './second-factor';

describe('the code window', () => {
  test('a time step is 30 seconds', () => {
    expect(timeStep(0)).toBe(0);
    expect(timeStep(29_999)).toBe(0);
    expect(timeStep(30_000)).toBe(1);
    expect(timeStep(Date.UTC(2026, 10, 28, 12, 0, 0))).toBe(Math.floor(Date.UTC(2026, 10, 28, 12) / 30_000));
  });
  test.each([
    [100, null, true],
    [100, 99, true],
    [100, 100, false],
    [99, 100, false],
  ])('a code of step %d after step %s was used: %s', (step, last, fresh) => {
    expect(isFreshStep(step, last)).toBe(fresh);
  });
});

test.each([
  ['123456', '123456'],
  [' 123 456 ', '123456'],
  ['123-456', '123456'],
  ['12345', null],
  ['1234567', null],
  ['12345a', null],
  [undefined, null],
])('the typed code %j reads as %j', (input, code) => {
  expect(readCode(input)).toBe(code);
});

test('a secret is shown in groups of four', () => {
  expect(secretGroups('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  expect(secretGroups('')).toBe('');
});

test.each([
  [{ staff: true, enrolled: false }, true, true],
  [{ staff: true, enrolled: true }, true, false],
  [{ staff: false, enrolled: false }, true, false],
  [{ staff: true, enrolled: false }, false, false],
])('%j with the rule %s must enrol: %s', (user, required, must) => {
  expect(mustEnrol(user, required)).toBe(must);
});

test.each([
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Chrome di Windows',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
    'Edge di Windows',
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox di Linux'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Safari di iOS',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0 Mobile Safari/537.36',
    'Samsung Internet di Android',
  ],
  ['curl/8.5.0', 'Program baris perintah'],
  [null, 'Peramban tidak dikenal'],
  ['', 'Peramban tidak dikenal'],
  ['SomethingElse/1.0', 'Peramban tidak dikenal'],
])('the user agent %j is named %j', (ua, label) => {
  expect(deviceLabel(ua)).toBe(label);
});

test('a last-seen time is written again after five minutes', () => {
  const now = new Date('2026-11-28T12:10:00Z');
  expect(lastSeenIsStale(null, now)).toBe(true);
  expect(lastSeenIsStale('2026-11-28T12:06:00Z', now)).toBe(false);
  expect(lastSeenIsStale('2026-11-28T12:05:00Z', now)).toBe(true);
});
