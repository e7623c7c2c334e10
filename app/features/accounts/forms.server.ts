import { data } from 'react-router';
import type { AccountFormState } from './model';

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
