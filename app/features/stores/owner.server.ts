import { randomBytes } from 'node:crypto';
import type { Db } from '~/db';
import { readCookie, setCookie } from '~/lib/cookie.server';
import { AppError } from '~/lib/errors';
import { clientAddress, takeHit } from '~/lib/rate-limit.server';
import type { SessionUser } from '~/lib/user';
import { hasGuestItems, moveGuestStores, userOwner } from './stores.server';

/**
 * Who owns a visitor's server-side stores: the account when signed in, else the guest id of an
 * HttpOnly cookie this server issues on the guest's first add (as the reviews know a voting guest).
 * The cookie covers the whole site, so the saved pages read it too; SameSite=Lax keeps other sites'
 * posts from acting on it.
 */
const GUEST_COOKIE = 'jet_engine_store_guest';
const GUEST_MAX_AGE = 365 * 24 * 60 * 60;
const GUEST_PATTERN = /^guest_[0-9a-f]{24}$/;
/** New guest ids per visitor address: a script without cookies cannot fill the table with guests. */
const NEW_GUESTS = { limit: 60, windowMs: 10 * 60_000 };

/** The store guest id in a request's cookies, or null. */
export function guestOf(request: Request): string | null {
  const value = readCookie(request, GUEST_COOKIE);
  return value && GUEST_PATTERN.test(value) ? value : null;
}

/**
 * The owner key of a request's stores, or null for a guest who has stored nothing yet. A signed-in
 * visitor who still carries a guest cookie gets that guest's items moved to the account first.
 */
export async function ownerOf(db: Db, request: Request, user: SessionUser | null): Promise<string | null> {
  const guest = guestOf(request);
  if (!user) return guest;
  if (guest && (await hasGuestItems(db, guest))) await moveGuestStores(db, guest, user.id);
  return userOwner(user.id);
}

/** The owner for a write: as ownerOf, issuing a guest id (and its Set-Cookie header) when there is none. */
export async function ownerForWrite(
  db: Db,
  request: Request,
  user: SessionUser | null,
): Promise<{ owner: string; setCookie: string | null }> {
  const owner = await ownerOf(db, request, user);
  if (owner) return { owner, setCookie: null };
  if (!(await takeHit(db, `stores:guest:${clientAddress(request)}`, NEW_GUESTS))) {
    throw new AppError(429, 'rate_limited', 'Terlalu banyak permintaan dalam waktu singkat. Coba lagi nanti.');
  }
  const guest = `guest_${randomBytes(12).toString('hex')}`;
  return {
    owner: guest,
    setCookie: setCookie(request, GUEST_COOKIE, guest, { path: '/', maxAge: GUEST_MAX_AGE }),
  };
}
