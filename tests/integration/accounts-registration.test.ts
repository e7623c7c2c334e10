import { describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { verifyPassword } from '~/features/accounts/password.server';
import { hashToken } from '~/features/accounts/session.server';
import { accountsSuite, cookieOf, newcomer, post, testOutbox } from '../support/account-forms';
import { DIALECTS } from '../support/databases';

testOutbox();

/** Registration: what is stored, the session cookie it starts, and what is refused. */
describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let conn: Connection;
  const { act, userOf, countUsers, registered } = accountsSuite(dialect, (opened) => {
    conn = opened;
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
});
