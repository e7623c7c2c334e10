import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { ACCOUNT_LIMITS } from '~/features/accounts/accounts.server';
import { newChallenge } from '~/lib/captcha.server';
import { type Answer, accountsSuite, cookieOf, newcomer, post, testOutbox } from '../support/account-forms';
import { DIALECTS } from '../support/databases';

testOutbox();

/** The limits on failed sign-ins, registrations and reset requests, and the captcha that keeps the owner in. */
describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let conn: Connection;
  const { act, userOf, countUsers, registered } = accountsSuite(dialect, (opened) => {
    conn = opened;
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
});
