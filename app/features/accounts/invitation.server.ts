import { z } from 'zod';
import type { Seo } from '~/content/seo';
import type { Db } from '~/db';
import { recordChange } from '~/lib/content-version.server';
import { fieldErrors } from '~/lib/form-errors';
import { done, refused } from '~/lib/outcome';
import { isStaff } from '~/lib/permissions';
import { siteHref } from '~/lib/site-href';
import type { UserRole } from '~/lib/user';
import { type AccountOutcome, type AccountVisit, isTokenShaped, passwordField, takenFields } from './accounts.server';
import { INVITATION_MESSAGES, INVITATION_PATH, type InvitationState, invitationState } from './invitation';
import { LOGIN_PATTERN } from './model';
import { hashPassword, spendPasswordCheck } from './password.server';
import { hashToken, spendToken, startSession } from './session.server';

/**
 * The invitation's page (issue 14 "Users"): the invited person opens the mail's single-use link,
 * chooses a login and a password (the site's password rule), and is signed in. A used or expired
 * link says which.
 */

/** What the page shows: the link's state, and whom it invites while it is open. */
export interface InvitationPageData {
  seo: Seo;
  token: string;
  state: InvitationState;
  /** Why the link does not work, when it does not. */
  message: string | null;
  name: string | null;
  email: string | null;
}

async function readInvitation(db: Db, token: string, now: Date) {
  if (!isTokenShaped(token)) return { state: 'unknown' as const, row: undefined };
  const row = await db
    .selectFrom('user_invitation')
    .innerJoin('app_user', 'app_user.id', 'user_invitation.user_id')
    .select([
      'user_invitation.user_id',
      'user_invitation.used_at',
      'user_invitation.expires_at',
      'app_user.display_name',
      'app_user.email',
      'app_user.deactivated_at',
    ])
    .where('user_invitation.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  // An account deactivated before it was accepted cannot be taken up: its link reads as unknown.
  if (row?.deactivated_at) return { state: 'unknown' as const, row: undefined };
  return { state: invitationState(row, now), row };
}

/** The page's loader: the link's state from `?token=`. */
export async function invitationPage(
  db: Db,
  visit: Pick<AccountVisit, 'origin' | 'query'>,
): Promise<InvitationPageData> {
  const token = visit.query.get('token') ?? '';
  const { state, row } = await readInvitation(db, token, new Date());
  const open = state === 'open' && row;
  return {
    seo: {
      title: 'Terima undangan',
      description: 'Pilih nama pengguna dan kata sandi untuk akun Anda di situs SMP Tunas Bangsa.',
      canonical: visit.origin + INVITATION_PATH,
      type: 'website',
      noindex: true,
    },
    token: open ? token : '',
    state,
    message: state === 'open' ? null : INVITATION_MESSAGES[state],
    name: open ? row.display_name : null,
    email: open ? row.email : null,
  };
}

const acceptForm = z
  .object({
    login: z
      .string()
      .trim()
      .regex(LOGIN_PATTERN, 'Nama pengguna: 3–60 karakter, hanya huruf, angka, titik, garis bawah atau tanda hubung.'),
    password: passwordField,
    password_confirm: z.string(),
  })
  .refine((v) => v.password === v.password_confirm, {
    message: 'Kedua kata sandi tidak sama.',
    path: ['password_confirm'],
  });

/**
 * Takes up an invitation: the login is checked and kept, the password hashed, the link used up (only
 * once, even for two posts at the same moment), and the browser (the request) signed in: staff land in
 * the staff area.
 */
export async function acceptInvitation(
  db: Db,
  request: Request,
  fields: Record<string, string>,
): Promise<AccountOutcome> {
  const token = fields.token ?? '';
  const values = { login: (fields.login ?? '').slice(0, 60) };
  const now = new Date();
  const { state } = await readInvitation(db, token, now);
  if (state !== 'open') return refused(400, { error: INVITATION_MESSAGES[state], values });
  const parsed = acceptForm.safeParse({
    login: fields.login ?? '',
    password: fields.password ?? '',
    password_confirm: fields.password_confirm ?? '',
  });
  if (!parsed.success) {
    return refused(400, {
      error: 'Periksa kembali isian yang ditandai.',
      fieldErrors: fieldErrors(parsed.error.issues),
      values,
    });
  }
  const { login } = parsed.data;
  // The e-mail is the account's own: only the login can be taken by someone else.
  const taken = await takenFields(db, login, '');
  if (taken.login) {
    await spendPasswordCheck(parsed.data.password);
    return refused(409, { error: 'Periksa kembali isian yang ditandai.', fieldErrors: { login: taken.login }, values });
  }
  // Hashed before the transaction: scrypt is slow, and SQLite holds its write lock for a transaction's length.
  const passwordHash = await hashPassword(parsed.data.password);
  const at = now.toISOString();
  let accepted: { user_id: number } | null;
  try {
    accepted = await db.transaction().execute(async (trx) => {
      const used = await spendToken(trx, 'user_invitation', token, at);
      if (!used) return null;
      await trx
        .updateTable('app_user')
        .set({ login, password_hash: passwordHash, invited_at: null })
        .where('id', '=', used.user_id)
        .where('deactivated_at', 'is', null)
        .execute();
      return used;
    });
  } catch (error) {
    // Someone chose the same login between the check and the update.
    if ((await takenFields(db, login, '')).login) {
      return refused(409, {
        error: 'Periksa kembali isian yang ditandai.',
        fieldErrors: { login: 'Nama pengguna ini sudah dipakai.' },
        values,
      });
    }
    throw error;
  }
  if (!accepted) return refused(400, { error: INVITATION_MESSAGES.used, values });
  await recordChange(db, {
    userId: accepted.user_id,
    action: 'user.accept',
    subjectType: 'user',
    subjectId: accepted.user_id,
    summary: `Undangan diterima: ${login}`,
    // A new account has written nothing the public sees.
    public: false,
  });
  const cookie = await startSession(db, accepted.user_id, request);
  const roles = await db.selectFrom('user_role').select('role').where('user_id', '=', accepted.user_id).execute();
  const staff = isStaff({ roles: roles.map((r) => r.role as UserRole) });
  return done(staff ? siteHref('/admin') : '/', 302, { 'Set-Cookie': cookie });
}
