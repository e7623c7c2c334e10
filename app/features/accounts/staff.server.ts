import { randomBytes } from 'node:crypto';
import { type Expression, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '~/db';
import { recordChange } from '~/lib/content-version.server';
import { EMAIL_MAX_LENGTH } from '~/lib/email';
import { fieldErrors } from '~/lib/form-errors';
import { pageOfRows } from '~/lib/list-page.server';
import { sendMail } from '~/lib/mail.server';
import type { UserRole } from '~/lib/user';
import { USER_ROLES } from '~/lib/user';
import { displayNameField, emailField } from './accounts.server';
import { INVITATION_LIFETIME_MS, INVITATION_PATH } from './invitation';
import { removeSecondFactor } from './second-factor.server';
import { hashToken, newToken } from './session.server';
import { endOtherSessions, endSessionOf, recordSessionsEnded } from './sessions.server';
import {
  deactivateRefusal,
  isPendingLogin,
  pendingLogin,
  ROLE_LABELS,
  roleChangeRefusal,
  rolesText,
  USER_ACCESS_INTENTS,
  USERS_PER_PAGE,
  type UserQuery,
  type UserRow,
  userStatus,
} from './staff-model';

/** The staff's reads and changes of accounts (issue 14 "Users"); administrators only (capability `users`). */

/** A page of the list: the rows, and where it stands (a page past the end shows the last one). */
export interface UserPage {
  rows: UserRow[];
  total: number;
  page: number;
  pages: number;
}

const COLUMNS = ['id', 'login', 'display_name', 'email', 'created_at', 'deactivated_at', 'invited_at'] as const;

type Stored = {
  id: number;
  login: string;
  display_name: string;
  email: string;
  created_at: string;
  deactivated_at: string | null;
  invited_at: string | null;
};

/** Each account's roles, for these accounts. */
async function rolesOf(db: Db, ids: number[]): Promise<Map<number, UserRole[]>> {
  const byUser = new Map<number, UserRole[]>();
  if (ids.length === 0) return byUser;
  const rows = await db.selectFrom('user_role').select(['user_id', 'role']).where('user_id', 'in', ids).execute();
  for (const r of rows) {
    if (!(USER_ROLES as readonly string[]).includes(r.role)) continue;
    const list = byUser.get(r.user_id) ?? [];
    list.push(r.role as UserRole);
    byUser.set(r.user_id, list);
  }
  // In the order of the role list (administrator first), whatever order the rows came in.
  for (const list of byUser.values()) list.sort((a, b) => USER_ROLES.indexOf(a) - USER_ROLES.indexOf(b));
  return byUser;
}

function toRow(r: Stored, roles: UserRole[]): UserRow {
  return {
    id: r.id,
    login: isPendingLogin(r.login) ? null : r.login,
    name: r.display_name,
    email: r.email,
    roles,
    status: userStatus(r),
    createdAt: r.created_at,
    deactivatedAt: r.deactivated_at,
    invitedAt: r.invited_at,
  };
}

/** The list's page for the query (search in the name or the address), by name. */
export async function listUsers(db: Db, query: UserQuery): Promise<UserPage> {
  let base = db.selectFrom('app_user');
  if (query.q) {
    // The search's wildcards are matched as themselves.
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(
      (eb) =>
        sql<SqlBool>`(lower(${eb.ref('display_name')}) like ${pattern} escape '\\' or lower(${eb.ref('email')}) like ${pattern} escape '\\')` as Expression<SqlBool>,
    );
  }
  const { rows, ...at } = await pageOfRows(base, USERS_PER_PAGE, query.page, (limit, offset) =>
    base.select(COLUMNS).orderBy(sql`lower(display_name)`).orderBy('id').limit(limit).offset(offset).execute(),
  );
  const roles = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toRow(r, roles.get(r.id) ?? [])), ...at };
}

/** One account as its page shows it; null when there is none. */
export async function findUser(db: Db, id: number): Promise<UserRow | null> {
  const row = await db.selectFrom('app_user').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return toRow(row, (await rolesOf(db, [row.id])).get(row.id) ?? []);
}

/** The invitation form: whom, their name and their role. */
export const inviteForm = z.object({
  email: emailField,
  display_name: displayNameField,
  role: z.enum(USER_ROLES, { message: 'Pilih peran.' }),
});

/** What the invitation form answers when it does not go on: messages and what was typed. */
export interface InviteFailure {
  ok: false;
  /** 400 for a bad field, 409 for an address that already has an account */
  status: 400 | 409;
  error: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

export type InviteOutcome = InviteFailure | { ok: true; id: number; email: string; renewed: boolean };

/**
 * Invites a person (issue 14 "Users"): their account waits with the role given (it cannot sign in) and
 * a mail carries a single-use link that works for seven days. An address with an account is refused;
 * an address whose invitation is still open gets a new link (the old one stops working).
 */
export async function inviteUser(
  db: Db,
  actor: { id: number; name: string },
  fields: Record<string, string>,
  origin: string,
  now = new Date(),
): Promise<InviteOutcome> {
  const values = {
    email: (fields.email ?? '').slice(0, EMAIL_MAX_LENGTH),
    display_name: (fields.display_name ?? '').slice(0, 100),
    role: (fields.role ?? '').slice(0, 20),
  };
  const parsed = inviteForm.safeParse(values);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      error: 'Periksa kembali isian yang ditandai.',
      fieldErrors: fieldErrors(parsed.error.issues),
      values,
    };
  }
  const { email, display_name, role } = parsed.data;
  const existing = await db
    .selectFrom('app_user')
    .select(['id', 'invited_at', 'deactivated_at'])
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
  if (existing && (existing.invited_at === null || existing.deactivated_at !== null)) {
    return {
      ok: false,
      status: 409,
      error: 'Periksa kembali isian yang ditandai.',
      fieldErrors: { email: 'E-mail ini sudah memiliki akun. Ubah peran akun itu dari daftar pengguna.' },
      values,
    };
  }
  const token = newToken();
  const at = now.toISOString();
  const userId = await db.transaction().execute(async (trx) => {
    let id: number;
    if (existing) {
      id = existing.id;
      await trx.updateTable('app_user').set({ display_name, invited_at: at }).where('id', '=', id).execute();
      await trx.deleteFrom('user_role').where('user_id', '=', id).execute();
      // The old link stops working: only the newest mail's link opens the page.
      await trx.deleteFrom('user_invitation').where('user_id', '=', id).execute();
    } else {
      const row = await trx
        .insertInto('app_user')
        .values({
          login: pendingLogin(randomBytes(9).toString('hex')),
          email,
          display_name,
          // No password until the invited person chooses one: `!` matches nothing.
          password_hash: '!',
          created_at: at,
          invited_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    await trx.insertInto('user_role').values({ user_id: id, role }).execute();
    await trx
      .insertInto('user_invitation')
      .values({
        token_hash: hashToken(token),
        user_id: id,
        created_at: at,
        expires_at: new Date(now.getTime() + INVITATION_LIFETIME_MS).toISOString(),
        used_at: null,
      })
      .execute();
    return id;
  });
  await sendMail(db, {
    to: email,
    subject: 'Undangan ke situs SMP Tunas Bangsa',
    text: [
      `Halo ${display_name},`,
      '',
      `${actor.name} mengundang Anda ke situs SMP Tunas Bangsa sebagai ${ROLE_LABELS[role]}.`,
      'Buka tautan ini untuk memilih nama pengguna dan kata sandi. Tautan hanya bisa dipakai sekali dan berlaku 7 hari:',
      '',
      `${origin}${INVITATION_PATH}?token=${token}`,
      '',
      'Jika Anda tidak mengharapkan undangan ini, abaikan e-mail ini.',
    ].join('\n'),
  });
  await recordChange(db, {
    userId: actor.id,
    action: 'user.invite',
    subjectType: 'user',
    subjectId: userId,
    summary: `${display_name} <${email}> diundang sebagai ${ROLE_LABELS[role]}`,
    public: false,
  });
  return { ok: true, id: userId, email, renewed: existing !== undefined };
}

/** What a change on a user's page did: a message, and whether it was done. */
export type UserChange = { ok: boolean; message: string } | { ok: false; missing: true };

/** Gives an account one role (the select on its page), recorded in the audit log when it changes. */
export async function changeRole(db: Db, actorId: number, targetId: number, role: UserRole): Promise<UserChange> {
  const target = await findUser(db, targetId);
  if (!target) return { ok: false, missing: true };
  const refusal = roleChangeRefusal(actorId, targetId, role);
  if (refusal) return { ok: false, message: refusal };
  if (target.roles.length === 1 && target.roles[0] === role) {
    return { ok: true, message: `Peran ${target.name} tetap ${ROLE_LABELS[role]}.` };
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_role').where('user_id', '=', targetId).execute();
    await trx.insertInto('user_role').values({ user_id: targetId, role }).execute();
  });
  await recordChange(db, {
    userId: actorId,
    action: 'user.roles',
    subjectType: 'user',
    subjectId: targetId,
    summary: `${target.name}: ${rolesText(target.roles)} → ${ROLE_LABELS[role]}`,
    // Reviews show their authors' staff badges from the roles at read time.
    public: true,
  });
  return { ok: true, message: `Peran ${target.name} sekarang ${ROLE_LABELS[role]}.` };
}

/**
 * Deactivates or reactivates an account. A deactivated account cannot sign in and every session of it
 * ends at once (its rows are deleted); what it wrote (posts, reviews) stays.
 */
export async function setActive(
  db: Db,
  actorId: number,
  targetId: number,
  active: boolean,
  now = new Date(),
): Promise<UserChange> {
  const target = await findUser(db, targetId);
  if (!target) return { ok: false, missing: true };
  if (!active) {
    const refusal = deactivateRefusal(actorId, targetId);
    if (refusal) return { ok: false, message: refusal };
  }
  const isActive = target.deactivatedAt === null;
  if (isActive === active) {
    return { ok: true, message: `${target.name} sudah ${active ? 'aktif' : 'nonaktif'}.` };
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('app_user')
      .set({ deactivated_at: active ? null : now.toISOString() })
      .where('id', '=', targetId)
      .execute();
    if (!active) await trx.deleteFrom('session').where('user_id', '=', targetId).execute();
  });
  await recordChange(db, {
    userId: actorId,
    action: active ? 'user.activate' : 'user.deactivate',
    subjectType: 'user',
    subjectId: targetId,
    summary: `${target.name} <${target.email}>`,
    // What the account wrote stays as it was; only signing in changes.
    public: false,
  });
  return {
    ok: true,
    message: active
      ? `${target.name} aktif kembali dan dapat masuk lagi.`
      : `${target.name} dinonaktifkan: tidak dapat masuk, dan semua sesinya telah berakhir.`,
  };
}

/**
 * An administrator ends one of an account's sessions or all of them (the account's browsers must sign in
 * again), or removes its second factor (a lost phone). Recorded in the audit log.
 */
export async function changeUserAccess(
  db: Db,
  actorId: number,
  targetId: number,
  intent: string,
  sessionId: string | undefined,
): Promise<UserChange> {
  const target = await findUser(db, targetId);
  if (!target) return { ok: false, missing: true };
  if (intent === USER_ACCESS_INTENTS.endSession) {
    const ended = await endSessionOf(db, targetId, sessionId ?? '');
    if (!ended) return { ok: false, message: 'Sesi itu sudah berakhir.' };
    await recordSessionsEnded(db, actorId, targetId, `Satu sesi ${target.name} diakhiri`);
    return { ok: true, message: `Satu sesi ${target.name} telah diakhiri.` };
  }
  if (intent === USER_ACCESS_INTENTS.endSessions) {
    const ended = await endOtherSessions(db, targetId, null);
    await recordSessionsEnded(db, actorId, targetId, `${ended} sesi ${target.name} diakhiri`);
    return { ok: true, message: `${ended} sesi ${target.name} telah diakhiri.` };
  }
  if (intent === USER_ACCESS_INTENTS.removeSecondFactor) {
    return (await removeSecondFactor(db, actorId, targetId))
      ? {
          ok: true,
          message: `Verifikasi dua langkah ${target.name} dihapus: ia masuk dengan kata sandi saja sampai memasangnya lagi.`,
        }
      : { ok: false, message: `${target.name} belum memakai verifikasi dua langkah.` };
  }
  return { ok: false, message: 'Tindakan ini tidak dikenal.' };
}
