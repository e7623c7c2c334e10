import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { hashToken } from '~/features/accounts/session.server';
import * as resetPasswordRoute from '~/routes/reset-password';
import { accountsSuite, cookieOf, get, ORIGIN, post, testOutbox } from '../support/account-forms';
import { DIALECTS } from '../support/databases';

const OUTBOX = testOutbox();

/** Lost and reset password: the mailed single-use link, its hour, and answers that tell nothing. */
describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let conn: Connection;
  const { args, act, userOf, registered, resetLink } = accountsSuite(dialect, (opened) => {
    conn = opened;
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
});
