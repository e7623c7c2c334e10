import { randomBytes } from 'node:crypto';
import type { Db } from '~/db';
import { readCookie, setCookie } from '~/lib/cookie.server';
import { AppError } from '~/lib/errors';
import { clientAddress, takeHit } from '~/lib/rate-limit.server';
import type { SessionUser } from '~/lib/user';
import { GUEST_LIFETIME_DAYS, isGuestOwner } from './model';
import { hasGuestItems, moveGuestStores, sweepExpiredGuests, touchGuest, userOwner } from './stores.server';

/**
 * Who owns a visitor's server-side stores: the account when signed in, else the guest id of an
 * HttpOnly cookie this server issues on the guest's first add (as the reviews know a voting guest).
 * The cookie covers the whole site, so the saved pages read it too; SameSite=Lax keeps other sites'
 * posts from acting on it. The cookie lives `GUEST_LIFETIME_DAYS` from the guest's last visit: every
 * write renews it, and so does a read once a day (model.ts); the guest's rows go once it has run out.
 */
const GUEST_COOKIE = 'jet_engine_store_guest';
const GUEST_MAX_AGE = GUEST_LIFETIME_DAYS * 24 * 60 * 60;
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

/** The owner for a write: as ownerOf, issuing a guest id when there is none (`isNew`; nothing is stored yet). */
export async function ownerForWrite(
  db: Db,
  request: Request,
  user: SessionUser | null,
): Promise<{ owner: string; isNew: boolean }> {
  const owner = await ownerOf(db, request, user);
  if (owner) return { owner, isNew: false };
  if (!(await takeHit(db, `stores:guest:${clientAddress(request)}`, NEW_GUESTS))) {
    throw new AppError(429, 'rate_limited', 'Terlalu banyak permintaan dalam waktu singkat. Coba lagi nanti.');
  }
  return { owner: `guest_${randomBytes(12).toString('hex')}`, isNew: true };
}

/** The Set-Cookie header that gives a guest its id for another `GUEST_LIFETIME_DAYS`. */
function guestCookie(request: Request, guest: string): string {
  return setCookie(request, GUEST_COOKIE, guest, { path: '/', maxAge: GUEST_MAX_AGE });
}

/**
 * After a successful add (which recorded the guest as seen): the Set-Cookie that sets or renews a
 * guest's cookie, or null for an account. A new guest also sweeps the expired ones (as each sign-in
 * sweeps old sessions); a failed sweep is logged and left to the next new guest, the add stands.
 */
export async function cookieAfterAdd(db: Db, request: Request, owner: string, isNew: boolean): Promise<string | null> {
  if (!isGuestOwner(owner)) return null;
  if (isNew) await sweepExpiredGuests(db).catch((error: unknown) => console.error('stores: guest sweep failed', error));
  return guestCookie(request, owner);
}

/**
 * A guest's other calls (a remove, the state call): records the visit at most once a day and then
 * renews the cookie (its Set-Cookie header); null when nothing is due or the owner is an account.
 */
export async function cookieAfterVisit(db: Db, request: Request, owner: string | null): Promise<string | null> {
  if (!owner || !isGuestOwner(owner)) return null;
  return (await touchGuest(db, owner)) ? guestCookie(request, owner) : null;
}
