import { randomBytes } from 'node:crypto';
import { getNonceSecret } from '~/content/options.server';
import type { Db } from '~/db';
import { hashToken } from '~/features/accounts/session.server';
import { env } from '~/lib/env.server';
import type { UserRole } from '~/lib/user';
import { csrfToken } from '~/staff/access.server';
import { nonceSubject } from '~/wire/nonce.server';

/** A user of the tests' own (no password: `password_hash` '!' matches nothing), with one role. */
export async function createUser(db: Db, login: string, role: UserRole = 'subscriber'): Promise<number> {
  const { id } = await db
    .insertInto('app_user')
    .values({
      login,
      email: `${login}@contoh.sch.id`,
      display_name: `Pengguna ${login}`,
      password_hash: '!',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ user_id: id, role }).execute();
  return id;
}

/** A session of that user for a day, as the sign-in page would start it: its token (the cookie's value). */
export async function startTestSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('session')
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .execute();
  return token;
}

/**
 * The nonce subject of a test session (wire/nonce.server.ts `nonceSubject`): its user and the session
 * of its cookie (`session=…`) or token.
 */
export function sessionSubject(userId: number, cookieOrToken: string): string {
  return nonceSubject({ id: userId, session: hashToken(cookieOrToken.replace(/^session=/, '')) });
}

/** The staff CSRF token of a test session (its cookie `session=…` or token), made with the server's secret. */
export async function staffToken(db: Db, userId: number, cookieOrToken: string): Promise<string> {
  const nonceSecret = await getNonceSecret(db, env().NONCE_SECRET);
  return csrfToken({ nonceSecret }, { id: userId, session: hashToken(cookieOrToken.replace(/^session=/, '')) });
}

/**
 * A signed-in user per role (login `{prefix}-{role}`), for the staff screens' tests: each one's id,
 * session cookie and CSRF token (the server's own secret) are put in the given records by role.
 */
export async function signInRoles(
  db: Db,
  prefix: string,
  roles: readonly UserRole[],
  into: { cookies: Record<string, string>; tokens: Record<string, string>; ids?: Record<string, number> },
): Promise<void> {
  const nonceSecret = await getNonceSecret(db, env().NONCE_SECRET);
  for (const role of roles) {
    const id = await createUser(db, `${prefix}-${role}`, role);
    if (into.ids) into.ids[role] = id;
    const token = await startTestSession(db, id);
    into.cookies[role] = `session=${token}`;
    into.tokens[role] = csrfToken({ nonceSecret }, { id, session: hashToken(token) });
  }
}
