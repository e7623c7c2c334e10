import { z } from 'zod';
import type { AppContext } from '~/context';
import { isDatabaseUnavailable, UNAVAILABLE_CODE, UNAVAILABLE_MESSAGE, unavailableHeaders } from '~/db/unavailable';
import { readLimitedBody } from '~/lib/body.server';
import { isClientGone } from '~/lib/client-gone';
import { AppError } from '~/lib/errors';
import { type Capability, can } from '~/lib/permissions';
import { controlCharacterPath } from '~/lib/text';
import type { SessionUser } from '~/lib/user';
import { parseBracketForm } from './form';
import { nonceSubject, verifyNonce } from './nonce.server';

/** The nonce action every state-changing call is checked against (the original's `wp_rest`). */
export const REST_NONCE_ACTION = 'wp_rest';
/** Largest request body a wire call reads. */
export const MAX_BODY_BYTES = 1_000_000;

export interface WireContext extends AppContext {
  request: Request;
  url: URL;
  /** Who the nonce is bound to: the signed-in user's session, '0' for visitors (`nonceSubject`). */
  subject: string;
  /** The signed-in user, or null for a visitor (guests name themselves in the payload). */
  user: SessionUser | null;
}

/** The context of a call only signed-in users may make: the user is there. */
export interface SignedInWireContext extends WireContext {
  user: SessionUser;
}

/**
 * Who may make a call, declared on the call and checked before its handler runs (after its input
 * is read, so a malformed call is still 400 first): anyone, any signed-in user, or a user with a
 * capability (lib/permissions.ts). Each refusal is the answer the original's clients get.
 */
export type CallAuth =
  | 'anyone'
  | { signedIn: true; signedOut: AppError }
  | { capability: Capability; signedOut: AppError; refused: AppError };

/** The context a handler gets under its `auth`. */
type ContextFor<A extends CallAuth> = A extends 'anyone' ? WireContext : SignedInWireContext;

/** A handler's answer: a value sent as JSON, or a ready Response (text, HTML, status of its own). */
export type WireAnswer = Response | unknown;

interface CallDef<S extends z.ZodType, R, A extends CallAuth = CallAuth> {
  input: S;
  /** Who may make the call (permissions as data). */
  auth: A;
  /** Whether the call changes state and so needs a valid nonce. Reads never need one (see README). */
  nonce: boolean;
  methods?: Array<'GET' | 'POST'>;
  handle(input: z.infer<S>, ctx: ContextFor<A>): Promise<R>;
  /** Maps the handler's result to the original client's exact fields. */
  output?: (result: R) => WireAnswer;
}

export interface ActionDef<S extends z.ZodType = z.ZodType, R = unknown, A extends CallAuth = CallAuth>
  extends CallDef<S, R, A> {
  /** admin-ajax `action` name (spec section 7). */
  name: string;
}

export interface RestRouteDef<S extends z.ZodType = z.ZodType, R = unknown, A extends CallAuth = CallAuth>
  extends CallDef<S, R, A> {
  /** Path below /wp-json/, e.g. `jet-menu-api/v2/get-menu-items`. */
  path: string;
}

/** Declares an admin-ajax action (STYLE.md "A wire action: declared as data"). */
export function defineAction<S extends z.ZodType, R, const A extends CallAuth>(def: ActionDef<S, R, A>): ActionDef {
  return def as unknown as ActionDef;
}

/** Declares a REST route under /wp-json/. */
export function defineRestRoute<S extends z.ZodType, R, const A extends CallAuth>(
  def: RestRouteDef<S, R, A>,
): RestRouteDef {
  return def as unknown as RestRouteDef;
}

type Envelope = 'ajax' | 'rest';

/** The admin-ajax endpoint: dispatches on `action` through the registry. */
export async function dispatchAjax(
  request: Request,
  ctx: AppContext,
  actions: ReadonlyMap<string, ActionDef>,
): Promise<Response> {
  try {
    const input = await readInput(request);
    // JetEngine's calls to the page's own address (server/app.ts) name theirs `jet_engine_action` (original-wire.md §3.2).
    const named = input.action ?? input.jet_engine_action;
    const name = typeof named === 'string' ? named : '';
    const action = actions.get(name);
    // The original answers a bare `0` for an action nobody registered (original-wire.md §1).
    if (!action) return new Response('0', { status: 400, headers: TEXT });
    return await run(action, input, request, ctx);
  } catch (error) {
    return errorResponse(error, 'ajax', request);
  }
}

/** The REST endpoint: `/wp-json/<path>`. */
export async function dispatchRest(
  request: Request,
  ctx: AppContext,
  routes: ReadonlyMap<string, RestRouteDef>,
  path: string,
): Promise<Response> {
  try {
    const route = routes.get(path.replace(/\/+$/, ''));
    if (!route || !(route.methods ?? ['GET', 'POST']).includes(request.method as 'GET' | 'POST')) {
      throw new AppError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
    }
    return await run(route, await readInput(request), request, ctx);
  } catch (error) {
    return errorResponse(error, 'rest', request);
  }
}

async function run(
  call: CallDef<z.ZodType, unknown>,
  input: Record<string, unknown>,
  request: Request,
  app: AppContext,
): Promise<Response> {
  if (call.methods && !call.methods.includes(request.method as 'GET' | 'POST')) {
    throw new AppError(405, 'method_not_allowed', `Use ${call.methods.join(' or ')}`);
  }
  const user = await app.userOf(request);
  const ctx: WireContext = { ...app, request, url: new URL(request.url), subject: nonceSubject(user), user };
  if (call.nonce) {
    const given = request.headers.get('x-wp-nonce') ?? stringField(input, '_wpnonce') ?? stringField(input, 'nonce');
    if (!given || !verifyNonce(ctx.nonceSecret, given, ctx.subject, REST_NONCE_ACTION)) {
      throw new AppError(403, 'rest_cookie_invalid_nonce', 'Cookie check failed');
    }
  }
  const parsed = call.input.safeParse(input);
  if (!parsed.success) throw new AppError(400, 'invalid_request', describeIssue(parsed.error));
  checkAuth(call.auth, user);
  const result = await call.handle(parsed.data, ctx as SignedInWireContext);
  const answer = call.output ? call.output(result) : result;
  if (answer instanceof Response) return answer;
  return Response.json(answer, { headers: NO_STORE });
}

/** Throws the call's refusal unless the user meets its `auth`. */
function checkAuth(auth: CallAuth, user: SessionUser | null): void {
  if (auth === 'anyone') return;
  if (!user) throw auth.signedOut;
  if ('capability' in auth && !can(user, auth.capability)) throw auth.refused;
  // Issue 25: staff whom the administrators' rule sends to set up a second factor use no staff tool meanwhile.
  if ('capability' in auth && user.secondFactorDue) throw SECOND_FACTOR_DUE;
}

const SECOND_FACTOR_DUE = new AppError(
  403,
  'second_factor_required',
  'Administrator mewajibkan verifikasi dua langkah: aktifkan dahulu di Akun saya (/admin/akun/).',
);

const TEXT = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
const NO_STORE = { 'cache-control': 'no-store' };

function errorResponse(error: unknown, envelope: Envelope, request: Request): Response {
  let status = 500;
  let code = 'internal_error';
  let message = 'Internal error. Please, try again later';
  if (error instanceof AppError) {
    ({ status, code, message } = error);
  } else if (error instanceof SyntaxError) {
    status = 400;
    code = 'invalid_request';
    message = 'The request body is not valid JSON.';
  } else if (!request.signal.aborted && isDatabaseUnavailable(error)) {
    // The database unreachable (issue 25): 503 and when to try again; the call is not acknowledged.
    status = 503;
    code = UNAVAILABLE_CODE;
    message = UNAVAILABLE_MESSAGE;
    console.warn(
      `database unreachable: ${request.method} ${new URL(request.url).pathname}: ${(error as Error).message}`,
    );
  } else if (isClientGone(error, request)) {
    // Nobody reads this answer; entry.server's handleError reports the hang-up in one line.
    status = 400;
    code = 'client_gone';
    message = 'The request was not completed.';
  } else {
    console.error('wire call failed', error);
  }
  const headers = code === UNAVAILABLE_CODE ? unavailableHeaders() : NO_STORE;
  // The nonce error has one shape everywhere, so that one client rule refreshes and retries.
  if (envelope === 'rest' || code === 'rest_cookie_invalid_nonce') {
    return Response.json({ code, message, data: { status } }, { status, headers });
  }
  return Response.json({ success: false, data: { message, code } }, { status, headers });
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

function stringField(input: Record<string, unknown>, key: string): string | undefined {
  const v = input[key];
  return typeof v === 'string' ? v : undefined;
}

/**
 * Query string merged with the body (like PHP's $_REQUEST): form, multipart or JSON. Control
 * characters in any field are refused here, before a handler or a query sees them.
 */
async function readInput(request: Request): Promise<Record<string, unknown>> {
  const input = await readFields(request);
  const where = controlCharacterPath(input);
  if (where !== null) throw new AppError(400, 'invalid_request', `${where}: contains a control character`);
  return input;
}

async function readFields(request: Request): Promise<Record<string, unknown>> {
  const url = new URL(request.url);
  const fromQuery = parseBracketForm(url.searchParams);
  if (request.method === 'GET' || request.method === 'HEAD') return fromQuery;
  const type = request.headers.get('content-type') ?? '';
  const text = await readText(request);
  if (text.trim() === '') return fromQuery;
  if (type.includes('application/json')) {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new AppError(400, 'invalid_request', 'The request body must be a JSON object.');
    }
    return { ...fromQuery, ...(json as Record<string, unknown>) };
  }
  if (type.includes('multipart/form-data')) {
    const form = await new Request(request.url, {
      method: 'POST',
      headers: { 'content-type': type },
      body: text,
    })
      .formData()
      .catch(() => {
        throw new AppError(400, 'invalid_request', 'The multipart body cannot be read.');
      });
    const pairs: Array<[string, string]> = [];
    for (const [k, v] of form) if (typeof v === 'string') pairs.push([k, v]);
    return { ...fromQuery, ...parseBracketForm(pairs) };
  }
  return { ...fromQuery, ...parseBracketForm(new URLSearchParams(text)) };
}

async function readText(request: Request): Promise<string> {
  const tooLarge = () => new AppError(413, 'payload_too_large', 'The request body is too large.');
  return (await readLimitedBody(request, MAX_BODY_BYTES, tooLarge)).toString('utf8');
}

/** Zod helpers for the original's string booleans and numbers (original-wire.md §1). */
export const wireBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');
export const wireInt = z.union([z.number(), z.string().regex(/^-?\d{1,9}$/)]).transform((v) => Number(v));
/** A page setting the original client sends as `false` (or empty) when the page has none: read as undefined. */
export const wireAbsent = z
  .union([z.literal('false'), z.literal(''), z.literal('0'), z.literal(false), z.literal(0), z.null()])
  .transform(() => undefined);
/**
 * A positive id as the original clients send it: digits in the query string, or a number in a JSON
 * body. `what` names it in the refusal (`a menu` → "a menu id is a positive whole number").
 */
export function wireId(what: string) {
  const error = `${what} id is a positive whole number`;
  return z
    .union([z.string().regex(/^[1-9]\d{0,8}$/, { error }), z.number().int().min(1).max(999_999_999)], { error })
    .transform(Number);
}
/** A post id as a page setting sends it: within PostgreSQL's integer, or absent. */
export const wirePostId = z.union([wireAbsent, wireInt.pipe(z.number().int().positive().max(2_147_483_647))]);
