import { describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { hashToken } from '~/features/accounts/session.server';
import * as lostPasswordRoute from '~/routes/lost-password';
import * as registerRoute from '~/routes/register';
import * as signInRoute from '~/routes/sign-in';
import * as signOutRoute from '~/routes/sign-out';
import { DEMO_USERS } from '../../seed/users';
import { accountsSuite, cookieOf, get, ORIGIN, post, testOutbox } from '../support/account-forms';
import { DIALECTS } from '../support/databases';

testOutbox();

/** Signing in and out, sessions, and the account pages themselves. */
describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let conn: Connection;
  const { args, act, userOf, registered } = accountsSuite(dialect, (opened) => {
    conn = opened;
  });

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
