import { randomBytes } from 'node:crypto';
import type { Db } from '~/db';
import { hashToken } from '~/features/accounts/session.server';
import type { UserRole } from '~/lib/user';

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
