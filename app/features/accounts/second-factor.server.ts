import { generateSecret, generateURI, verify } from 'otplib';
import type { Seo } from '~/content/seo';
import type { Db } from '~/db';
import { recordChange } from '~/lib/content-version.server';
import { readCookie, setCookie } from '~/lib/cookie.server';
import { done, type Outcome, refused } from '~/lib/outcome';
import { isStaff } from '~/lib/permissions';
import { giveBackHit, type RateRule, takeHit } from '~/lib/rate-limit.server';
import type { SessionUser } from '~/lib/user';
import { type AccountFormState, safeRedirect } from './model';
import {
  CHALLENGE_COOKIE,
  CHALLENGE_LIFETIME_MS,
  isFreshStep,
  readCode,
  SECOND_FACTOR_PATHS,
  secretGroups,
  TOTP_DRIFT_STEPS,
  TOTP_PERIOD_SECONDS,
} from './second-factor';
import { secondFactorRequired } from './second-factor-rule.server';
import { hashToken, newToken, sessionToken, startSession } from './session.server';

/**
 * Staff accounts (issue 25): the second factor's reads and changes: enrolment and turning it off on the
 * user's own account page, the code step of sign-in, and the administrators' rule that staff must have one.
 */

const MINUTE = 60_000;

/** Wrong codes per account (the code page, enrolment, turning it off): over it, codes are refused for a while. */
export const SECOND_FACTOR_LIMITS = {
  wrongCodes: { limit: 5, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

const MESSAGES = {
  badCode: 'Kode salah atau sudah dipakai. Masukkan kode 6 angka yang sedang tampil di aplikasi autentikator.',
  codeShape: 'Masukkan kode 6 angka dari aplikasi autentikator.',
  limited: 'Terlalu banyak kode yang salah. Tunggu 15 menit, lalu coba lagi.',
  expired: 'Langkah masuk ini sudah kedaluwarsa. Masukkan lagi nama pengguna dan kata sandi Anda.',
  enrolled: 'Verifikasi dua langkah aktif. Mulai sekarang, setiap kali masuk Anda akan diminta kode dari aplikasi.',
  turnedOff: 'Verifikasi dua langkah dimatikan.',
  required: 'Administrator mewajibkan verifikasi dua langkah untuk staf: fitur ini tidak dapat dimatikan.',
} as const;

/** What a check of a typed code comes to. */
export type CodeCheck = 'ok' | 'wrong' | 'limited';

/**
 * Checks a typed code against the account's secret (`confirmed`: the one it signs in with, else the one
 * waiting for enrolment). Every try counts against the wrong-code limit first (so that parallel tries
 * cannot all pass), a right code gives its count back. A code is taken only for a time step newer than
 * the last one taken, and that step is stored in the same conditional update: of two posts of one code,
 * one wins.
 */
export async function checkCode(
  db: Db,
  userId: number,
  typed: string | undefined,
  confirmed: boolean,
  now = Date.now(),
): Promise<CodeCheck> {
  const bucket = `totp:user:${userId}`;
  const rule = SECOND_FACTOR_LIMITS.wrongCodes;
  if (!(await takeHit(db, bucket, rule, now))) return 'limited';
  const code = readCode(typed);
  const row = await db
    .selectFrom('user_totp')
    .select(['secret', 'last_step', 'confirmed_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!code || !row || (row.confirmed_at !== null) !== confirmed) return 'wrong';
  const result = await verify({
    secret: row.secret,
    token: code,
    epoch: Math.floor(now / 1000),
    epochTolerance: TOTP_DRIFT_STEPS * TOTP_PERIOD_SECONDS,
  });
  // The functional `verify` also types HOTP's result; a TOTP match carries its time step.
  const step = result.valid && 'timeStep' in result ? result.timeStep : null;
  if (step === null || !isFreshStep(step, row.last_step)) return 'wrong';
  const update = db
    .updateTable('user_totp')
    .set(confirmed ? { last_step: step } : { last_step: step, confirmed_at: new Date(now).toISOString() })
    .where('user_id', '=', userId)
    .where('secret', '=', row.secret)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]));
  const taken = await (confirmed
    ? update.where('confirmed_at', 'is not', null)
    : update.where('confirmed_at', 'is', null)
  ).executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return 'wrong';
  await giveBackHit(db, bucket, rule, now);
  return 'ok';
}

/** The second factor's part of the user's own account page. */
export interface SecondFactorView {
  enrolled: boolean;
  /** the administrators require it of staff roles */
  required: boolean;
  /** While enrolment waits: the secret in groups of four and the otpauth address an app reads. */
  setup: { secret: string; uri: string } | null;
}

/**
 * The account page's second factor: on, or the secret to set up (kept until its first code confirms
 * it; the same secret on every visit, so an app that already read it keeps working).
 */
export async function secondFactorView(db: Db, user: Pick<SessionUser, 'id' | 'login'>): Promise<SecondFactorView> {
  const required = await secondFactorRequired(db);
  let row = await db
    .selectFrom('user_totp')
    .select(['secret', 'confirmed_at'])
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (row?.confirmed_at) return { enrolled: true, required, setup: null };
  if (!row) {
    const secret = generateSecret();
    await db
      .insertInto('user_totp')
      .values({ user_id: user.id, secret, created_at: new Date().toISOString(), confirmed_at: null, last_step: null })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    row = await db
      .selectFrom('user_totp')
      .select(['secret', 'confirmed_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (row.confirmed_at) return { enrolled: true, required, setup: null };
  }
  const uri = generateURI({ issuer: 'SMP Tunas Bangsa', label: user.login, secret: row.secret });
  return { enrolled: false, required, setup: { secret: secretGroups(row.secret), uri } };
}

/** What a change on the account page did: its message, and whether it was done. */
export type AccountChange = { ok: boolean; message: string };

/** Confirms enrolment with the first code the app shows; from then on sign-in asks for one. */
export async function confirmSecondFactor(db: Db, userId: number, code: string | undefined): Promise<AccountChange> {
  if (!readCode(code)) return { ok: false, message: MESSAGES.codeShape };
  const check = await checkCode(db, userId, code, false);
  if (check !== 'ok') return { ok: false, message: check === 'limited' ? MESSAGES.limited : MESSAGES.badCode };
  await recordChange(db, {
    userId,
    action: 'user.second-factor.on',
    subjectType: 'user',
    subjectId: userId,
    summary: 'Verifikasi dua langkah diaktifkan',
    public: false,
  });
  return { ok: true, message: MESSAGES.enrolled };
}

/** Turns the second factor off with a current code (refused while the administrators require it of staff). */
export async function turnOffSecondFactor(
  db: Db,
  user: Pick<SessionUser, 'id' | 'roles'>,
  code: string | undefined,
): Promise<AccountChange> {
  if (isStaff(user) && (await secondFactorRequired(db))) return { ok: false, message: MESSAGES.required };
  if (!readCode(code)) return { ok: false, message: MESSAGES.codeShape };
  const check = await checkCode(db, user.id, code, true);
  if (check !== 'ok') return { ok: false, message: check === 'limited' ? MESSAGES.limited : MESSAGES.badCode };
  await db.deleteFrom('user_totp').where('user_id', '=', user.id).execute();
  await recordChange(db, {
    userId: user.id,
    action: 'user.second-factor.off',
    subjectType: 'user',
    subjectId: user.id,
    summary: 'Verifikasi dua langkah dimatikan',
    public: false,
  });
  return { ok: true, message: MESSAGES.turnedOff };
}

/**
 * An administrator removes another account's second factor (a lost phone): its owner signs in with the
 * password alone, and sets it up again (at once, when the rule requires it).
 */
export async function removeSecondFactor(db: Db, actorId: number, targetId: number): Promise<boolean> {
  const removed = await db.deleteFrom('user_totp').where('user_id', '=', targetId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  await recordChange(db, {
    userId: actorId,
    action: 'user.second-factor.reset',
    subjectType: 'user',
    subjectId: targetId,
    summary: 'Verifikasi dua langkah dihapus oleh administrator',
    public: false,
  });
  return true;
}

/**
 * After a correct password of an account with a second factor: the half-signed-in step, a row and a
 * cookie of its own that no session reader knows, good for a few minutes. Its Set-Cookie header.
 */
export async function startChallenge(db: Db, userId: number, redirectTo: string, request: Request): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db.deleteFrom('sign_in_challenge').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('sign_in_challenge')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      redirect_to: safeRedirect(redirectTo),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_LIFETIME_MS).toISOString(),
    })
    .execute();
  return challengeCookie(request, token, CHALLENGE_LIFETIME_MS / 1000);
}

function challengeCookie(request: Request, value: string, maxAgeSeconds: number): string {
  return setCookie(request, CHALLENGE_COOKIE, value, { path: '/', maxAge: maxAgeSeconds });
}

/** The open challenge of the request's cookie, if any. */
async function openChallenge(db: Db, request: Request) {
  const token = readCookie(request, CHALLENGE_COOKIE);
  if (!token || sessionToken(`session=${token}`) === null) return undefined;
  return db
    .selectFrom('sign_in_challenge')
    .select(['token_hash', 'user_id', 'redirect_to'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
}

/** The code page's data: whether a password step is waiting for its code. */
export async function codePage(db: Db, request: Request, origin: string): Promise<{ seo: Seo; open: boolean }> {
  return {
    seo: {
      title: 'Kode verifikasi',
      description: 'Masukkan kode dari aplikasi autentikator untuk menyelesaikan masuk.',
      canonical: origin + SECOND_FACTOR_PATHS.code,
      type: 'website',
      noindex: true,
    },
    open: (await openChallenge(db, request)) !== undefined,
  };
}

/**
 * The code step of sign-in: a right, unused code of the challenge's account ends the challenge and
 * starts the session; a wrong one is counted (the account's wrong-code limit), an expired challenge
 * sends the person back to the password.
 */
export async function submitCode(
  db: Db,
  request: Request,
  fields: Record<string, string>,
): Promise<Outcome<AccountFormState, AccountFormState>> {
  const challenge = await openChallenge(db, request);
  if (!challenge) return refused(400, { error: MESSAGES.expired });
  if (!readCode(fields.code)) return refused(400, { fieldErrors: { code: MESSAGES.codeShape } });
  const check = await checkCode(db, challenge.user_id, fields.code, true);
  if (check === 'limited') return refused(429, { error: MESSAGES.limited });
  if (check === 'wrong') return refused(400, { fieldErrors: { code: MESSAGES.badCode } });
  // Used once: of two posts of one challenge, only one deletes it and signs in.
  const ended = await db
    .deleteFrom('sign_in_challenge')
    .where('token_hash', '=', challenge.token_hash)
    .executeTakeFirst();
  if (Number(ended.numDeletedRows) !== 1) return refused(400, { error: MESSAGES.expired });
  const active = await db
    .selectFrom('app_user')
    .select('id')
    .where('id', '=', challenge.user_id)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!active) return refused(400, { error: MESSAGES.expired });
  const session = await startSession(db, challenge.user_id, request);
  return done(challenge.redirect_to, 302, [
    ['Set-Cookie', session],
    ['Set-Cookie', challengeCookie(request, '', 0)],
  ]);
}
