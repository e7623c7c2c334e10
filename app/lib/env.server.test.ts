import { describe, expect, test } from 'vitest';
import { env } from './env.server';

describe('the environment', () => {
  test('defaults when nothing is set', () => {
    const e = env({});
    expect(e).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', PAGE_CACHE: true, PAGE_CACHE_TTL: 60, PG_POOL_SIZE: 10 });
    expect(e.SITE_URL).toBeUndefined();
    expect(e.REVIEWS_CAPTCHA).toBeUndefined();
  });

  test('values are read and cleaned; empty means unset', () => {
    const e = env({
      PORT: '8080',
      PAGE_CACHE: 'off',
      SITE_URL: 'https://smp.sch.id/',
      REVIEWS_CAPTCHA: 'ON',
      HOST: '',
    });
    expect(e).toMatchObject({ PORT: 8080, PAGE_CACHE: false, SITE_URL: 'https://smp.sch.id', REVIEWS_CAPTCHA: true });
    expect(e.HOST).toBe('0.0.0.0');
  });

  test.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ SITE_URL: 'javascript:alert(1)' }, /SITE_URL/],
    [{ PAGE_CACHE: 'maybe' }, /PAGE_CACHE: on or off/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ NONCE_SECRET: 'short' }, /NONCE_SECRET/],
  ])('%j is refused with the variable named', (source, message) => {
    expect(() => env(source)).toThrow(message);
  });
});

test('a variable changed between two reads is seen by the second', () => {
  const source: NodeJS.ProcessEnv = { PORT: '8080' };
  expect(env(source).PORT).toBe(8080);
  expect(env(source)).toBe(env(source));
  source.PORT = '9090';
  expect(env(source).PORT).toBe(9090);
});
