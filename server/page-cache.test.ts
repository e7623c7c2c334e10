import { gunzipSync, gzipSync } from 'node:zlib';
import { expect, test, vi } from 'vitest';
import { isCacheable, PageCache } from './page-cache';

test('only anonymous page reads are cacheable', () => {
  expect(isCacheable('GET', '/galeri/', undefined)).toBe(true);
  expect(isCacheable('HEAD', '/', 'theme=dark')).toBe(true);
  expect(isCacheable('POST', '/', undefined)).toBe(false);
  expect(isCacheable('GET', '/wp-admin/admin-ajax.php', undefined)).toBe(false);
  expect(isCacheable('GET', '/wp-json/x', undefined)).toBe(false);
  expect(isCacheable('GET', '/', 'a=1; session=abc')).toBe(false);
  expect(isCacheable('GET', '/', 'wordpress_logged_in_123=x')).toBe(false);
});

test('entries keep headers except cookies, are gzipped once and expire', () => {
  vi.useFakeTimers();
  try {
    const cache = new PageCache(1000);
    const headers = new Headers({
      'content-type': 'text/html',
      'set-cookie': 'x=1',
      'content-security-policy': "script-src 'nonce-a'",
    });
    cache.set('/a', 200, headers, Buffer.from('<p>hai</p>'), gzipSync('<p>hai</p>'));
    const hit = cache.get('/a');
    expect(hit?.headers).toContainEqual(['content-security-policy', "script-src 'nonce-a'"]);
    expect(hit?.headers.find(([k]) => k === 'set-cookie')).toBeUndefined();
    expect(gunzipSync(hit?.gzip as Buffer).toString()).toBe('<p>hai</p>');
    vi.advanceTimersByTime(1001);
    expect(cache.get('/a')).toBeUndefined();
  } finally {
    vi.useRealTimers();
  }
});

test('the oldest entry goes when the cache is full', () => {
  const cache = new PageCache(60_000, 2);
  const h = new Headers();
  cache.set('/1', 200, h, Buffer.from('1'), gzipSync('1'));
  cache.set('/2', 200, h, Buffer.from('2'), gzipSync('2'));
  cache.get('/1');
  cache.set('/3', 200, h, Buffer.from('3'), gzipSync('3'));
  expect(cache.get('/2')).toBeUndefined();
  expect(cache.get('/1')).toBeDefined();
  expect(cache.get('/3')).toBeDefined();
});
