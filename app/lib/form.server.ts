import { readLimitedBody } from './body.server';
import { Invalid } from './errors';
import { hasControlCharacters } from './text';

/** Largest form body read (a page's form: a few short fields). */
const MAX_FORM_BYTES = 16 * 1024;

/** A form the server could not read: answered 400 with the message, never a 500. */
export class UnreadableForm extends Invalid {}

/**
 * The fields of a posted form (url-encoded, or multipart as a script may send it), each field's
 * first value as text; files are ignored. Bodies over `maxBytes` (16 kB: a page's few short fields; an
 * editor's form passes more), and control characters, are refused.
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<Record<string, string>> {
  // The media type is matched in lower case; the header goes on as sent (a multipart boundary is case-sensitive).
  const header = request.headers.get('content-type') ?? '';
  const type = header.toLowerCase();
  const multipart = type.startsWith('multipart/form-data');
  if (!multipart && !type.startsWith('application/x-www-form-urlencoded')) {
    throw new UnreadableForm('Formulir tidak dapat dibaca.');
  }
  const bytes = await readLimitedBody(request, maxBytes, () => new UnreadableForm('Formulir terlalu besar.'));
  const fields: Record<string, string> = {};
  const keep = (key: string, value: unknown) => {
    if (typeof value === 'string' && !(key in fields)) fields[key] = value;
  };
  if (multipart) {
    try {
      const form = await new Request('http://form.invalid/', {
        method: 'POST',
        headers: { 'content-type': header },
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
