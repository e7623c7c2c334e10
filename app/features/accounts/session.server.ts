import { createHash } from 'node:crypto';
import type { Db } from '~/db';
import { type SessionUser, SESSION_COOKIE, USER_ROLES, type UserRole } from './model';

/** The hash under which a session token is stored (a stolen database holds no usable cookie). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The session token in a Cookie header, if any. */
export function sessionToken(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
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
    .select(['app_user.id', 'app_user.login', 'app_user.display_name', 'app_user.email'])
    .where('session.id', '=', hashToken(token))
    .where('session.expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  if (!row) return null;
  const roles = await db.selectFrom('user_role').select('role').where('user_id', '=', row.id).execute();
  return {
    id: row.id,
    login: row.login,
    name: row.display_name,
    email: row.email,
    roles: roles.map((r) => r.role).filter((r): r is UserRole => (USER_ROLES as readonly string[]).includes(r)),
  };
}
