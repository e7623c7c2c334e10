import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Connection } from '~/db/connection.server';
import type { AccountFormState } from '~/features/accounts/model';
import * as lostPasswordRoute from '~/routes/lost-password';
import * as registerRoute from '~/routes/register';
import * as resetPasswordRoute from '~/routes/reset-password';
import * as signInRoute from '~/routes/sign-in';
import * as signOutRoute from '~/routes/sign-out';
import { appContext, freshDatabase } from './databases';

/**
 * The account pages (sign-in, sign-out, registration, lost and reset password) called as React Router
 * calls their route modules, with the form posts a browser sends: for the
 * tests/integration/accounts-*.test.ts files.
 */

export const ORIGIN = 'http://school.test';

/**
 * Sends the calling test file's mail to an outbox of its own (no SMTP_URL): a folder, removed after
 * the file's tests, whose path it returns. Call it at the top of the file, before any mail is sent.
 */
export function testOutbox(): string {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'smp-outbox-'));
  process.env.OUTBOX_DIR = outbox;
  delete process.env.SMTP_URL;
  afterAll(() => fs.rmSync(outbox, { recursive: true, force: true }));
  return outbox;
}

export interface Sent {
  address?: string;
  cookie?: string;
  origin?: string | null;
  url?: string;
  contentType?: string;
  body?: string;
}

/** A browser's form post to an account page (url-encoded, from this site, from `address`). */
export function post(pathname: string, fields: Record<string, string>, sent: Sent = {}): Request {
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

export function get(pathname: string, cookie?: string): Request {
  return new Request(ORIGIN + pathname, { headers: cookie ? { cookie } : {} });
}

/** What an action answered: a redirect Response, or form state with its status. */
export interface Answer {
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
export function cookieOf(setCookie: string | null): string {
  const match = /^session=([A-Za-z0-9_-]+);/.exec(setCookie ?? '');
  if (!match) throw new Error(`no session cookie in ${setCookie}`);
  return `session=${match[1]}`;
}

let unique = 0;
/** A registration that passes every rule, with a login and address nobody has yet. */
export function newcomer(overrides: Record<string, string> = {}) {
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

/**
 * A suite's calls of the account pages: before its tests a fresh demo school is opened and handed to
 * `take`, after them it is removed. `args` are a route module's loader or action arguments, `act` gives
 * the actions' answers.
 */
export function accountsSuite(dialect: 'sqlite' | 'postgres', take: (opened: Connection) => void) {
  let opened: { conn: Connection; dispose(): Promise<void> };
  beforeAll(async () => {
    opened = await freshDatabase(dialect);
    take(opened.conn);
  });
  afterAll(() => opened.dispose());

  // biome-ignore lint/suspicious/noExplicitAny: route modules are called with the arguments React Router gives them
  const args = (request: Request): any => ({ request, context: appContext(opened.conn), params: {} });
  const act = {
    signIn: async (r: Request) => read(await signInRoute.action(args(r))),
    signOut: async (r: Request) => read(await signOutRoute.action(args(r))),
    register: async (r: Request) => read(await registerRoute.action(args(r))),
    lostPassword: async (r: Request) => read(await lostPasswordRoute.action(args(r))),
    resetPassword: async (r: Request) => read(await resetPasswordRoute.action(args(r))),
  };
  const userOf = (cookie: string) => appContext(opened.conn).userOf(get('/', cookie));
  const countUsers = async () =>
    Number(
      (
        await opened.conn.db
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
    const mail = await opened.conn.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/atur-ulang-kata-sandi\/\?token=[A-Za-z0-9_-]+/.exec(mail.body)?.[0];
    if (!link) throw new Error(`no reset link in: ${mail.body}`);
    return new URL(link);
  }

  return { args, act, userOf, countUsers, registered, resetLink };
}
