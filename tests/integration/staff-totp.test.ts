import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { hashPassword } from '~/features/accounts/password.server';
import { hashToken } from '~/features/accounts/session.server';
import type { UserRole } from '~/lib/user';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type RawAnswer, type SiteServer, startSite } from '../support/site-server';
import { createUser, startTestSession } from '../support/users';

/**
 * Issue 25 "Staff accounts": the optional second factor (enrolment on the own account page, the code step
 * of sign-in, wrong codes limited, a code never taken twice), the administrators' rule that forces staff
 * to set it up, the sessions list with its revocations (own and an administrator's), the password change
 * that ends the other sessions, and the invitation link's single use and expiry. Over HTTP, on the real
 * server, on SQLite and PostgreSQL.
 */

afterAll(() => closeAppBuild());

const PASSWORD = 'Guru#Tunas2026';
const NEW_PASSWORD = 'Baru#Tunas2027';
const ACCOUNT = '/admin/akun/';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** The code an app shows `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** `name=value` of a cookie the answer sets, or null. */
function cookieSet(answer: RawAnswer, name: string): string | null {
  const headers = answer.headers['set-cookie'] ?? [];
  for (const h of headers) {
    const match = new RegExp(`^${name}=([^;]*);`).exec(h);
    if (match) return `${name}=${match[1]}`;
  }
  return null;
}

const tokenOf = (html: string) => /name="_token" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe.each(DIALECTS)('staff accounts on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  let adminCookie: string;
  let adminId: number;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
    adminId = await createUser(conn.db, 'totp-admin', 'administrator');
    adminCookie = `session=${await startTestSession(conn.db, adminId)}`;
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const open = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
    site.send(path, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}), ...headers } });
  const post = (path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
    site.send(path, {
      method: 'POST',
      headers: {
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  /** Posts a form of a staff page, with the CSRF token the page carries. */
  const postForm = async (path: string, cookie: string, fields: Record<string, string>) =>
    post(path, { _token: tokenOf((await open(path, cookie)).text), ...fields }, cookie);

  /** A staff user with a password (login `login`). */
  async function staffUser(login: string, role: UserRole = 'editor'): Promise<number> {
    const id = await createUser(conn.db, login, role);
    await conn.db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', id)
      .execute();
    return id;
  }
  /** A second factor set up directly (as enrolment leaves it): its secret. */
  async function enrolled(userId: number): Promise<string> {
    const secret = generateSecret();
    await conn.db
      .insertInto('user_totp')
      .values({ user_id: userId, secret, created_at: new Date().toISOString(), confirmed_at: new Date().toISOString() })
      .execute();
    return secret;
  }
  const signIn = (login: string, password = PASSWORD, headers: Record<string, string> = {}, redirectTo = '/admin/') =>
    post('/masuk/', { login, password, redirect_to: redirectTo }, undefined, headers);
  /** Signs in with the password alone (an account without a second factor): the session cookie. */
  async function sessionOf(login: string, headers: Record<string, string> = {}, password = PASSWORD) {
    const answer = await signIn(login, password, headers);
    expect(answer.status).toBe(302);
    const cookie = cookieSet(answer, 'session');
    if (!cookie) throw new Error('no session cookie');
    return cookie;
  }
  const works = async (cookie: string) => (await open('/admin/', cookie)).status === 200;

  test('enrolment shows the secret, takes one right code, and sign-in then asks for a code', async () => {
    const id = await staffUser('totp-guru');
    const cookie = `session=${await startTestSession(conn.db, id)}`;
    const page = await open(ACCOUNT, cookie);
    expect(page.status).toBe(200);
    const shown = /<code class="staff-account__secret"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(page.text)?.[1] ?? '';
    expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(page.text).toContain('otpauth://totp/');
    const secret = shown.replaceAll(' ', '');
    // The same secret on the next visit (an app that read it keeps working).
    expect((await open(ACCOUNT, cookie)).text).toContain(shown);

    const wrong = await postForm(ACCOUNT, cookie, { intent: 'faktor-kedua-aktifkan', code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Kode salah');
    const enrolCode = await codeAt(secret);
    const on = await postForm(ACCOUNT, cookie, { intent: 'faktor-kedua-aktifkan', code: enrolCode });
    expect(on.status).toBe(200);
    expect(on.text).toContain('Verifikasi dua langkah aktif');
    const row = await conn.db.selectFrom('user_totp').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(row.confirmed_at).not.toBeNull();
    expect(Math.abs(Number(row.last_step) - Math.floor(Date.now() / 30_000))).toBeLessThanOrEqual(1);

    // The password alone starts only the half-signed-in step: no session, and its cookie opens nothing.
    const first = await signIn('totp-guru');
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/masuk/kode/');
    expect(cookieSet(first, 'session')).toBeNull();
    const half = cookieSet(first, 'session_kode') as string;
    expect(half).toMatch(/^session_kode=[A-Za-z0-9_-]{43}$/);
    expect((await open('/admin/', half)).headers.location).toBe('/masuk/?redirect_to=%2Fadmin%2F');
    expect((await open('/masuk/kode/', half)).text).toContain('Kode 6 angka');

    // The code that turned it on was used: refused. The next step's code signs in, once.
    const replayed = await post('/masuk/kode/', { code: enrolCode }, half);
    expect(replayed.status).toBe(400);
    expect(replayed.text).toContain('Kode salah atau sudah dipakai');
    const next = await codeAt(secret, 1);
    const done = await post('/masuk/kode/', { code: next }, half);
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/admin/');
    const session = cookieSet(done, 'session') as string;
    expect(await works(session)).toBe(true);
    expect(cookieSet(done, 'session_kode')).toBe('session_kode=');
    // The challenge is used up, and the code cannot sign in a second browser.
    expect((await post('/masuk/kode/', { code: next }, half)).text).toContain('kedaluwarsa');
    const second = cookieSet(await signIn('totp-guru'), 'session_kode') as string;
    expect((await post('/masuk/kode/', { code: next }, second)).status).toBe(400);
    expect((await post('/masuk/kode/', { code: await codeAt(secret, -1) }, second)).status).toBe(400);

    // Turning it off asks for a current code (the used ones are refused).
    const offWrong = await postForm(ACCOUNT, session, { intent: 'faktor-kedua-matikan', code: next });
    expect(offWrong.status).toBe(400);
    // A quarter of an hour later: the wrong tries no longer count, and a new code shows.
    await conn.db.updateTable('user_totp').set({ last_step: null }).where('user_id', '=', id).execute();
    await conn.db.deleteFrom('rate_limit').where('bucket', '=', `totp:user:${id}`).execute();
    const off = await postForm(ACCOUNT, session, { intent: 'faktor-kedua-matikan', code: await codeAt(secret) });
    expect(off.status).toBe(200);
    expect(off.text).toContain('Verifikasi dua langkah dimatikan');
    expect((await signIn('totp-guru')).headers.location).toBe('/admin/');
  });

  test('wrong codes are limited per account: the sixth try within 15 minutes is refused, even a right one', async () => {
    const id = await staffUser('totp-tebak');
    const secret = await enrolled(id);
    const half = cookieSet(await signIn('totp-tebak'), 'session_kode') as string;
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/masuk/kode/', { code: String(100000 + i) }, half);
      expect(wrong.status, `try ${i + 1}`).toBe(400);
    }
    const limited = await post('/masuk/kode/', { code: await codeAt(secret) }, half);
    expect(limited.status).toBe(429);
    expect(limited.text).toContain('Terlalu banyak kode yang salah');
    // A new password step does not reset the count.
    const again = cookieSet(await signIn('totp-tebak'), 'session_kode') as string;
    expect((await post('/masuk/kode/', { code: await codeAt(secret) }, again)).status).toBe(429);
    // An expired step sends back to the password.
    await conn.db.updateTable('sign_in_challenge').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    await conn.db.deleteFrom('rate_limit').where('bucket', '=', `totp:user:${id}`).execute();
    const late = await post('/masuk/kode/', { code: await codeAt(secret) }, again);
    expect(late.status).toBe(400);
    expect(late.text).toContain('kedaluwarsa');
  });

  test('the administrators’ rule sends staff without a second factor to set it up, and nothing else opens', async () => {
    // The administrator has one, or the rule would hold them too.
    await enrolled(adminId);
    const rule = await postForm('/admin/pengaturan/', adminCookie, { tindakan: 'faktor-kedua', wajib: '1' });
    expect(rule.status).toBe(302);
    expect(rule.headers.location).toBe('/admin/pengaturan/?faktor-kedua-disimpan');
    try {
      expect((await open('/admin/pengaturan/', adminCookie)).text).toMatch(/id="pengaturan-faktor-kedua"[^>]*checked/);
      const id = await staffUser('totp-wajib');
      const signedIn = await signIn('totp-wajib', PASSWORD, {}, '/admin/berita/');
      expect(signedIn.headers.location).toBe(ACCOUNT);
      const cookie = cookieSet(signedIn, 'session') as string;
      for (const path of ['/admin/', '/admin/berita/', '/admin/agenda/baru/']) {
        expect((await open(path, cookie)).headers.location, path).toBe(`${ACCOUNT}?faktor-kedua=wajib`);
      }
      const page = await open(`${ACCOUNT}?faktor-kedua=wajib`, cookie);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Administrator mewajibkan verifikasi dua langkah');
      // Only the enrolment form: the page's other changes are refused, and other screens' posts too.
      expect((await postForm(ACCOUNT, cookie, { intent: 'akhiri-sesi-lain' })).status).toBe(403);
      const news = await post('/admin/berita/baru/', { _token: tokenOf(page.text), title: 'X' }, cookie);
      expect(news.status).toBe(302);
      expect(news.headers.location).toBe(`${ACCOUNT}?faktor-kedua=wajib`);
      // Nor the staff tools on public pages: the reviews widget's moderation call is refused, and changes nothing.
      const review = await conn.db.selectFrom('review').select('id').orderBy('id').executeTakeFirstOrThrow();
      const nonce = (await site.send('/wp-admin/admin-ajax.php?action=rest-nonce', { headers: { cookie } })).text;
      const moderated = await site.send('/wp-json/jet-reviews-api/v1/moderate-review', {
        method: 'POST',
        headers: { cookie, 'x-wp-nonce': nonce, 'content-type': 'application/json' },
        body: JSON.stringify({ review_id: review.id, operation: 'delete' }),
      });
      expect(moderated.status).toBe(403);
      expect(JSON.parse(moderated.text).code).toBe('second_factor_required');
      expect(await conn.db.selectFrom('review').select('id').where('id', '=', review.id).executeTakeFirst()).toEqual(
        review,
      );

      const secret = (
        /<code class="staff-account__secret"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(page.text)?.[1] ?? ''
      ).replaceAll(' ', '');
      const on = await postForm(ACCOUNT, cookie, { intent: 'faktor-kedua-aktifkan', code: await codeAt(secret) });
      expect(on.status).toBe(200);
      expect((await open('/admin/berita/', cookie)).status).toBe(200);
      // While the rule holds, it cannot be turned off.
      const off = await postForm(ACCOUNT, cookie, { intent: 'faktor-kedua-matikan', code: await codeAt(secret, 1) });
      expect(off.status).toBe(400);
      expect(off.text).toContain('tidak dapat dimatikan');
      expect(
        await conn.db.selectFrom('user_totp').select('user_id').where('user_id', '=', id).executeTakeFirst(),
      ).toBeTruthy();
    } finally {
      const lifted = await postForm('/admin/pengaturan/', adminCookie, { tindakan: 'faktor-kedua' });
      expect(lifted.status).toBe(302);
    }
    const id = await staffUser('totp-bebas');
    expect((await signIn('totp-bebas')).headers.location).toBe('/admin/');
    expect(id).toBeGreaterThan(0);
  });

  test('the account page lists its sessions; one, or all others, end; an administrator ends another’s', async () => {
    const id = await staffUser('totp-sesi');
    const here = await sessionOf('totp-sesi', { 'user-agent': FIREFOX, 'x-forwarded-for': '198.51.100.7' });
    const phone = await sessionOf('totp-sesi', { 'user-agent': CHROME, 'x-forwarded-for': '198.51.100.8' });
    const laptop = await sessionOf('totp-sesi', { 'user-agent': CHROME, 'x-forwarded-for': '198.51.100.9' });
    const page = (await open(ACCOUNT, here)).text;
    expect(page).toContain('Firefox di Linux (sesi ini)');
    expect(page).toContain('Chrome di Windows');
    for (const ip of ['198.51.100.7', '198.51.100.8', '198.51.100.9']) expect(page).toContain(ip);
    const idOf = (cookie: string) => hashToken(cookie.replace(/^session=/, ''));
    expect(page).toContain(`name="sesi" value="${idOf(phone)}"`);
    expect(page).not.toContain(`name="sesi" value="${idOf(here)}"`);

    const ended = await postForm(ACCOUNT, here, { intent: 'akhiri-sesi', sesi: idOf(phone) });
    expect(ended.status).toBe(200);
    expect(await works(phone)).toBe(false);
    expect((await open('/admin/', phone)).headers.location).toBe('/masuk/?redirect_to=%2Fadmin%2F');
    expect(await works(laptop)).toBe(true);
    // Another account's session is not one of this account's.
    const other = await postForm(ACCOUNT, here, { intent: 'akhiri-sesi', sesi: idOf(adminCookie) });
    expect(other.status).toBe(400);
    expect(await works(adminCookie)).toBe(true);

    const rest = await postForm(ACCOUNT, here, { intent: 'akhiri-sesi-lain' });
    expect(rest.status).toBe(200);
    expect(await works(laptop)).toBe(false);
    expect(await works(here)).toBe(true);

    // The administrator sees the account's sessions on its page and ends them.
    const userPage = `/admin/pengguna/${id}/`;
    const seen = (await open(userPage, adminCookie)).text;
    expect(seen).toContain('Firefox di Linux');
    expect(seen).toContain(`name="sesi" value="${idOf(here)}"`);
    const byAdmin = await postForm(userPage, adminCookie, { intent: 'end-session', sesi: idOf(here) });
    expect(byAdmin.status).toBe(200);
    expect(await works(here)).toBe(false);
    const again = await sessionOf('totp-sesi');
    expect((await postForm(userPage, adminCookie, { intent: 'end-sessions' })).status).toBe(200);
    expect(await works(again)).toBe(false);
    // Editors never see another account's sessions.
    await staffUser('totp-redaktur');
    const editor = await sessionOf('totp-redaktur');
    expect((await open(userPage, editor)).status).toBe(403);
  });

  test('a password change ends the other sessions and keeps this one', async () => {
    await staffUser('totp-sandi');
    const here = await sessionOf('totp-sandi');
    const elsewhere = await sessionOf('totp-sandi');
    const wrong = await postForm(ACCOUNT, here, {
      intent: 'ganti-kata-sandi',
      current_password: 'Salah#Sekali1',
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Kata sandi saat ini salah.');
    expect(await works(elsewhere)).toBe(true);
    const changed = await postForm(ACCOUNT, here, {
      intent: 'ganti-kata-sandi',
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('Semua sesi lain akun ini telah diakhiri');
    expect(await works(elsewhere)).toBe(false);
    expect(await works(here)).toBe(true);
    expect((await signIn('totp-sandi')).status).toBe(400);
    expect(await works(await sessionOf('totp-sandi', {}, NEW_PASSWORD))).toBe(true);
  });

  test('a reset link of an account with a second factor still asks for the code', async () => {
    const id = await staffUser('totp-lupa');
    const secret = await enrolled(id);
    expect((await post('/lupa-kata-sandi/', { email: 'totp-lupa@contoh.sch.id' })).status).toBe(200);
    const mail = await conn.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', 'totp-lupa@contoh.sch.id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /atur-ulang-kata-sandi\/\?token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] ?? '';
    const reset = await post('/atur-ulang-kata-sandi/', {
      token,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(reset.status).toBe(302);
    expect(reset.headers.location).toBe('/masuk/kode/');
    expect(cookieSet(reset, 'session')).toBeNull();
    const half = cookieSet(reset, 'session_kode') as string;
    const signedIn = await post('/masuk/kode/', { code: await codeAt(secret) }, half);
    expect(signedIn.status).toBe(302);
    expect(await works(cookieSet(signedIn, 'session') as string)).toBe(true);
  });

  test('an invitation link works once, and not after it expired', async () => {
    const invite = async (email: string) => {
      const sent = await postForm('/admin/pengguna/undang/', adminCookie, {
        email,
        display_name: 'Guru Baru',
        role: 'author',
      });
      expect(sent.status).toBe(302);
      const mail = await conn.db
        .selectFrom('outbox')
        .select('body')
        .where('recipient', '=', email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const link = /https?:\/\/[^/\s]+(\/terima-undangan\/\?token=([A-Za-z0-9_-]+))/.exec(mail.body);
      if (!link?.[1] || !link[2]) throw new Error('no invitation link');
      return { path: link[1], token: link[2] };
    };
    const accept = (link: { path: string; token: string }, login: string) =>
      post(link.path, { token: link.token, login, password: PASSWORD, password_confirm: PASSWORD });

    const once = await invite('guru.sekali@contoh.sch.id');
    expect((await accept(once, 'guru.sekali')).status).toBe(302);
    const twice = await accept(once, 'guru.dua.kali');
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('Undangan ini sudah dipakai.');

    const late = await invite('guru.terlambat@contoh.sch.id');
    await conn.db
      .updateTable('user_invitation')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(late.token))
      .execute();
    expect((await open(late.path)).text).toContain('kedaluwarsa');
    const refused = await accept(late, 'guru.terlambat');
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('kedaluwarsa');
  });
});
