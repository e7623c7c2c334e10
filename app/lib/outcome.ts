/**
 * What a feature's call comes to, for its route to answer over HTTP (one shape for the staff screens
 * and the public forms: the feature takes the database, the user and the form's fields, and never
 * imports the router). A refusal a feature throws instead (403, 404) is an AppError (lib/errors.ts).
 */
export type Outcome<T, F> =
  /** The route answers the value (a screen's data, an autosave's JSON). */
  | { kind: 'ok'; value: T }
  /** The form comes back with what was typed and why it was not taken. */
  | { kind: 'refused'; status: number; failure: F }
  /**
   * The change is made: the route sends the browser on (post, redirect, get), with the headers the
   * change needs (the Set-Cookie of a sign-in).
   */
  | { kind: 'done'; href: string; status: 302 | 303; headers?: HeadersInit };

export const ok = <T>(value: T) => ({ kind: 'ok', value }) as const;
export const refused = <F>(status: number, failure: F) => ({ kind: 'refused', status, failure }) as const;
export const done = (
  href: string,
  status: 302 | 303 = 302,
  headers?: HeadersInit,
): Extract<Outcome<never, never>, { kind: 'done' }> =>
  headers === undefined ? { kind: 'done', href, status } : { kind: 'done', href, status, headers };
