import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { hasControlCharacters } from '../app/lib/text';
import { PLAYER_ORIGINS } from '../app/widgets/playlist/model';

/** A fresh nonce for the inline scripts of one page. */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The staff area and its sign-in (issue 25): framed by no page at all, not even the site's own, so that
 * no page can lay a staff form under a visitor's click.
 */
export const isStaffArea = (path: string) => /^\/(admin|masuk)(\/|$)/.test(path);

/** The Content-Security-Policy of a page at `path` whose inline scripts carry `nonce`. */
export function contentSecurityPolicy(nonce: string | null, dev: boolean, path = '/'): string {
  const script = dev ? `'self' 'unsafe-inline' 'unsafe-eval'` : nonce ? `'self' 'nonce-${nonce}'` : `'self'`;
  return [
    `default-src 'self'`,
    `script-src ${script}`,
    // React's style attributes (column widths, grid columns) are inline styles.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data:`,
    `font-src 'self'`,
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    // The playlist's players (app/widgets/playlist/model.ts PLAYER_ORIGINS), framed only once a visitor asks.
    `frame-src 'self' ${Object.values(PLAYER_ORIGINS).join(' ')}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors ${isStaffArea(path) ? `'none'` : `'self'`}`,
  ].join('; ');
}

/** Headers every response carries besides its Content-Security-Policy. */
const SECURITY_HEADERS: ReadonlyArray<[string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
];
/** A year, without subdomains: a school's other hosts (a mail or exam server) may still speak plain http. */
const HSTS = 'max-age=31536000';

/**
 * The headers of an answer at `path` over `scheme`, besides its Content-Security-Policy: HSTS only on
 * an https answer (a browser ignores it over http, and a site behind a proxy without TLS must stay reachable).
 */
export function securityHeadersOf(path: string, scheme: string): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ...SECURITY_HEADERS,
    ['X-Frame-Options', isStaffArea(path) ? 'DENY' : 'SAMEORIGIN'],
  ];
  if (scheme === 'https') headers.push(['Strict-Transport-Security', HSTS]);
  return headers;
}

/** Sets securityHeadersOf on a response about to be written. */
export function setSecurityHeaders(
  res: { setHeader(name: string, value: string): unknown },
  path: string,
  scheme: string,
) {
  for (const [name, value] of securityHeadersOf(path, scheme)) res.setHeader(name, value);
}

/**
 * Security headers on every response (issue 2 §8, issue 25); pages replace the CSP with their own
 * nonce. `schemeOf` is the one rule for the visitor's scheme (hosts.ts `requestScheme`).
 */
export function securityHeaders(dev: boolean, schemeOf: (req: Request) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    // Responses that are not pages (feeds, JSON, files) run no inline script at all.
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(null, dev, req.path));
    setSecurityHeaders(res, req.path, schemeOf(req));
    next();
  };
}

/** 301 to the trailing-slash form of page addresses (WordPress canonical form). */
export function trailingSlash(req: Request, res: Response, next: NextFunction) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const path = req.path;
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (path.endsWith('/') || last.includes('.') || /^\/(wp-admin|wp-json|assets|wp-content|@|__)/.test(path))
    return next();
  const q = req.originalUrl.indexOf('?');
  const query = q >= 0 ? req.originalUrl.slice(q) : '';
  res.redirect(301, `${path}/${query}`);
}

/** What the listener answers for an address no page can have; null lets the request through. */
export type Screened = { status: 301; location: string } | { status: 400 | 404 };

/**
 * Screens a request target before anything reads it (issue 15): `//…` (a path that a URL parser
 * takes for a host) is sent to the path with one slash; a target that is not a path, a path whose
 * escapes do not decode, and control characters anywhere (NUL never reaches a query: PostgreSQL
 * refuses it) are refused.
 */
export function screenAddress(target: string): Screened | null {
  if (!target.startsWith('/')) return { status: 400 };
  if (target.startsWith('//')) {
    // Never a protocol-relative Location (`//evil.example` would leave the site): one leading slash.
    return { status: 301, location: `/${target.replace(/^[/\\]+/, '')}` };
  }
  const q = target.indexOf('?');
  const path = q >= 0 ? target.slice(0, q) : target;
  const query = q >= 0 ? target.slice(q + 1) : '';
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    return { status: 404 };
  }
  if (hasControlCharacters(decodedPath)) return { status: 404 };
  // Decoded as the app will decode it (a stray % stays as it is).
  for (const [key, value] of new URLSearchParams(query)) {
    if (hasControlCharacters(key) || hasControlCharacters(value)) return { status: 400 };
  }
  return null;
}
