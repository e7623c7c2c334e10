import { env } from './env.server';

/**
 * Whether a form post comes from this site: the Origin header (sent by browsers with every POST)
 * names this host, or SITE_URL's. A request without Origin (an old browser, a script) passes; the
 * SameSite=Lax cookie still keeps other sites' posts out of a session. The request's own host is
 * trusted because the server answers only the hosts it serves (server/hosts.ts).
 */
export function isSameOrigin(request: Request): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return false;
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  // Hosts, not origins: behind a TLS proxy the request may reach us as http while the browser says https.
  if (host !== '' && host === new URL(request.url).host) return true;
  const site = env().SITE_URL;
  return site !== undefined && new URL(site).host === host;
}

/**
 * Whether the browser reached us over HTTPS: the request's scheme, which the server took from the
 * socket or from a trusted proxy's X-Forwarded-Proto (server/hosts.ts `requestScheme`).
 */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}
