import { data } from 'react-router';
import { readLimitedBody } from '~/lib/body.server';
import type { AccountFormState } from './model';

/** Largest account form body read (a few short fields). */
const MAX_FORM_BYTES = 16 * 1024;

/** A form the server could not read: answered 400 with the message, never a 500. */
export class UnreadableForm extends Error {}

/**
 * The fields of a posted form (url-encoded, or multipart as a script may send it), each field's
 * first value as text; files are ignored. Bodies over 16 kB are refused.
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const multipart = type.startsWith('multipart/form-data');
  if (!multipart && !type.startsWith('application/x-www-form-urlencoded')) {
    throw new UnreadableForm('Formulir tidak dapat dibaca.');
  }
  const bytes = await readLimitedBody(request, MAX_FORM_BYTES, () => new UnreadableForm('Formulir terlalu besar.'));
  const fields: Record<string, string> = {};
  const keep = (key: string, value: unknown) => {
    if (typeof value === 'string' && !(key in fields)) fields[key] = value;
  };
  if (multipart) {
    try {
      const form = await new Request('http://form.invalid/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Uint8Array(bytes),
      }).formData();
      for (const [key, value] of form) keep(key, value);
    } catch {
      throw new UnreadableForm('Formulir tidak dapat dibaca.');
    }
  } else {
    for (const [key, value] of new URLSearchParams(bytes.toString('utf8'))) keep(key, value);
  }
  return fields;
}

/**
 * Whether a form post comes from this site: the Origin header (sent by browsers with every POST)
 * names this host, or SITE_URL's. A request without Origin (an old browser, a script) passes; the
 * SameSite=Lax cookie still keeps other sites' posts out of a session.
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
  const site = process.env.SITE_URL;
  return Boolean(site) && URL.canParse(site as string) && new URL(site as string).host === host;
}

/** A form page's answer that is not a redirect: the state to show, with its status, never stored by caches. */
export function formAnswer(state: AccountFormState, status = 200) {
  return data(state, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** The answer to a post from another site. */
export function foreignPost() {
  return formAnswer({ error: 'Formulir ini harus dikirim dari situs ini. Muat ulang halaman dan coba lagi.' }, 403);
}

/** The first message per field of a zod error, keyed by the field's name. */
export function fieldErrors(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
