import { z } from 'zod';
import type { Db } from '~/db';
import { recordChange } from '~/lib/content-version.server';
import { fieldErrors } from '~/lib/form-errors';
import { type RateRule, takeHit } from '~/lib/rate-limit.server';
import type { SessionUser } from '~/lib/user';
import { passwordField } from './accounts.server';
import { PASSWORD_MAX_LENGTH } from './model';
import { hashPassword, verifyPassword } from './password.server';
import { deviceLabel, type SessionRow } from './second-factor';

/**
 * Staff accounts (issue 25): an account's sessions (each browser signed in), listed on its owner's
 * account page and on its page for administrators, each one revocable; and the password change of the
 * account page, which ends every other session.
 */

/** Wrong current passwords per account on the account page's change form. */
export const PASSWORD_CHANGE_LIMIT: RateRule = { limit: 5, windowMs: 15 * 60_000 };

/** The account's sessions that still work, newest first; `current` marks the one of the page's request. */
export async function listSessions(db: Db, userId: number, currentSession: string | null): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('session')
    .select(['id', 'user_agent', 'ip_address', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date().toISOString())
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    device: deviceLabel(r.user_agent),
    userAgent: r.user_agent,
    ipAddress: r.ip_address,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    current: r.id === currentSession,
  }));
}

/** Ends one session of the account (its cookie no longer signs in); false when it had no such session. */
export async function endSessionOf(db: Db, userId: number, sessionId: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(sessionId)) return false;
  const ended = await db
    .deleteFrom('session')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(ended.numDeletedRows) === 1;
}

/** Ends every session of the account but `keep` (null: all of them); how many ended. */
export async function endOtherSessions(db: Db, userId: number, keep: string | null): Promise<number> {
  let query = db.deleteFrom('session').where('user_id', '=', userId);
  if (keep !== null) query = query.where('id', '!=', keep);
  const ended = await query.executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/** Records an ending of sessions in the audit log (never a public change). */
export async function recordSessionsEnded(db: Db, actorId: number, targetId: number, summary: string): Promise<void> {
  await recordChange(db, {
    userId: actorId,
    action: 'user.sessions',
    subjectType: 'user',
    subjectId: targetId,
    summary,
    public: false,
  });
}

const changeForm = z
  .object({
    current_password: z.string().min(1, 'Isi kata sandi Anda saat ini.').max(PASSWORD_MAX_LENGTH),
    password: passwordField,
    password_confirm: z.string(),
  })
  .refine((v) => v.password === v.password_confirm, {
    message: 'Kedua kata sandi tidak sama.',
    path: ['password_confirm'],
  });

/** What the password form answers: done, or messages per field (and `form`). */
export type PasswordChange =
  | { ok: true; message: string; ended: number }
  | { ok: false; errors: Record<string, string> };

/**
 * Changes the signed-in user's password (the current one asked first, limited per account): every other
 * session of the account ends, this browser's stays signed in.
 */
export async function changePassword(
  db: Db,
  user: Pick<SessionUser, 'id' | 'session'>,
  fields: Record<string, string>,
): Promise<PasswordChange> {
  const parsed = changeForm.safeParse({
    current_password: fields.current_password ?? '',
    password: fields.password ?? '',
    password_confirm: fields.password_confirm ?? '',
  });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
  if (!(await takeHit(db, `password-change:user:${user.id}`, PASSWORD_CHANGE_LIMIT))) {
    return { ok: false, errors: { form: 'Terlalu banyak percobaan. Tunggu 15 menit, lalu coba lagi.' } };
  }
  const stored = await db.selectFrom('app_user').select('password_hash').where('id', '=', user.id).executeTakeFirst();
  if (!stored || !(await verifyPassword(parsed.data.current_password, stored.password_hash))) {
    return { ok: false, errors: { current_password: 'Kata sandi saat ini salah.' } };
  }
  // Hashed before the transaction: scrypt is slow, and SQLite holds its write lock for a transaction's length.
  const passwordHash = await hashPassword(parsed.data.password);
  const ended = await db.transaction().execute(async (trx) => {
    await trx.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    // Reset links asked for before the change open nothing any more.
    await trx.deleteFrom('password_reset').where('user_id', '=', user.id).execute();
    return endOtherSessions(trx, user.id, user.session);
  });
  await recordChange(db, {
    userId: user.id,
    action: 'user.password',
    subjectType: 'user',
    subjectId: user.id,
    summary: `Kata sandi diganti; ${ended} sesi lain diakhiri`,
    public: false,
  });
  return { ok: true, message: 'Kata sandi diganti. Semua sesi lain akun ini telah diakhiri.', ended };
}
