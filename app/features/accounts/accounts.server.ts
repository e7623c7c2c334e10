import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Seo } from '~/content/seo';
import type { AppContext } from '~/context';
import type { Db } from '~/db';
import { newChallenge, verifyCaptcha } from '~/lib/captcha.server';
import { EMAIL_MAX_LENGTH } from '~/lib/email';
import { fieldErrors } from '~/lib/form-errors';
import { sendMail } from '~/lib/mail.server';
import { done, type Outcome, ok, refused } from '~/lib/outcome';
import { clientAddress, giveBackHit, type RateRule, takeHit } from '~/lib/rate-limit.server';
import { siteHref } from '~/lib/site-href';
import type { SessionUser } from '~/lib/user';
import {
  type AccountFormState,
  type HeaderUser,
  isValidEmail,
  LOGIN_PATTERN,
  PASSWORD_MAX_LENGTH,
  safeRedirect,
  unmetPasswordRules,
} from './model';
import { hashPassword, spendPasswordCheck, verifyPassword } from './password.server';
import { SECOND_FACTOR_PATHS } from './second-factor';
import { startChallenge } from './second-factor.server';
import { hasSecondFactor, mustEnrolNow } from './second-factor-rule.server';
import { endSession, hashToken, newToken, sessionToken, spendToken, startSession } from './session.server';

const MINUTE = 60_000;

/** The limits of issues 4 and 15, per window, counted in the database (every app process shares them). */
export const ACCOUNT_LIMITS = {
  /** Failed sign-ins per account and address: over it, that address is refused for that account. */
  signInPerPair: { limit: 5, windowMs: 15 * MINUTE },
  /** Failed sign-ins per address, whatever the account: over it, the address is refused. */
  signInPerAddress: { limit: 20, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins per account from all addresses: over it, a try needs a solved captcha, never a
   * refusal (OWASP: a stranger must not be able to lock the owner out).
   */
  signInBeforeCaptcha: { limit: 5, windowMs: 15 * MINUTE },
  /** Registrations tried per address. */
  registerPerAddress: { limit: 10, windowMs: 60 * MINUTE },
  /** Reset links asked for per address. */
  resetPerAddress: { limit: 5, windowMs: 15 * MINUTE },
  /** Reset mails per account (a quiet cap: nobody floods one mailbox). */
  resetMailsPerAccount: { limit: 3, windowMs: 60 * MINUTE },
} satisfies Record<string, RateRule>;

/** How long a reset link works (issue 4: one hour). */
export const RESET_LIFETIME_MS = 60 * MINUTE;

/** The addresses of the account pages, in the site's trailing-slash form; `siteHref` fails the build if a route goes. */
export const ACCOUNT_PATHS = {
  signIn: siteHref('/masuk'),
  signOut: siteHref('/keluar'),
  register: siteHref('/daftar'),
  lostPassword: siteHref('/lupa-kata-sandi'),
  resetPassword: siteHref('/atur-ulang-kata-sandi'),
};

const MESSAGES = {
  badCredentials: 'Nama pengguna/e-mail atau kata sandi salah.',
  signInLimited: 'Terlalu banyak percobaan masuk yang gagal. Tunggu 15 menit, lalu coba lagi.',
  signInVerify: 'Demi keamanan akun ini, selesaikan verifikasi lalu masuk lagi.',
  registerLimited: 'Terlalu banyak pendaftaran dari alamat ini. Coba lagi dalam satu jam.',
  resetLimited: 'Terlalu banyak permintaan dari alamat ini. Tunggu 15 menit, lalu coba lagi.',
  resetSent:
    'Jika alamat itu terdaftar, kami sudah mengirim tautan untuk mengatur ulang kata sandi. Periksa kotak masuk Anda; tautan berlaku 1 jam.',
  resetInvalid: 'Tautan ini tidak berlaku lagi: sudah dipakai, kedaluwarsa, atau tidak lengkap. Mintalah tautan baru.',
  loginTaken: 'Nama pengguna ini sudah dipakai.',
  emailTaken: 'E-mail ini sudah terdaftar. Masuk, atau atur ulang kata sandi jika lupa.',
  fixFields: 'Periksa kembali isian yang ditandai.',
  inactive: 'Akun ini tidak aktif. Hubungi administrator sekolah jika menurut Anda ini keliru.',
} as const;

/** What every account page's loader returns: its SEO (never indexed) and who is signed in. */
export interface AccountPageData {
  seo: Seo;
  user: HeaderUser | null;
  /** Where to go after signing in (the sign-in and registration pages). */
  redirectTo: string;
}

const TITLES = {
  signIn: ['Masuk', 'Masuk ke akun Anda di situs SMP Tunas Bangsa.'],
  signOut: ['Keluar', 'Keluar dari akun Anda.'],
  register: ['Daftar', 'Buat akun di situs SMP Tunas Bangsa.'],
  lostPassword: ['Lupa kata sandi', 'Minta tautan untuk mengatur ulang kata sandi Anda.'],
  resetPassword: ['Atur ulang kata sandi', 'Pilih kata sandi baru untuk akun Anda.'],
} as const satisfies Record<keyof typeof ACCOUNT_PATHS, readonly [string, string]>;

/** What an account page's route reads of its request for the feature: the site's origin, who is signed in, the query. */
export interface AccountVisit {
  origin: string;
  user: Pick<SessionUser, 'name'> | null;
  query: URLSearchParams;
}

/** The loader of an account page (every one is `noindex`). */
export function accountPage(page: keyof typeof ACCOUNT_PATHS, visit: AccountVisit): AccountPageData {
  const [title, description] = TITLES[page];
  return {
    seo: { title, description, canonical: visit.origin + ACCOUNT_PATHS[page], type: 'website', noindex: true },
    user: visit.user ? { name: visit.user.name } : null,
    redirectTo: safeRedirect(visit.query.get('redirect_to')),
  };
}

/** Who the page header names: the signed-in user's display name, or null for visitors. */
export async function headerUser(ctx: AppContext, request: Request): Promise<HeaderUser | null> {
  const user = await ctx.userOf(request);
  return user ? { name: user.name } : null;
}

/** The reset page's loader: the page, the link's token and whether it still works. */
export async function resetPasswordPage(db: Db, visit: AccountVisit) {
  const token = visit.query.get('token') ?? '';
  const valid = isTokenShaped(token) && (await openReset(db, token)) !== undefined;
  return { ...accountPage('resetPassword', visit), token: valid ? token : '', tokenValid: valid };
}

/**
 * What an account form comes to: the form's state again with its status (a refusal, or the reset
 * mail's notice), or the page to go to with the session cookie set or cleared. Its route checks the
 * post and reads the form (`answerPost`, `ACCOUNT_POST_ANSWERING`).
 */
export type AccountOutcome = Outcome<AccountFormState, AccountFormState>;

/** A form's fields, as its route read them. */
type Fields = Record<string, string>;

const text = (fields: Fields, name: string) => fields[name] ?? '';

export const passwordField = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `Kata sandi paling panjang ${PASSWORD_MAX_LENGTH} karakter.`)
  .superRefine((password, ctx) => {
    const unmet = unmetPasswordRules(password);
    if (unmet.length > 0) ctx.addIssue({ code: 'custom', message: `Kata sandi belum memenuhi: ${unmet.join(', ')}.` });
  });

/** An e-mail address (spec 000 §5), lower-cased: accounts are found by it whatever its case. */
export const emailField = z
  .string()
  .trim()
  .min(1, 'Isi alamat e-mail.')
  .max(EMAIL_MAX_LENGTH, 'Alamat e-mail terlalu panjang.')
  .refine(isValidEmail, 'Masukkan alamat e-mail yang valid, misalnya nama@contoh.com.')
  .transform((v) => v.toLowerCase());

const signInForm = z.object({
  login: z
    .string()
    .trim()
    .min(1, 'Isi nama pengguna atau e-mail.')
    .max(EMAIL_MAX_LENGTH, 'Nama pengguna atau e-mail terlalu panjang.'),
  password: z.string().min(1, 'Isi kata sandi.').max(PASSWORD_MAX_LENGTH, MESSAGES.badCredentials),
});

/** The captcha action of sign-in challenges (`~/lib/captcha.server`). */
const SIGN_IN_CAPTCHA = 'sign_in';

/**
 * The counters a sign-in try takes, in this order: per address, per account and address, and per
 * account. An account is its id whichever of its names was typed; an unknown name counts on its own,
 * so that the answers are the same whether or not an account exists.
 */
function signInCounters(accountKey: string, address: string): Array<{ bucket: string; rule: RateRule }> {
  // Hashed: a name of up to 254 characters and an address of up to 64 would not fit the bucket column.
  const pair = createHash('sha256').update(`${accountKey}|${address}`).digest('hex').slice(0, 40);
  return [
    { bucket: `signin:addr:${address}`, rule: ACCOUNT_LIMITS.signInPerAddress },
    { bucket: `signin:pair:${pair}`, rule: ACCOUNT_LIMITS.signInPerPair },
    { bucket: `signin:${accountKey}`, rule: ACCOUNT_LIMITS.signInBeforeCaptcha },
  ];
}

/**
 * Sign-in by login or e-mail (issues 4 and 15). Failed tries are refused per address and per account
 * and address; an account with many failed tries from anywhere asks for a solved captcha instead.
 * The request is the one whose address the limits count and to which the session cookie goes.
 */
export async function signIn(
  ctx: Pick<AppContext, 'db' | 'nonceSecret'>,
  request: Request,
  fields: Fields,
): Promise<AccountOutcome> {
  const values = {
    login: text(fields, 'login').slice(0, EMAIL_MAX_LENGTH),
    redirect_to: text(fields, 'redirect_to'),
  };
  const parsed = signInForm.safeParse({ login: fields.login ?? '', password: fields.password ?? '' });
  if (!parsed.success) return refused(400, { fieldErrors: fieldErrors(parsed.error.issues), values });

  const identifier = parsed.data.login.toLowerCase();
  const account = await findAccount(ctx.db, identifier);
  const accountKey = account ? `user:${account.id}` : `name:${identifier.slice(0, EMAIL_MAX_LENGTH)}`;
  const counters = signInCounters(accountKey, clientAddress(request));
  // Every try is counted before the password is checked, so that a burst of parallel tries cannot
  // all pass a check made before any of them was counted; a try that succeeds is given back.
  const now = Date.now();
  const [addressWithin, pairWithin, accountWithin] = await Promise.all(
    counters.map((c) => takeHit(ctx.db, c.bucket, c.rule, now)),
  );
  // Over a refusing limit the password is not even checked.
  if (!addressWithin || !pairWithin) return refused(429, { error: MESSAGES.signInLimited, values });
  // Over the account's threshold a try must carry a solved, unused captcha, else the password is not
  // checked; with one, the right password signs in from anywhere. The challenge travels in the answer.
  const captchaNeeded = !accountWithin;
  const challenge = async (): Promise<AccountFormState> =>
    captchaNeeded ? { captcha: JSON.stringify(await newChallenge(ctx.nonceSecret, SIGN_IN_CAPTCHA)) } : {};
  if (captchaNeeded && !(await verifyCaptcha(ctx.db, ctx.nonceSecret, fields.altcha, SIGN_IN_CAPTCHA))) {
    return refused(400, { error: MESSAGES.signInVerify, values, ...(await challenge()) });
  }

  const matches = account
    ? await verifyPassword(parsed.data.password, account.password_hash)
    : await spendPasswordCheck(parsed.data.password).then(() => false);
  if (!account || !matches) return refused(400, { error: MESSAGES.badCredentials, values, ...(await challenge()) });
  await Promise.all(counters.map((c) => giveBackHit(ctx.db, c.bucket, c.rule, now)));
  // Said only to whoever knows the password: staff deactivated the account (issue 14 "Users").
  if (account.deactivated_at !== null) return refused(403, { error: MESSAGES.inactive, values });
  // Issue 25: an account with a second factor is not signed in yet; the code page finishes it.
  if (await hasSecondFactor(ctx.db, account.id)) {
    const challenge = await startChallenge(ctx.db, account.id, safeRedirect(fields.redirect_to), request);
    return done(SECOND_FACTOR_PATHS.code, 302, { 'Set-Cookie': challenge });
  }
  const cookie = await startSession(ctx.db, account.id, request);
  // Staff without one, when the administrators require it, go to set it up first.
  const next = (await mustEnrolNow(ctx.db, { id: account.id }))
    ? SECOND_FACTOR_PATHS.account
    : safeRedirect(fields.redirect_to);
  return done(next, 302, { 'Set-Cookie': cookie });
}

/** Sign-out (a POST): ends this browser's session and clears its cookie. */
export async function signOut(db: Db, request: Request): Promise<AccountOutcome> {
  const cookie = await endSession(db, request);
  return done('/', 302, { 'Set-Cookie': cookie });
}

/** A person's full name as the site shows it (registration, invitations). */
export const displayNameField = z
  .string()
  .trim()
  .min(1, 'Isi nama lengkap.')
  .max(100, 'Nama lengkap paling panjang 100 karakter.')
  .refine((v) => !/\p{Cc}/u.test(v), 'Nama lengkap memuat karakter yang tidak diizinkan.');

const registerForm = z.object({
  login: z
    .string()
    .trim()
    .regex(LOGIN_PATTERN, 'Nama pengguna: 3–60 karakter, hanya huruf, angka, titik, garis bawah atau tanda hubung.'),
  email: emailField,
  display_name: displayNameField,
  password: passwordField,
});

/** Registration (issue 4): a new subscriber, signed in at once. Limited per address. */
export async function register(db: Db, request: Request, fields: Fields): Promise<AccountOutcome> {
  const values = {
    login: text(fields, 'login').slice(0, 60),
    email: text(fields, 'email').slice(0, EMAIL_MAX_LENGTH),
    display_name: text(fields, 'display_name').slice(0, 100),
    redirect_to: text(fields, 'redirect_to'),
  };
  const parsed = registerForm.safeParse({
    login: text(fields, 'login'),
    email: text(fields, 'email'),
    display_name: text(fields, 'display_name'),
    password: text(fields, 'password'),
  });
  if (!parsed.success) {
    return refused(400, { error: MESSAGES.fixFields, fieldErrors: fieldErrors(parsed.error.issues), values });
  }
  if (!(await takeHit(db, `register:addr:${clientAddress(request)}`, ACCOUNT_LIMITS.registerPerAddress))) {
    return refused(429, { error: MESSAGES.registerLimited, values });
  }
  const { login, email, display_name, password } = parsed.data;
  const taken = await takenFields(db, login, email);
  if (Object.keys(taken).length > 0) return refused(409, { error: MESSAGES.fixFields, fieldErrors: taken, values });

  const passwordHash = await hashPassword(password);
  let userId: number;
  try {
    userId = await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('app_user')
        .values({ login, email, display_name, password_hash: passwordHash, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_role').values({ user_id: user.id, role: 'subscriber' }).execute();
      return user.id;
    });
  } catch (error) {
    // Someone took the login or the address between the check and the insert.
    const raced = await takenFields(db, login, email);
    if (Object.keys(raced).length > 0) {
      return refused(409, { error: MESSAGES.fixFields, fieldErrors: raced, values });
    }
    throw error;
  }
  const cookie = await startSession(db, userId, request);
  return done(safeRedirect(fields.redirect_to), 302, { 'Set-Cookie': cookie });
}

const lostPasswordForm = z.object({
  email: emailField,
});

/**
 * Lost password (issue 4): mails a single-use link that works for an hour, on the site's `origin`. The
 * answer is the same whether or not the address has an account.
 */
export async function requestPasswordReset(
  db: Db,
  request: Request,
  fields: Fields,
  origin: string,
): Promise<AccountOutcome> {
  const values = { email: text(fields, 'email').slice(0, EMAIL_MAX_LENGTH) };
  const parsed = lostPasswordForm.safeParse({ email: text(fields, 'email') });
  if (!parsed.success) return refused(400, { fieldErrors: fieldErrors(parsed.error.issues), values });
  if (!(await takeHit(db, `reset:addr:${clientAddress(request)}`, ACCOUNT_LIMITS.resetPerAddress))) {
    return refused(429, { error: MESSAGES.resetLimited, values });
  }
  const account = await findAccount(db, parsed.data.email);
  // No reset for a deactivated account, nor for an invitation not yet accepted (its link chooses the password).
  const resettable = account && account.deactivated_at === null && account.invited_at === null;
  if (resettable && (await takeHit(db, `reset:user:${account.id}`, ACCOUNT_LIMITS.resetMailsPerAccount))) {
    const token = newToken();
    const now = new Date();
    await db.deleteFrom('password_reset').where('expires_at', '<=', now.toISOString()).execute();
    await db
      .insertInto('password_reset')
      .values({
        token_hash: hashToken(token),
        user_id: account.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_LIFETIME_MS).toISOString(),
        used_at: null,
      })
      .execute();
    const link = `${origin}${ACCOUNT_PATHS.resetPassword}?token=${token}`;
    await sendMail(db, {
      to: account.email,
      subject: 'Atur ulang kata sandi - SMP Tunas Bangsa',
      text: [
        `Halo ${account.display_name},`,
        '',
        'Seseorang (semoga Anda) meminta untuk mengatur ulang kata sandi akun Anda di situs SMP Tunas Bangsa.',
        'Buka tautan ini untuk memilih kata sandi baru. Tautan hanya bisa dipakai sekali dan berlaku 1 jam:',
        '',
        link,
        '',
        'Jika Anda tidak memintanya, abaikan e-mail ini; kata sandi Anda tidak berubah.',
      ].join('\n'),
    });
  }
  return ok({ notice: MESSAGES.resetSent });
}

const resetForm = z
  .object({ password: passwordField, password_confirm: z.string() })
  .refine((v) => v.password === v.password_confirm, {
    message: 'Kedua kata sandi tidak sama.',
    path: ['password_confirm'],
  });

/**
 * Sets a new password from a reset link (issue 4): the link is used up, every other session of the
 * account ends, and this browser is signed in (after its code, for an account with a second factor).
 */
export async function resetPassword(db: Db, request: Request, fields: Fields): Promise<AccountOutcome> {
  const token = text(fields, 'token');
  if (!isTokenShaped(token)) return refused(400, { error: MESSAGES.resetInvalid });
  const parsed = resetForm.safeParse({
    password: text(fields, 'password'),
    password_confirm: text(fields, 'password_confirm'),
  });
  if (!parsed.success) {
    return refused(400, { error: MESSAGES.fixFields, fieldErrors: fieldErrors(parsed.error.issues) });
  }
  if (!(await openReset(db, token))) return refused(400, { error: MESSAGES.resetInvalid });
  // Hashed before the transaction: scrypt is slow, and SQLite holds its write lock for a transaction's length.
  const passwordHash = await hashPassword(parsed.data.password);
  const now = new Date().toISOString();
  const userId = await db.transaction().execute(async (trx) => {
    const used = await spendToken(trx, 'password_reset', token, now);
    if (!used) return null;
    await trx.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', used.user_id).execute();
    await trx.deleteFrom('session').where('user_id', '=', used.user_id).execute();
    await trx
      .updateTable('password_reset')
      .set({ used_at: now })
      .where('user_id', '=', used.user_id)
      .where('used_at', 'is', null)
      .execute();
    return used.user_id;
  });
  if (userId === null) return refused(400, { error: MESSAGES.resetInvalid });
  // Issue 25: a mailbox is not a second factor; an account with one finishes on the code page.
  if (await hasSecondFactor(db, userId)) {
    const challenge = await startChallenge(db, userId, '/', request);
    return done(SECOND_FACTOR_PATHS.code, 302, { 'Set-Cookie': challenge });
  }
  const cookie = await startSession(db, userId, request);
  return done('/', 302, { 'Set-Cookie': cookie });
}

/** Tokens are 43 base64url characters; anything else is not worth a query. */
export function isTokenShaped(token: string): boolean {
  return sessionToken(`session=${token}`) !== null;
}

/** The reset row of a token that is neither used nor expired. */
function openReset(db: Db, token: string) {
  return db
    .selectFrom('password_reset')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
}

/** The account a sign-in name or e-mail address (lower-cased) belongs to. */
function findAccount(db: Db, identifier: string) {
  const query = db
    .selectFrom('app_user')
    .select(['id', 'email', 'display_name', 'password_hash', 'deactivated_at', 'invited_at']);
  return (
    identifier.includes('@')
      ? query.where(sql<string>`lower(email)`, '=', identifier)
      : query.where(sql<string>`lower(login)`, '=', identifier)
  ).executeTakeFirst();
}

/** Messages for the login and e-mail of a registration that another account already has. */
export async function takenFields(db: Db, login: string, email: string): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('app_user')
    .select(['login', 'email'])
    .where((eb) =>
      eb.or([eb(sql<string>`lower(login)`, '=', login.toLowerCase()), eb(sql<string>`lower(email)`, '=', email)]),
    )
    .execute();
  const taken: Record<string, string> = {};
  if (rows.some((r) => r.login.toLowerCase() === login.toLowerCase())) taken.login = MESSAGES.loginTaken;
  if (rows.some((r) => r.email.toLowerCase() === email)) taken.email = MESSAGES.emailTaken;
  return taken;
}

export type { AccountFormState };
