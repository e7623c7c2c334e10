/**
 * Staff accounts (issue 25): the rules of the time-based second factor (RFC 6238: six digits, 30-second
 * steps) and of the sessions list. Pure: no React, no database, no crypto.
 */

/** Seconds per time step (RFC 6238's default, what every authenticator app uses). */
export const TOTP_PERIOD_SECONDS = 30;

/** How many steps a code may be off either way: one (a phone's clock a little wrong, a code typed slowly). */
export const TOTP_DRIFT_STEPS = 1;

/** How long the code page waits after a correct password (then the password is asked again). */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** The half-signed-in step's cookie: its name starts with `session` so the page cache never answers it. */
export const CHALLENGE_COOKIE = 'session_kode';

/** The addresses of the code page and of the staff member's own account page (routes.ts). */
export const SECOND_FACTOR_PATHS = {
  code: '/masuk/kode/',
  account: '/admin/akun/',
} as const;

/** The time step `epochMs` falls in. */
export function timeStep(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** A typed code as digits only (spaces and dashes, which apps show in the middle, dropped); null if not six digits. */
export function readCode(input: string | undefined): string | null {
  const code = (input ?? '').replace(/[\s-]/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/**
 * Whether a code that matched `step` may be taken, given the newest step a code was already taken for:
 * a code (and any older one) is never accepted twice, so a code seen over a shoulder is worth nothing
 * once used.
 */
export function isFreshStep(step: number, lastUsedStep: number | null): boolean {
  return lastUsedStep === null || step > lastUsedStep;
}

/** A base32 secret as people copy it into an app: groups of four, separated by spaces. */
export function secretGroups(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * Whether a signed-in user must set up the second factor before anything else in the staff area: the
 * administrators require it of staff roles, and this user is staff without one.
 */
export function mustEnrol(user: { staff: boolean; enrolled: boolean }, required: boolean): boolean {
  return required && user.staff && !user.enrolled;
}

/** A user agent as the sessions list names it: "Firefox di Windows"; "Peramban tidak dikenal" without one. */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return 'Peramban tidak dikenal';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} di ${system}`;
  return browser ?? system ?? 'Peramban tidak dikenal';
}

// Order matters: Edge and Opera say "Chrome", Chrome says "Safari", Android says "Linux".
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\/|Wget\//, 'Program baris perintah'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A session as the lists show it (the user's own account page, a user's page for administrators). */
export interface SessionRow {
  /** the session's id (its token's hash, never the token): what a revoke form posts */
  id: string;
  device: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string | null;
  /** the session of the page's own request */
  current: boolean;
}

/** Whether a session's last-seen time is old enough to be written again (at most one write per 5 minutes). */
export function lastSeenIsStale(lastSeenAt: string | null, now: Date): boolean {
  return lastSeenAt === null || now.getTime() - Date.parse(lastSeenAt) >= LAST_SEEN_EVERY_MS;
}

/** How often a session's last-seen time is written (a write per request would cost more than it tells). */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** The own account page's forms (`/admin/akun/`) by their `intent`. */
export const OWN_ACCOUNT_INTENTS = {
  enrol: 'faktor-kedua-aktifkan',
  turnOff: 'faktor-kedua-matikan',
  endSession: 'akhiri-sesi',
  endOthers: 'akhiri-sesi-lain',
  password: 'ganti-kata-sandi',
} as const;
