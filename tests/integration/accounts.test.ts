import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { ACCOUNT_LIMITS } from '~/features/accounts/accounts.server';
import type { AccountFormState } from '~/features/accounts/model';
import { verifyPassword } from '~/features/accounts/password.server';
import { hashToken } from '~/features/accounts/session.server';
import { newChallenge } from '~/lib/captcha.server';
import * as lostPasswordRoute from '~/routes/lost-password';
import * as registerRoute from '~/routes/register';
import * as resetPasswordRoute from '~/routes/reset-password';
import * as signInRoute from '~/routes/sign-in';
import * as signOutRoute from '~/routes/sign-out';
import { DEMO_USERS } from '../../seed/users';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';

const ORIGIN = 'http://school.test';
const OUTBOX = fs.mkdtempSync(path.join(os.tmpdir(), 'smp-outbox-'));
// Mail goes to the outbox (no SMTP_URL), whose files land in a folder of this test file's own.
process.env.OUTBOX_DIR = OUTBOX;
delete process.env.SMTP_URL;
afterAll(() => fs.rmSync(OUTBOX, { recursive: true, force: true }));

interface Sent {
  address?: string;
  cookie?: string;
  origin?: string | null;
  url?: string;
  contentType?: string;
  body?: string;
}

/** A browser's form post to an account page (url-encoded, from this site, from `address`). */
function post(pathname: string, fields: Record<string, string>, sent: Sent = {}): Request {
  const headers = new Headers({
    'content-type': sent.contentType ?? 'application/x-www-form-urlencoded',
    'x-forwarded-for': sent.address ?? '192.0.2.1',
  });
  if (sent.origin !== null) headers.set('origin', sent.origin ?? ORIGIN);
  if (sent.cookie) headers.set('cookie', sent.cookie);
  return new Request(sent.url ?? ORIGIN + pathname, {
    method: 'POST',
    headers,
    body: sent.body ?? new URLSearchParams(fields).toString(),
  });
}

function get(pathname: string, cookie?: string): Request {
  return new Request(ORIGIN + pathname, { headers: cookie ? { cookie } : {} });
}

/** What an action answered: a redirect Response, or form state with its status. */
interface Answer {
  status: number;
  location: string | null;
  setCookie: string | null;
  state: AccountFormState;
}

function read(result: unknown): Answer {
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get('location'),
      setCookie: result.headers.get('set-cookie'),
      state: {},
    };
  }
  const wrapped = result as { data: AccountFormState; init: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, location: null, setCookie: null, state: wrapped.data };
}

/** `session=…` for a Cookie header, from a Set-Cookie header. */
function cookieOf(setCookie: string | null): string {
  const match = /^session=([A-Za-z0-9_-]+);/.exec(setCookie ?? '');
  if (!match) throw new Error(`no session cookie in ${setCookie}`);
  return `session=${match[1]}`;
}

let unique = 0;
/** A registration that passes every rule, with a login and address nobody has yet. */
function newcomer(overrides: Record<string, string> = {}) {
  unique += 1;
  const id = `${Date.now().toString(36)}${unique}`;
  return {
    login: `murid.${id}`,
    email: `murid.${id}@example.com`,
    display_name: `Murid ${id}`,
    password: 'Belajar#2025',
    ...overrides,
  };
}

describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  // biome-ignore lint/suspicious/noExplicitAny: route modules are called with the arguments React Router gives them
  const args = (request: Request): any => ({ request, context: appContext(conn), params: {} });
  const act = {
    signIn: async (r: Request) => read(await signInRoute.action(args(r))),
    signOut: async (r: Request) => read(await signOutRoute.action(args(r))),
    register: async (r: Request) => read(await registerRoute.action(args(r))),
    lostPassword: async (r: Request) => read(await lostPasswordRoute.action(args(r))),
    resetPassword: async (r: Request) => read(await resetPasswordRoute.action(args(r))),
  };
  const userOf = (cookie: string) => appContext(conn).userOf(get('/', cookie));
  const countUsers = async () =>
    Number(
      (
        await conn.db
          .selectFrom('app_user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Registers a newcomer and returns the fields and the session cookie. */
  async function registered(overrides: Record<string, string> = {}, address = `192.0.2.${100 + unique}`) {
    const fields = newcomer(overrides);
    const answer = await act.register(post('/daftar/', fields, { address }));
    expect(answer.status).toBe(302);
    return { fields, cookie: cookieOf(answer.setCookie) };
  }

  /** The reset link of the newest outbox message to `email`. */
  async function resetLink(email: string): Promise<URL> {
    const mail = await conn.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/atur-ulang-kata-sandi\/\?token=[A-Za-z0-9_-]+/.exec(mail.body)?.[0];
    if (!link) throw new Error(`no reset link in: ${mail.body}`);
    return new URL(link);
  }

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
  });
  afterAll(() => dispose());

  test('the seed has the four demo accounts with their roles, and their demo passwords sign in', async () => {
    const rows = await conn.db
      .selectFrom('app_user')
      .innerJoin('user_role', 'user_role.user_id', 'app_user.id')
      .select(['app_user.login', 'user_role.role'])
      .where(
        'app_user.login',
        'in',
        DEMO_USERS.map((u) => u.login),
      )
      .execute();
    expect(rows.map((r) => [r.login, r.role]).sort()).toEqual(
      [
        ['admin', 'administrator'],
        ['editor', 'editor'],
        ['orangtua', 'subscriber'],
        ['siswa', 'subscriber'],
      ].sort(),
    );
    for (const [i, user] of DEMO_USERS.entries()) {
      const answer = await act.signIn(
        post('/masuk/', { login: user.login, password: user.password }, { address: `198.51.100.${i + 1}` }),
      );
      expect(answer.status, user.login).toBe(302);
      expect((await userOf(cookieOf(answer.setCookie)))?.roles).toEqual([user.role]);
    }
  });

  test('registration stores a subscriber with a scrypt hash and signs them in with a safe cookie', async () => {
    const fields = newcomer({ redirect_to: '/berita/' });
    const answer = await act.register(post('/daftar/', fields, { address: '192.0.2.11' }));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/berita/');
    const setCookie = answer.setCookie ?? '';
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain(`Max-Age=${14 * 24 * 60 * 60}`);
    expect(setCookie).not.toContain('Secure');

    const user = await userOf(cookieOf(setCookie));
    expect(user).toMatchObject({ login: fields.login, email: fields.email, name: fields.display_name });
    expect(user?.roles).toEqual(['subscriber']);
    const row = await conn.db
      .selectFrom('app_user')
      .select('password_hash')
      .where('login', '=', fields.login)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(fields.password);
    expect(await verifyPassword(fields.password, row.password_hash)).toBe(true);
    // Only the token's hash is stored.
    const token = cookieOf(setCookie).slice('session='.length);
    const session = await conn.db
      .selectFrom('session')
      .selectAll()
      .where('id', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    const lifetime = Date.parse(session.expires_at) - Date.parse(session.created_at);
    expect(lifetime).toBe(14 * 24 * 60 * 60 * 1000);
    expect(await conn.db.selectFrom('session').select('id').where('id', '=', token).executeTakeFirst()).toBeUndefined();
  });

  test('the cookie is Secure behind HTTPS: the request’s scheme, never a header the pages read', async () => {
    const direct = await act.register(
      post('/daftar/', newcomer(), { url: 'https://school.test/daftar/', origin: 'https://school.test' }),
    );
    expect(direct.setCookie).toContain('; Secure');
    // A trusted proxy's word reaches the pages as the request's scheme (server/app.ts, security.test.ts).
    const request = post('/daftar/', newcomer(), { address: '192.0.2.12' });
    request.headers.set('x-forwarded-proto', 'https');
    expect((await act.register(request)).setCookie).not.toContain('Secure');
  });

  test.each([
    [{ password: 'belajar2025' }, 'password', /Huruf besar, Karakter khusus/],
    [{ password: 'Ab1!' }, 'password', /Minimal 8 karakter/],
    [{ password: '' }, 'password', /Minimal 8 karakter, Huruf kecil, Huruf besar, Angka, Karakter khusus/],
    [{ password: `Aa1!${'x'.repeat(300)}` }, 'password', /paling panjang/],
    [{ email: 'bukan-email' }, 'email', /e-mail yang valid/],
    [{ email: '' }, 'email', /Isi alamat e-mail/],
    [{ login: 'ab' }, 'login', /3–60 karakter/],
    [{ login: 'nama dengan spasi' }, 'login', /3–60 karakter/],
    [{ login: '<script>' }, 'login', /3–60 karakter/],
    [{ display_name: '   ' }, 'display_name', /Isi nama lengkap/],
  ])('registration with %j answers 400 on %s and stores nothing', async (overrides, field, message) => {
    const before = await countUsers();
    const answer = await act.register(post('/daftar/', newcomer(overrides), { address: '192.0.2.13' }));
    expect(answer.status).toBe(400);
    expect(answer.state.fieldErrors?.[field]).toMatch(message);
    expect(answer.setCookie).toBeNull();
    expect(await countUsers()).toBe(before);
  });

  test('a control character in a field answers 400 and stores nothing (the form reader refuses it)', async () => {
    const before = await countUsers();
    const overridesList: Array<Record<string, string>> = [{ display_name: 'a\u0007b' }, { login: 'murid\u0000x' }];
    for (const overrides of overridesList) {
      const answer = await act.register(post('/daftar/', newcomer(overrides), { address: '192.0.2.13' }));
      expect(answer.status).toBe(400);
      expect(answer.state.error).toMatch(/tidak diizinkan/);
      expect(answer.setCookie).toBeNull();
    }
    const signIn = await act.signIn(post('/masuk/', { login: 'editor\u0000', password: 'x' }));
    expect(signIn.status).toBe(400);
    expect(signIn.state.error).toMatch(/tidak diizinkan/);
    expect(await countUsers()).toBe(before);
  });

  test('a missing field, an unreadable body or a foreign origin store nothing and never answer 500', async () => {
    const before = await countUsers();
    const { password: _, ...noPassword } = newcomer();
    expect((await act.register(post('/daftar/', noPassword))).status).toBe(400);
    const json = await act.register(post('/daftar/', {}, { contentType: 'application/json', body: '{"login":"x"}' }));
    expect(json.status).toBe(400);
    expect(json.state.error).toMatch(/tidak dapat dibaca/);
    const huge = await act.register(post('/daftar/', { ...newcomer(), filler: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(400);
    expect(huge.state.error).toMatch(/terlalu besar/);
    const broken = await act.register(
      post('/daftar/', {}, { contentType: 'multipart/form-data; boundary=zzz', body: '--zzz\r\nnonsense' }),
    );
    expect(broken.status).toBe(400);
    const foreign = await act.register(post('/daftar/', newcomer(), { origin: 'https://evil.test' }));
    expect(foreign.status).toBe(403);
    const nullOrigin = await act.register(post('/daftar/', newcomer(), { origin: 'null' }));
    expect(nullOrigin.status).toBe(403);
    expect(await countUsers()).toBe(before);
    // A post without Origin (an older browser) is still taken.
    expect((await act.register(post('/daftar/', newcomer(), { origin: null, address: '192.0.2.14' }))).status).toBe(
      302,
    );
  });

  test('a taken login or e-mail, whatever its case, answers 409 and stores nothing', async () => {
    const { fields } = await registered();
    const before = await countUsers();
    const sameLogin = await act.register(
      post('/daftar/', newcomer({ login: fields.login.toUpperCase() }), { address: '192.0.2.15' }),
    );
    expect(sameLogin.status).toBe(409);
    expect(sameLogin.state.fieldErrors?.login).toMatch(/sudah dipakai/);
    const sameMail = await act.register(
      post('/daftar/', newcomer({ email: fields.email.toUpperCase() }), { address: '192.0.2.15' }),
    );
    expect(sameMail.status).toBe(409);
    expect(sameMail.state.fieldErrors?.email).toMatch(/sudah terdaftar/);
    expect(sameMail.state.values?.login).toBeTruthy();
    expect(sameMail.state.values).not.toHaveProperty('password');
    expect(await countUsers()).toBe(before);
  });

  test('sign-in by login or e-mail, in any case, goes to a same-site redirect_to only', async () => {
    const { fields } = await registered();
    const byLogin = await act.signIn(
      post('/masuk/', { login: fields.login.toUpperCase(), password: fields.password, redirect_to: '/galeri/' }),
    );
    expect(byLogin.status).toBe(302);
    expect(byLogin.location).toBe('/galeri/');
    expect((await userOf(cookieOf(byLogin.setCookie)))?.login).toBe(fields.login);
    const byMail = await act.signIn(
      post('/masuk/', {
        login: ` ${fields.email.toUpperCase()} `,
        password: fields.password,
        redirect_to: '//evil.test/',
      }),
    );
    expect(byMail.status).toBe(302);
    expect(byMail.location).toBe('/');
    const elsewhere = await act.signIn(
      post('/masuk/', { login: fields.login, password: fields.password, redirect_to: 'https://evil.test/' }),
    );
    expect(elsewhere.location).toBe('/');
  });

  test('a wrong password and an unknown account get the same answer, and no session', async () => {
    const { fields } = await registered();
    const sessions = async () =>
      Number(
        (
          await conn.db
            .selectFrom('session')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await sessions();
    const wrong = await act.signIn(
      post('/masuk/', { login: fields.login, password: 'Salah#2025' }, { address: '192.0.2.20' }),
    );
    const unknown = await act.signIn(
      post('/masuk/', { login: 'tidak.ada', password: 'Salah#2025' }, { address: '192.0.2.20' }),
    );
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.state.error).toBe(unknown.state.error);
    expect(wrong.state.error).toMatch(/salah/);
    expect(wrong.state.values).toEqual({ login: fields.login, redirect_to: '' });
    expect(wrong.setCookie).toBeNull();
    const empty = await act.signIn(post('/masuk/', { login: '', password: '' }));
    expect(empty.status).toBe(400);
    expect(empty.state.fieldErrors).toMatchObject({ login: expect.any(String), password: expect.any(String) });
    expect(await sessions()).toBe(before);
  });

  test('sign-out is a POST from this site that ends the session and clears the cookie', async () => {
    const { cookie, fields } = await registered();
    // A GET only shows the confirmation.
    const page = await signOutRoute.loader(args(get('/keluar/', cookie)));
    expect(page.user).toEqual({ name: fields.display_name });
    expect(page.seo.noindex).toBe(true);
    expect(await userOf(cookie)).not.toBeNull();

    expect((await act.signOut(post('/keluar/', {}, { cookie, origin: 'https://evil.test' }))).status).toBe(403);
    expect(await userOf(cookie)).not.toBeNull();

    const answer = await act.signOut(post('/keluar/', {}, { cookie }));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/');
    expect(answer.setCookie).toMatch(/^session=; .*Max-Age=0/);
    expect(await userOf(cookie)).toBeNull();
    const token = cookie.slice('session='.length);
    expect(await conn.db.selectFrom('session').select('id').where('id', '=', hashToken(token)).executeTakeFirst()).toBe(
      undefined,
    );
  });

  test('an expired session signs nobody in', async () => {
    const { cookie } = await registered();
    const token = cookie.slice('session='.length);
    await conn.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', hashToken(token))
      .execute();
    expect(await userOf(cookie)).toBeNull();
  });

  test('a reset goes through the outbox: a single-use link that sets the password and ends other sessions', async () => {
    const { fields, cookie: oldSession } = await registered({}, '192.0.2.30');
    const answer = await act.lostPassword(post('/lupa-kata-sandi/', { email: fields.email.toUpperCase() }));
    expect(answer.status).toBe(200);
    expect(answer.state.notice).toMatch(/Jika alamat itu terdaftar/);

    const link = await resetLink(fields.email);
    expect(link.origin).toBe(ORIGIN);
    const token = link.searchParams.get('token') as string;
    // The outbox also has a file a developer can open.
    const files = fs.readdirSync(OUTBOX).map((f) => fs.readFileSync(path.join(OUTBOX, f), 'utf8'));
    expect(files.some((f) => f.includes(`To: ${fields.email}`) && f.includes(link.href))).toBe(true);
    // Only the token's hash is stored.
    const row = await conn.db
      .selectFrom('password_reset')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);

    const page = await resetPasswordRoute.loader(args(get(`/atur-ulang-kata-sandi/?token=${token}`)));
    expect(page).toMatchObject({ tokenValid: true, token });

    // The rule and the confirmation are checked before the link is used up.
    const weak = await act.resetPassword(
      post('/atur-ulang-kata-sandi/', { token, password: 'lemah', password_confirm: 'lemah' }),
    );
    expect(weak.status).toBe(400);
    expect(weak.state.fieldErrors?.password).toMatch(/Minimal 8 karakter/);
    const differ = await act.resetPassword(
      post('/atur-ulang-kata-sandi/', { token, password: 'Baru#2025x', password_confirm: 'Baru#2025y' }),
    );
    expect(differ.status).toBe(400);
    expect(differ.state.fieldErrors?.password_confirm).toMatch(/tidak sama/);

    const done = await act.resetPassword(
      post('/atur-ulang-kata-sandi/', { token, password: 'Baru#2025x', password_confirm: 'Baru#2025x' }),
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe('/');
    expect((await userOf(cookieOf(done.setCookie)))?.login).toBe(fields.login);
    expect(await userOf(oldSession)).toBeNull();

    const oldPassword = await act.signIn(post('/masuk/', { login: fields.login, password: fields.password }));
    expect(oldPassword.status).toBe(400);
    const newPassword = await act.signIn(post('/masuk/', { login: fields.login, password: 'Baru#2025x' }));
    expect(newPassword.status).toBe(302);

    // Single use: the same link neither shows the form nor sets a password again.
    expect(await resetPasswordRoute.loader(args(get(`/atur-ulang-kata-sandi/?token=${token}`)))).toMatchObject({
      tokenValid: false,
      token: '',
    });
    const again = await act.resetPassword(
      post('/atur-ulang-kata-sandi/', { token, password: 'Lagi#2025x', password_confirm: 'Lagi#2025x' }),
    );
    expect(again.status).toBe(400);
    expect(again.state.error).toMatch(/tidak berlaku lagi/);
    expect(again.setCookie).toBeNull();
    expect((await act.signIn(post('/masuk/', { login: fields.login, password: 'Baru#2025x' }))).status).toBe(302);
  });

  test('a reset link expires after an hour', async () => {
    const { fields } = await registered({}, '192.0.2.31');
    await act.lostPassword(post('/lupa-kata-sandi/', { email: fields.email }, { address: '192.0.2.31' }));
    const token = (await resetLink(fields.email)).searchParams.get('token') as string;
    await conn.db
      .updateTable('password_reset')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(await resetPasswordRoute.loader(args(get(`/atur-ulang-kata-sandi/?token=${token}`)))).toMatchObject({
      tokenValid: false,
    });
    const answer = await act.resetPassword(
      post('/atur-ulang-kata-sandi/', { token, password: 'Baru#2025x', password_confirm: 'Baru#2025x' }),
    );
    expect(answer.status).toBe(400);
    expect((await act.signIn(post('/masuk/', { login: fields.login, password: fields.password }))).status).toBe(302);
  });

  test('a bad or forged token answers 400, never 500', async () => {
    for (const token of ['', 'pendek', 'x'.repeat(43), `${'a'.repeat(42)}!`, 'a'.repeat(500)]) {
      const answer = await act.resetPassword(
        post('/atur-ulang-kata-sandi/', { token, password: 'Baru#2025x', password_confirm: 'Baru#2025x' }),
      );
      expect(answer.status, token).toBe(400);
      expect(answer.state.error).toMatch(/tidak berlaku lagi/);
    }
    expect(await resetPasswordRoute.loader(args(get('/atur-ulang-kata-sandi/?token=%00')))).toMatchObject({
      tokenValid: false,
    });
  });

  test('lost password answers the same for an unknown address and mails nobody', async () => {
    const outboxCount = async () =>
      Number(
        (
          await conn.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const { fields } = await registered({}, '192.0.2.32');
    const before = await outboxCount();
    const unknown = await act.lostPassword(
      post('/lupa-kata-sandi/', { email: 'tidak.ada@example.com' }, { address: '192.0.2.33' }),
    );
    const known = await act.lostPassword(post('/lupa-kata-sandi/', { email: fields.email }, { address: '192.0.2.33' }));
    expect(unknown).toEqual(known);
    expect(await outboxCount()).toBe(before + 1);
    const bad = await act.lostPassword(post('/lupa-kata-sandi/', { email: 'bukan' }, { address: '192.0.2.33' }));
    expect(bad.status).toBe(400);
    expect(bad.state.fieldErrors?.email).toMatch(/valid/);
  });

  /** Solves a sign-in challenge as the widget does, giving the `altcha` field's value. */
  async function solved(challengeJson: string | undefined): Promise<string> {
    if (!challengeJson) throw new Error('the answer carries no captcha challenge');
    const challenge = JSON.parse(challengeJson) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('the challenge could not be solved');
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  const sessionsOf = async (login: string) =>
    Number(
      (
        await conn.db
          .selectFrom('session')
          .innerJoin('app_user', 'app_user.id', 'session.user_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('app_user.login', '=', login)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const VERIFY = 'Demi keamanan akun ini, selesaikan verifikasi lalu masuk lagi.';
  const WRONG = 'Nama pengguna/e-mail atau kata sandi salah.';

  test(`after ${ACCOUNT_LIMITS.signInBeforeCaptcha.limit} failures from many addresses the owner is not locked out: the right password asks for a captcha, then signs in with it`, async () => {
    const { fields } = await registered({}, '192.0.2.40');
    // The attack: wrong passwords for one account from ever new addresses.
    for (let i = 0; i < ACCOUNT_LIMITS.signInBeforeCaptcha.limit; i++) {
      const answer = await act.signIn(
        post('/masuk/', { login: fields.login, password: 'Salah#2025' }, { address: `203.0.113.${i + 1}` }),
      );
      expect(answer.status).toBe(400);
      expect(answer.state.error).toBe(WRONG);
      expect(answer.state.captcha).toBeUndefined();
    }
    const sixth = await act.signIn(
      post('/masuk/', { login: fields.login, password: 'Salah#2025' }, { address: '203.0.113.6' }),
    );
    expect(sixth.status).toBe(400);
    expect(sixth.state.error).toBe(VERIFY);
    const before = await sessionsOf(fields.login);

    // The owner, from a fresh address, by e-mail, with the right password and no captcha: asked to
    // verify (never refused), with a signed challenge; the password is not checked, no session.
    const asked = await act.signIn(
      post(
        '/masuk/',
        { login: fields.email, password: fields.password, redirect_to: '/galeri/' },
        { address: '203.0.113.99' },
      ),
    );
    expect(asked.status).toBe(400);
    expect(asked.state.error).toBe(VERIFY);
    expect(asked.state.values).toEqual({ login: fields.email, redirect_to: '/galeri/' });
    expect(asked.setCookie).toBeNull();
    const challenge = JSON.parse(asked.state.captcha ?? 'null') as Challenge;
    expect(challenge.parameters.data?.action).toBe('sign_in');
    expect(challenge.signature).toBeTruthy();
    expect(await sessionsOf(fields.login)).toBe(before);

    // A junk token, or a solved challenge of another action (a review's), is not a verification.
    const junk = await act.signIn(
      post(
        '/masuk/',
        { login: fields.login, password: fields.password, altcha: 'bm90IGEgdG9rZW4=' },
        {
          address: '203.0.113.99',
        },
      ),
    );
    expect(junk.state.error).toBe(VERIFY);
    const reviewToken = await solved(JSON.stringify(await newChallenge('test-secret', 'submit_review')));
    const otherAction = await act.signIn(
      post(
        '/masuk/',
        { login: fields.login, password: fields.password, altcha: reviewToken },
        {
          address: '203.0.113.99',
        },
      ),
    );
    expect(otherAction.state.error).toBe(VERIFY);
    expect(otherAction.setCookie).toBeNull();

    // With the challenge solved, the right password signs in.
    const token = await solved(asked.state.captcha);
    const signedIn = await act.signIn(
      post(
        '/masuk/',
        { login: fields.email, password: fields.password, redirect_to: '/galeri/', altcha: token },
        { address: '203.0.113.99' },
      ),
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe('/galeri/');
    expect((await userOf(cookieOf(signedIn.setCookie)))?.login).toBe(fields.login);

    // A solution works once, from any address.
    const reused = await act.signIn(
      post('/masuk/', { login: fields.login, password: fields.password, altcha: token }, { address: '203.0.113.98' }),
    );
    expect(reused.status).toBe(400);
    expect(reused.state.error).toBe(VERIFY);
    expect(reused.setCookie).toBeNull();

    // A solved captcha with a wrong password is a failure like any other, and the next try needs a new one.
    const wrong = await act.signIn(
      post(
        '/masuk/',
        { login: fields.login, password: 'Salah#2025', altcha: await solved(reused.state.captcha) },
        { address: '203.0.113.97' },
      ),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.state.error).toBe(WRONG);
    expect(wrong.state.captcha).toBeTruthy();
    expect(wrong.setCookie).toBeNull();
    expect(await sessionsOf(fields.login)).toBe(before + 1);

    // Other accounts are not affected.
    const other = await registered({}, '192.0.2.41');
    const otherIn = await act.signIn(
      post('/masuk/', { login: other.fields.login, password: other.fields.password }, { address: '203.0.113.99' }),
    );
    expect(otherIn.status).toBe(302);
  });

  test(`failed sign-ins are limited per account and address (${ACCOUNT_LIMITS.signInPerPair.limit} per 15 minutes), for that address only`, async () => {
    const { fields } = await registered({}, '192.0.2.44');
    const address = '203.0.113.120';
    for (let i = 0; i < ACCOUNT_LIMITS.signInPerPair.limit; i++) {
      const answer = await act.signIn(post('/masuk/', { login: fields.login, password: 'Salah#2025' }, { address }));
      expect(answer.status).toBe(400);
      expect(answer.state.error).toBe(WRONG);
    }
    // From that address, even the right password is refused, without being checked.
    const limited = await act.signIn(post('/masuk/', { login: fields.email, password: fields.password }, { address }));
    expect(limited.status).toBe(429);
    expect(limited.state.error).toMatch(/Terlalu banyak percobaan/);
    expect(limited.state.captcha).toBeUndefined();
    expect(limited.setCookie).toBeNull();

    // From another address the owner gets in: the account is over its threshold, so with a captcha.
    const elsewhere = '203.0.113.121';
    const asked = await act.signIn(
      post('/masuk/', { login: fields.login, password: fields.password }, { address: elsewhere }),
    );
    expect(asked.status).toBe(400);
    expect(asked.state.error).toBe(VERIFY);
    const token = await solved(asked.state.captcha);
    const signedIn = await act.signIn(
      post('/masuk/', { login: fields.login, password: fields.password, altcha: token }, { address: elsewhere }),
    );
    expect(signedIn.status).toBe(302);
    expect((await userOf(cookieOf(signedIn.setCookie)))?.login).toBe(fields.login);

    // The first address stays refused for this account, captcha or not; other accounts it may still try.
    const again = await act.signIn(
      post('/masuk/', { login: fields.login, password: fields.password, altcha: 'bm90IGEgdG9rZW4=' }, { address }),
    );
    expect(again.status).toBe(429);
    const other = await registered({}, '192.0.2.45');
    expect(
      (await act.signIn(post('/masuk/', { login: other.fields.login, password: other.fields.password }, { address })))
        .status,
    ).toBe(302);
  });

  test('an unknown login name gets the same answers as an account, try by try', async () => {
    const { fields } = await registered({}, '192.0.2.46');
    /** What a visitor can tell from an answer: its status, its message, whether it asks for a captcha or signs in. */
    const seen = (a: Answer) => ({
      status: a.status,
      error: a.state.error,
      captcha: Boolean(a.state.captcha),
      cookie: a.setCookie !== null,
    });
    async function attack(login: string, net: number) {
      const answers: Answer[] = [];
      // Wrong passwords from new addresses, then the pair limit from one address, then a solved captcha.
      for (let i = 0; i < ACCOUNT_LIMITS.signInBeforeCaptcha.limit + 2; i++) {
        answers.push(
          await act.signIn(post('/masuk/', { login, password: 'Salah#2025' }, { address: `10.${net}.1.${i}` })),
        );
      }
      for (let i = 0; i < ACCOUNT_LIMITS.signInPerPair.limit + 1; i++) {
        const last = answers.at(-1) as Answer;
        const altcha = last.state.captcha ? await solved(last.state.captcha) : '';
        answers.push(
          await act.signIn(post('/masuk/', { login, password: 'Salah#2025', altcha }, { address: `10.${net}.2.1` })),
        );
      }
      return answers.map(seen);
    }
    const known = await attack(fields.login, 1);
    const unknown = await attack('tidak.ada.siapa-siapa', 2);
    expect(unknown).toEqual(known);
    // The sequence itself: wrong, then "verify", then (solved) wrong with a fresh challenge each time, then refused.
    expect(known.map((s) => s.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 429]);
    expect(known.slice(0, 5).every((s) => s.error === WRONG && !s.captcha)).toBe(true);
    expect(known.slice(5, 7).every((s) => s.error === VERIFY && s.captcha)).toBe(true);
    expect(known.slice(7, 12).every((s) => s.error === WRONG && s.captcha)).toBe(true);
    expect(known.some((s) => s.cookie)).toBe(false);
  });

  test('successful sign-ins do not count, and a burst of parallel wrong tries cannot pass the limits', async () => {
    const { fields } = await registered({}, '192.0.2.43');
    const address = '203.0.113.150';
    for (let i = 0; i < ACCOUNT_LIMITS.signInPerPair.limit + 2; i++) {
      const answer = await act.signIn(post('/masuk/', { login: fields.login, password: fields.password }, { address }));
      expect(answer.status).toBe(302);
    }
    // From many addresses: only the first tries are checked; the rest are asked for a captcha.
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        act.signIn(
          post('/masuk/', { login: fields.login, password: `Salah#${i}xx` }, { address: `203.0.113.${160 + i}` }),
        ),
      ),
    );
    const errors = burst.map((a) => a.state.error);
    expect(burst.every((a) => a.status === 400)).toBe(true);
    expect(errors.filter((e) => e === WRONG)).toHaveLength(ACCOUNT_LIMITS.signInBeforeCaptcha.limit);
    expect(errors.filter((e) => e === VERIFY)).toHaveLength(12 - ACCOUNT_LIMITS.signInBeforeCaptcha.limit);
    // From one address: only the first tries are checked; the rest are refused.
    const other = await registered({}, '192.0.2.47');
    const oneAddress = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        act.signIn(
          post('/masuk/', { login: other.fields.login, password: `Salah#${i}xx` }, { address: '203.0.113.180' }),
        ),
      ),
    );
    const statuses = oneAddress.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(ACCOUNT_LIMITS.signInPerPair.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - ACCOUNT_LIMITS.signInPerPair.limit);
  });

  test(`failed sign-ins are limited per address (${ACCOUNT_LIMITS.signInPerAddress.limit} per 15 minutes)`, async () => {
    const { fields } = await registered({}, '192.0.2.42');
    const address = '198.51.100.200';
    for (let i = 0; i < ACCOUNT_LIMITS.signInPerAddress.limit; i++) {
      const answer = await act.signIn(post('/masuk/', { login: `tebakan${i}`, password: 'Salah#2025' }, { address }));
      expect(answer.status).toBe(400);
    }
    const limited = await act.signIn(post('/masuk/', { login: fields.login, password: fields.password }, { address }));
    expect(limited.status).toBe(429);
    expect(
      (
        await act.signIn(
          post('/masuk/', { login: fields.login, password: fields.password }, { address: '198.51.100.201' }),
        )
      ).status,
    ).toBe(302);
  });

  test(`registration is limited per address (${ACCOUNT_LIMITS.registerPerAddress.limit} per hour)`, async () => {
    const address = '198.51.100.210';
    for (let i = 0; i < ACCOUNT_LIMITS.registerPerAddress.limit; i++) {
      expect((await act.register(post('/daftar/', newcomer(), { address }))).status).toBe(302);
    }
    const before = await countUsers();
    const limited = await act.register(post('/daftar/', newcomer(), { address }));
    expect(limited.status).toBe(429);
    expect(limited.state.error).toMatch(/Terlalu banyak pendaftaran/);
    expect(await countUsers()).toBe(before);
  });

  test(`reset requests are limited per address (${ACCOUNT_LIMITS.resetPerAddress.limit} per 15 minutes)`, async () => {
    const address = '198.51.100.220';
    for (let i = 0; i < ACCOUNT_LIMITS.resetPerAddress.limit; i++) {
      expect(
        (await act.lostPassword(post('/lupa-kata-sandi/', { email: `x${i}@example.com` }, { address }))).status,
      ).toBe(200);
    }
    const limited = await act.lostPassword(post('/lupa-kata-sandi/', { email: 'y@example.com' }, { address }));
    expect(limited.status).toBe(429);
  });

  test('account pages are noindex and say who is signed in', async () => {
    const { cookie, fields } = await registered({}, '192.0.2.50');
    const visitor = await signInRoute.loader(args(get('/masuk/?redirect_to=/galeri/')));
    expect(visitor).toMatchObject({ user: null, redirectTo: '/galeri/' });
    expect(visitor.seo).toMatchObject({ noindex: true, canonical: `${ORIGIN}/masuk/` });
    const unsafe = await registerRoute.loader(args(get('/daftar/?redirect_to=//evil.test')));
    expect(unsafe.redirectTo).toBe('/');
    const member = await lostPasswordRoute.loader(args(get('/lupa-kata-sandi/', cookie)));
    expect(member.user).toEqual({ name: fields.display_name });
  });
});
