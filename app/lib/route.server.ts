import { data, redirect } from 'react-router';
import { env } from './env.server';
import { AppError } from './errors';
import { readPageParam } from './paging';

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
 * The site origin for canonical addresses and mail links: SITE_URL, else the request's own, whose
 * Host the server has checked against ALLOWED_HOSTS (server/hosts.ts) before any route ran.
 */
export function siteOrigin(request: Request): string {
  return env().SITE_URL ?? new URL(request.url).origin;
}
