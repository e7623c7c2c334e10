import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '~/context';
import { AppError, Forbidden } from '~/lib/errors';
import type { UserRole } from '~/lib/user';
import { createNonce } from './nonce.server';
import {
  type ActionDef,
  defineAction,
  defineRestRoute,
  dispatchAjax,
  dispatchRest,
  MAX_BODY_BYTES,
  REST_NONCE_ACTION,
  type RestRouteDef,
} from './registry.server';

const ctx = {
  nonceSecret: 'secret',
  cspNonce: '',
  devMode: false,
  userOf: async () => null,
} as unknown as AppContext;

const echo = defineAction({
  name: 'echo',
  auth: 'anyone',
  nonce: true,
  input: z.object({ n: z.coerce.number().int().max(10), list: z.array(z.string()).optional() }),
  async handle(input) {
    return { success: true, data: input };
  },
});
const conflict = defineAction({
  name: 'conflict',
  auth: 'anyone',
  nonce: false,
  methods: ['POST'],
  input: z.object({}),
  async handle() {
    throw new AppError(409, 'already-created', 'already there');
  },
});
const crash = defineAction({
  name: 'crash',
  auth: 'anyone',
  nonce: false,
  input: z.object({}),
  async handle(): Promise<never> {
    throw new Error('SELECT secret FROM users');
  },
});
const actions = new Map<string, ActionDef>([echo, conflict, crash].map((a) => [a.name, a as unknown as ActionDef]));
const routes = new Map<string, RestRouteDef>([
  ['t/v1/echo', defineRestRoute({ ...echo, path: 't/v1/echo' }) as unknown as RestRouteDef],
]);

const form = (body: string, headers: Record<string, string> = {}) =>
  new Request('http://x/wp-admin/admin-ajax.php', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

describe('the action registry', () => {
  const nonce = createNonce('secret', '0', REST_NONCE_ACTION);

  test('a valid call with its nonce runs the handler', async () => {
    const res = await dispatchAjax(form(`action=echo&n=3&list[]=a&list[]=b&_wpnonce=${nonce}`), ctx, actions);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { n: 3, list: ['a', 'b'] } });
  });

  test('a missing or wrong nonce is 403 rest_cookie_invalid_nonce', async () => {
    for (const body of ['action=echo&n=3', 'action=echo&n=3&_wpnonce=0123456789abcdef0123']) {
      const res = await dispatchAjax(form(body), ctx, actions);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('rest_cookie_invalid_nonce');
    }
  });

  test('the nonce header works for REST and JSON bodies are read', async () => {
    const res = await dispatchRest(
      new Request('http://x/wp-json/t/v1/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
        body: JSON.stringify({ n: 4 }),
      }),
      ctx,
      routes,
      't/v1/echo',
    );
    expect(await res.json()).toEqual({ success: true, data: { n: 4 } });
  });

  test('a payload failing its schema is 400 with the field named', async () => {
    const res = await dispatchAjax(form(`action=echo&n=99&_wpnonce=${nonce}`), ctx, actions);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: boolean; data: { message: string } };
    expect(body.success).toBe(false);
    expect(body.data.message).toMatch(/^n:/);
  });

  test('typed errors keep their status and code; unknown errors say nothing inside', async () => {
    const c = await dispatchAjax(form('action=conflict'), ctx, actions);
    expect(c.status).toBe(409);
    expect(await c.json()).toEqual({ success: false, data: { message: 'already there', code: 'already-created' } });
    const original = console.error;
    console.error = () => {};
    try {
      const res = await dispatchAjax(form('action=crash'), ctx, actions);
      expect(res.status).toBe(500);
      expect(await res.text()).not.toMatch(/SELECT/);
    } finally {
      console.error = original;
    }
  });

  test('method, body size and JSON shape are checked', async () => {
    expect((await dispatchAjax(new Request('http://x/a?action=conflict'), ctx, actions)).status).toBe(405);
    const big = await dispatchAjax(form(`action=echo&x=${'a'.repeat(MAX_BODY_BYTES)}`), ctx, actions);
    expect(big.status).toBe(413);
    const json = (body: string) =>
      dispatchRest(
        new Request('http://x/wp-json/t/v1/echo', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
        ctx,
        routes,
        't/v1/echo',
      );
    expect((await json('{oops')).status).toBe(400);
    expect((await json('[1,2]')).status).toBe(400);
  });
});

describe('who may make a call (its `auth`)', () => {
  const moderate = defineAction({
    name: 'moderate',
    auth: {
      capability: 'reviews',
      signedOut: new AppError(401, 'rest_not_logged_in', 'sign in'),
      refused: new Forbidden('staff only', 'rest_forbidden'),
    },
    nonce: false,
    input: z.object({ n: z.coerce.number().int() }),
    async handle(input, call) {
      // The handler sees the user the declaration let through.
      return { n: input.n, by: call.user.login };
    },
  });
  const calls = new Map([[moderate.name, moderate]]);
  const as = (roles: UserRole[] | null) =>
    ({
      ...ctx,
      userOf: async () => (roles ? { id: 7, login: 'guru', name: 'Guru', email: 'g@x.id', roles, session: 's' } : null),
    }) as AppContext;

  test('a visitor gets the declared sign-in refusal, a user without the capability the other', async () => {
    const visitor = await dispatchAjax(form('action=moderate&n=1'), as(null), calls);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ success: false, data: { message: 'sign in', code: 'rest_not_logged_in' } });
    const author = await dispatchAjax(form('action=moderate&n=1'), as(['author']), calls);
    expect(author.status).toBe(403);
    expect(((await author.json()) as { data: { code: string } }).data.code).toBe('rest_forbidden');
  });

  test('a user with the capability reaches the handler; a malformed call is still 400 first', async () => {
    const editor = await dispatchAjax(form('action=moderate&n=2'), as(['editor']), calls);
    expect(await editor.json()).toEqual({ n: 2, by: 'guru' });
    expect((await dispatchAjax(form('action=moderate&n=x'), as(null), calls)).status).toBe(400);
  });
});
