import { data, redirect } from 'react-router';
import { env } from './env.server';
import { AppError, Forbidden } from './errors';
import { readForm } from './form.server';
import { isSameOrigin } from './origin.server';
import { type Outcome, refused } from './outcome';
import { readPageParam } from './paging';
import type { SessionUser } from './user';

/** The page number of a route's `:page` param: 301 to the base path for /page/1/, 404 for junk. */
export function pageParam(raw: string | undefined, basePath: string, search = ''): number {
  const p = readPageParam(raw);
  if (p.kind === 'first') throw redirect(basePath + search, 301);
  if (p.kind === 'invalid') throw data(null, { status: 404 });
  return p.page;
}

/** Runs a feature call and turns its typed errors into route responses (404 page, 400 …). */
export async function answer<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) throw data(null, { status: error.status });
    throw error;
  }
}

/**
 * A public feature's outcome as a loader's answer (the public side of the staff area's `answerOutcome`):
 * its value, its refusal with its status, or a redirect once the change is made. A typed refusal it
 * throws is answered as `answer` does.
 */
export async function answerOutcome<T, F>(work: Promise<Outcome<T, F>>) {
  const outcome = await answer(work);
  if (outcome.kind === 'done') throw redirect(outcome.href, { status: outcome.status, headers: outcome.headers });
  if (outcome.kind === 'refused') return data(outcome.failure, { status: outcome.status });
  return outcome.value;
}

/** The header of an answer meant for one visitor: no cache along the way keeps it. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** What every form of the site answers a post from another site's page, unless its page says more. */
const CROSS_SITE_POST = 'Formulir ini harus dikirim dari situs ini.';

/** How a public form's route answers what its feature did not take (`answerPost`). */
export interface PostAnswering<F> {
  /**
   * The form's page showing why a post was not taken (its message), answered with the refusal's
   * status. Without it the refusal is thrown as `{ error: message }`, for the error boundary.
   */
  refusal?: (message: string) => F;
  /** What to say to a post from another site's page (403); `CROSS_SITE_POST` unless given. */
  crossSite?: string;
  /** Headers of the redirect besides the ones the outcome brings (a page for one visitor: `NO_STORE`). */
  redirectHeaders?: Record<string, string>;
}

/**
 * A public form's post as HTTP. The route checks it before its feature sees it: a post from another
 * site's page is refused (403), and so is a body that is not a form (400, never a 500); the feature
 * takes the fields and its outcome is answered: the value, or the refusal with the form's state and
 * status, both for one visitor (`no-store`), or a redirect once the change is made. A typed refusal
 * (an AppError, the two checks' too) is shown as `answering.refusal` says.
 */
export async function answerPost<T, F>(
  request: Request,
  take: (fields: Record<string, string>) => Promise<Outcome<T, F>>,
  answering: PostAnswering<F> = {},
) {
  let outcome: Outcome<T, F>;
  try {
    if (!isSameOrigin(request)) throw new Forbidden(answering.crossSite ?? CROSS_SITE_POST, 'cross_site_post');
    outcome = await take(await readForm(request));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (!answering.refusal) throw data({ error: error.message }, { status: error.status, headers: NO_STORE });
    outcome = refused(error.status, answering.refusal(error.message));
  }
  if (outcome.kind === 'done') {
    const headers = new Headers(answering.redirectHeaders);
    for (const [name, value] of new Headers(outcome.headers)) headers.append(name, value);
    return redirect(outcome.href, { status: outcome.status, headers });
  }
  if (outcome.kind === 'refused') return data(outcome.failure, { status: outcome.status, headers: NO_STORE });
  return data(outcome.value, { status: 200, headers: NO_STORE });
}

/**
 * The site origin for canonical addresses and mail links: SITE_URL, else the request's own, whose
 * Host the server has checked against ALLOWED_HOSTS (server/hosts.ts) before any route ran.
 */
export function siteOrigin(request: Request): string {
  return env().SITE_URL ?? new URL(request.url).origin;
}

/** What a public page's feature reads of its request, handed over by its route. */
export interface Visit {
  /** The site's origin (`siteOrigin`), for canonical addresses and links. */
  origin: string;
  /** The signed-in user, or null for a visitor. */
  user: SessionUser | null;
  /** The page address's query. */
  query: URLSearchParams;
}

/** The visit of a public page's request: its origin, its user (read once per request) and its query. */
export async function visitOf(
  context: { userOf: (request: Request) => Promise<SessionUser | null> },
  request: Request,
): Promise<Visit> {
  return { origin: siteOrigin(request), user: await context.userOf(request), query: new URL(request.url).searchParams };
}
