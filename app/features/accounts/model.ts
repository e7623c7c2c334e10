/**
 * The session cookie's name. The page cache (server/page-cache.ts) never answers a request that
 * carries a cookie starting with `session`, so signed-in visitors always get fresh pages.
 */
export const SESSION_COOKIE = 'session';

/** One rule of the password check: a stable id (for markup and tests) and its Indonesian label. */
export interface PasswordRule {
  id: 'length' | 'lower' | 'upper' | 'digit' | 'special';
  label: string;
  test: (password: string) => boolean;
}

/** Shortest password the rule accepts. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password a form takes (scrypt reads it whole; a cap keeps one request cheap). */
export const PASSWORD_MAX_LENGTH = 200;

/**
 * The password rule of registration and reset (spec 000 §5): at least 8 characters, a lower-case
 * letter, an upper-case letter, a digit and a special character. The same list runs in the browser
 * (the checklist under the field) and on the server.
 */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `Minimal ${PASSWORD_MIN_LENGTH} karakter`, test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { id: 'lower', label: 'Huruf kecil', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'upper', label: 'Huruf besar', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'digit', label: 'Angka', test: (p) => /\p{Nd}/u.test(p) },
  // Anything that is neither a letter, a digit nor a space: ! @ # … but also – or €.
  { id: 'special', label: 'Karakter khusus', test: (p) => /[^\p{L}\p{N}\s]/u.test(p) },
];

/** Each rule with whether `password` meets it, in the order they are shown. */
export function checkPassword(password: string): Array<{ id: PasswordRule['id']; label: string; met: boolean }> {
  return PASSWORD_RULES.map((r) => ({ id: r.id, label: r.label, met: r.test(password) }));
}

/** The labels of the rules `password` does not meet; empty when it passes. */
export function unmetPasswordRules(password: string): string[] {
  return checkPassword(password)
    .filter((r) => !r.met)
    .map((r) => r.label);
}

/** Login names: 3 to 60 letters, digits, `_`, `.` or `-` (they appear in addresses and mentions). */
export const LOGIN_PATTERN = /^[A-Za-z0-9_.-]{3,60}$/;

/** The one e-mail check (spec 000 §5), shared with the other forms. */
export { isValidEmail } from '~/lib/email';

/**
 * Where to go after signing in: `redirect_to` when it is a path of this site (`/…`, never `//host`
 * or `/\host`, which browsers read as another host), else the home page.
 */
export function safeRedirect(to: string | null | undefined, fallback = '/'): string {
  if (!to?.startsWith('/') || to.startsWith('//') || to.length > 2000) return fallback;
  // Backslashes and control characters: browsers turn `/\evil.test` (and `/\t/evil.test`) into `//evil.test`.
  if (to.includes('\\') || /\p{Cc}/u.test(to)) return fallback;
  return to;
}

/** What an account form's action answers when it does not redirect: a message and the fields to show again. */
export interface AccountFormState {
  /** A message about the whole form (wrong password, too many tries …). */
  error?: string;
  /** A message per field name. */
  fieldErrors?: Record<string, string>;
  /** A success message (the reset mail was sent, if the address is known). */
  notice?: string;
  /** What the visitor typed, passwords excepted, to fill the form again. */
  values?: Record<string, string>;
  /**
   * A signed ALTCHA challenge (its JSON) when the form must be sent again with it solved: sign-in to
   * an account with many failed tries. The widget posts the solution as the field `altcha`.
   */
  captcha?: string;
}

/** The signed-in user as the page header shows them (root loader data: no e-mail, no roles). */
export interface HeaderUser {
  name: string;
}
