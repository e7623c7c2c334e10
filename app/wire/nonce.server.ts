import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Nonces are valid for the current and the previous 12-hour window (12–24 h, like the original). */
export const NONCE_WINDOW_MS = 12 * 60 * 60 * 1000;

/**
 * Whom a nonce is made for: a signed-in user's one session (issue 21: a nonce of one sign-in is
 * refused with another, and ends with its session), or '0' for every visitor (cached pages fetch
 * theirs with `action=rest-nonce`, original-wire.md §9.6).
 */
export function nonceSubject(user: { id: number; session: string } | null): string {
  return user ? `${user.id}.${user.session}` : '0';
}

/** Stateless HMAC nonce for a subject (`nonceSubject`) and an action. */
export function createNonce(secret: string, subject: string, action: string, now = Date.now()): string {
  return sign(secret, subject, action, Math.floor(now / NONCE_WINDOW_MS));
}

/** True when the nonce was made for this subject and action in this or the previous window. */
export function verifyNonce(secret: string, nonce: string, subject: string, action: string, now = Date.now()): boolean {
  if (!/^[0-9a-f]{20}$/.test(nonce)) return false;
  const tick = Math.floor(now / NONCE_WINDOW_MS);
  const given = Buffer.from(nonce);
  return [tick, tick - 1].some((t) => timingSafeEqual(given, Buffer.from(sign(secret, subject, action, t))));
}

function sign(secret: string, subject: string, action: string, tick: number): string {
  return createHmac('sha256', secret).update(`${tick}|${subject}|${action}`).digest('hex').slice(0, 20);
}

/** A fresh random secret (stored once in the database when NONCE_SECRET is not set). */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}
