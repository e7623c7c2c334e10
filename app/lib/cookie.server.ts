import { parse, serialize } from 'cookie';
import { isHttps } from './origin.server';

/** A cookie's value in a request, or undefined (parsed by the `cookie` package, as React Router does). */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  return header ? parse(header)[name] : undefined;
}

/**
 * The Set-Cookie header of one of the site's cookies: HttpOnly and SameSite=Lax always, Secure when
 * the browser came over HTTPS; `maxAge` 0 removes it.
 */
export function setCookie(request: Request, name: string, value: string, options: { path: string; maxAge: number }) {
  return serialize(name, value, {
    path: options.path,
    maxAge: options.maxAge,
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
  });
}
