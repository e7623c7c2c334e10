import { data } from 'react-router';
import { readLimitedBody } from '~/lib/body.server';
import { Invalid } from '~/lib/errors';
import { hasControlCharacters } from '~/lib/text';
import type { AccountFormState } from './model';

/** Largest account form body read (a few short fields). */
const MAX_FORM_BYTES = 16 * 1024;

/** A form the server could not read: answered 400 with the message, never a 500. */
export class UnreadableForm extends Invalid {}

/**
 * The fields of a posted form (url-encoded, or multipart as a script may send it), each field's
 * first value as text; files are ignored. Bodies over 16 kB, and control characters, are refused.
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
  // NUL and other control characters never reach a query (PostgreSQL refuses NUL in text).
  if (Object.entries(fields).some(([key, value]) => hasControlCharacters(key) || hasControlCharacters(value))) {
    throw new UnreadableForm('Formulir memuat karakter yang tidak diizinkan.');
  }
  return fields;
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
