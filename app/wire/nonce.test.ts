import { expect, test } from 'vitest';
import { createNonce, NONCE_WINDOW_MS, nonceSubject, verifyNonce } from './nonce.server';

const secret = 'test-secret';
const t0 = 1_700_000_000_000;

test('a nonce verifies for its subject and action only', () => {
  const n = createNonce(secret, '0', 'wp_rest', t0);
  expect(verifyNonce(secret, n, '0', 'wp_rest', t0)).toBe(true);
  expect(verifyNonce(secret, n, '7', 'wp_rest', t0)).toBe(false);
  expect(verifyNonce(secret, n, '0', 'other', t0)).toBe(false);
  expect(verifyNonce('another-secret', n, '0', 'wp_rest', t0)).toBe(false);
});

test('valid in its window and the next, not after', () => {
  const n = createNonce(secret, '0', 'wp_rest', t0);
  expect(verifyNonce(secret, n, '0', 'wp_rest', t0 + NONCE_WINDOW_MS)).toBe(true);
  expect(verifyNonce(secret, n, '0', 'wp_rest', t0 + 2 * NONCE_WINDOW_MS + 1)).toBe(false);
});

test('junk never verifies', () => {
  for (const junk of ['', 'abc', 'z'.repeat(20), `${createNonce(secret, '0', 'wp_rest', t0)}x`]) {
    expect(verifyNonce(secret, junk, '0', 'wp_rest', t0)).toBe(false);
  }
});

test('a signed-in user’s nonce belongs to one session; every visitor shares the subject 0', () => {
  const first = nonceSubject({ id: 7, session: 'a'.repeat(64) });
  const second = nonceSubject({ id: 7, session: 'b'.repeat(64) });
  const n = createNonce(secret, first, 'wp_rest', t0);
  expect(verifyNonce(secret, n, first, 'wp_rest', t0)).toBe(true);
  expect(verifyNonce(secret, n, second, 'wp_rest', t0)).toBe(false);
  expect(nonceSubject(null)).toBe('0');
});
