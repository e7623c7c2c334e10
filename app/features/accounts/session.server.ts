import { createHash, randomBytes } from 'node:crypto';
import { parse } from 'cookie';
import type { Db } from '~/db';
import { setCookie } from '~/lib/cookie.server';
import { clientAddress } from '~/lib/rate-limit.server';
import { type SessionUser, USER_ROLES, type UserRole } from '~/lib/user';
import { SESSION_COOKIE } from './model';
import { lastSeenIsStale } from './second-factor';
import { mustEnrolNow } from './second-factor-rule.server';

/** The hash under which a session token is stored (a stolen database holds no usable cookie). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Uses up the token of a link sent by mail (a password reset's, an invitation's) at `at`, atomically: of
 * two posts of one link, only one finds it still open. Its user, or undefined when it is used, expired or unknown.
 */
export function spendToken(trx: Db, table: 'password_reset' | 'user_invitation', token: string, at: string) {
  return trx
    .updateTable(table)
    .set({ used_at: at })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('user_id')
    .executeTakeFirst();
}

/** The session token in a Cookie header, if any. */
export function sessionToken(cookieHeader: string | null | undefined): string | null {
  const value = cookieHeader ? parse(cookieHeader)[SESSION_COOKIE] : undefined;
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

/** Reads the signed-in user of a request from the database, once per request. */
export function sessionReader(db: Db): (request: Request) => Promise<SessionUser | null> {
  const seen = new WeakMap<Request, Promise<SessionUser | null>>();
  return (request) => {
    let user = seen.get(request);
    if (!user) {
      user = readSessionUser(db, sessionToken(request.headers.get('cookie')));
      seen.set(request, user);
    }
    return user;
  };
}

async function readSessionUser(db: Db, token: string | null): Promise<SessionUser | null> {
  if (!token) return null;
  const row = await db
    .selectFrom('session')
    .innerJoin('app_user', 'app_user.id', 'session.user_id')
    .select([
      'session.id as session',
      'session.last_seen_at',
      'app_user.id',
      'app_user.login',
      'app_user.display_name',
      'app_user.email',
    ])
    .where('session.id', '=', hashToken(token))
    .where('session.expires_at', '>', new Date().toISOString())
    // A deactivated account's sessions are deleted with it; this also refuses any left behind.
    .where('app_user.deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  // The sessions list's "last seen", written at most every few minutes: a write per request would cost more.
  // Only shown, never checked: a write that fails (a busy database) must not fail the page.
  const now = new Date();
  if (lastSeenIsStale(row.last_seen_at, now)) {
    await db
      .updateTable('session')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', row.session)
      .execute()
      .catch(() => undefined);
  }
  const rows = await db.selectFrom('user_role').select('role').where('user_id', '=', row.id).execute();
  const roles = rows.map((r) => r.role).filter((r): r is UserRole => (USER_ROLES as readonly string[]).includes(r));
  return {
    id: row.id,
    login: row.login,
    name: row.display_name,
    email: row.email,
    roles,
    session: row.session,
    // Visitors and subscribers skip both reads (mustEnrolNow asks about staff only).
    secondFactorDue: await mustEnrolNow(db, { id: row.id, roles }),
  };
}

/** How long a sign-in lasts (issue 4: 14 days). */
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** A new random token for a cookie or a link: 32 bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Signs `userId` in: stores a new session and returns the Set-Cookie header that hands it to the browser. */
export async function startSession(db: Db, userId: number, request: Request, now = new Date()): Promise<string> {
  const token = newToken();
  const expires = new Date(now.getTime() + SESSION_LIFETIME_MS);
  // Old sessions are read by nobody; each sign-in sweeps them (an index on expires_at keeps it cheap).
  await db.deleteFrom('session').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('session')
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
      // What the sessions list shows (issue 25): which browser, from where.
      user_agent: request.headers.get('user-agent')?.slice(0, 300) || null,
      ip_address: clientAddress(request),
      last_seen_at: now.toISOString(),
    })
    .execute();
  return sessionCookie(token, SESSION_LIFETIME_MS / 1000, request);
}

/** Ends the session of the request's cookie (if any) and returns the Set-Cookie header that clears it. */
export async function endSession(db: Db, request: Request): Promise<string> {
  const token = sessionToken(request.headers.get('cookie'));
  if (token) await db.deleteFrom('session').where('id', '=', hashToken(token)).execute();
  return sessionCookie('', 0, request);
}

/** The session cookie: HttpOnly, SameSite=Lax, the whole site, Secure behind HTTPS. */
function sessionCookie(value: string, maxAgeSeconds: number, request: Request): string {
  return setCookie(request, SESSION_COOKIE, value, { path: '/', maxAge: maxAgeSeconds });
}
