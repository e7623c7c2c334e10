/**
 * The countdown's pure rules (spec 001 §3, §4; spec 000 §5, §9 "Countdown types"), shared by the
 * server's first paint (countdown.server.ts) and the browser's ticking (countdown.client.ts). No React,
 * no database, no date library: the browser half stays small.
 */

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * The school's zone, WIB, is UTC+7 on every date a countdown can end (Asia/Jakarta has kept that offset
 * since 1964 and has no daylight saving), so a due date's instant is arithmetic.
 */
const WIB_OFFSET_MS = 7 * HOUR_MS;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant of `2027-06-12T23:59` read in the school's zone (ms since the epoch), null when it names no real time. */
export function schoolDateTimeToMs(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  // Date.UTC rolls 31 June over to 1 July: a date that does not come back as written does not exist.
  if (new Date(utc).getUTCDate() !== d) return null;
  return utc - WIB_OFFSET_MS;
}

/** Whether `text` is a date and time as the due date setting takes it (`2027-06-12T23:59`, WIB). */
export const isSchoolDateTime = (text: string) => schoolDateTimeToMs(text) !== null;

/** An interval of hours and minutes in ms. */
export const intervalMs = (hours: number, minutes: number) => hours * HOUR_MS + minutes * MINUTE_MS;

/** Which units the digits show. */
export interface ShownUnits {
  days: boolean;
  hours: boolean;
  minutes: boolean;
  seconds: boolean;
}

export const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;
export type Unit = (typeof UNITS)[number];

const UNIT_SECONDS: Record<Unit, number> = { days: 86_400, hours: 3600, minutes: 60, seconds: 1 };

/**
 * The digits of `ms` remaining, per shown unit. Whole seconds are counted up (the last second shows 1
 * until the end, and 0 only at the end). A hidden larger unit is carried into the next shown one (no
 * days: 50 hours); hidden smaller units are dropped.
 */
export function splitRemaining(ms: number, shown: ShownUnits): Partial<Record<Unit, number>> {
  let rest = Math.max(0, Math.ceil(ms / SECOND_MS));
  const out: Partial<Record<Unit, number>> = {};
  for (const unit of UNITS) {
    if (!shown[unit]) continue;
    out[unit] = Math.floor(rest / UNIT_SECONDS[unit]);
    rest -= (out[unit] as number) * UNIT_SECONDS[unit];
  }
  return out;
}

/** A unit's digits: two at least (`05`), more for many days (`120`). */
export const digits = (n: number) => String(n).padStart(2, '0');

/**
 * The time remaining in words for screen readers, to the minute (`12 hari 3 jam 5 menit`): it changes at
 * most once a minute, so it is never read out every second. Counted up, as the digits are.
 */
export function remainingSentence(ms: number): string {
  if (ms <= 0) return '0 menit, waktu habis';
  const minutes = Math.ceil(ms / MINUTE_MS);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = [d ? `${d} hari` : '', h ? `${h} jam` : '', m ? `${m} menit` : ''].filter(Boolean);
  return parts.join(' ');
}

/**
 * The end of a visitor's evergreen countdown: the one kept in their browser, else `now` plus the interval
 * (their first visit). A kept end further away than a whole interval (staff shortened it since) starts
 * anew. Null when the interval is not above 0: the countdown does not start (spec 000 §5).
 */
export function evergreenEnd(kept: string | null, now: number, interval: number): number | null {
  if (!(interval > 0)) return null;
  const end = kept === null || kept === '' ? Number.NaN : Number(kept);
  return Number.isFinite(end) && end <= now + interval ? end : now + interval;
}

/**
 * The end an endless countdown counts to at `now`: its first due date, then each interval after it
 * (it restarts without end). Without an interval above 0 it ends once, at the due date.
 */
export function endlessEnd(due: number, interval: number, now: number): number {
  if (now < due || !(interval > 0)) return due;
  return due + (Math.floor((now - due) / interval) + 1) * interval;
}

export type CountdownType = 'due_date' | 'evergreen' | 'endless';
export type ExpireAction = 'redirect' | 'message' | 'hide' | 'restart';

/** What the widget shows once the time is up, by its chosen actions. */
export interface ExpiredView {
  /** The digits go (hide). */
  hideTimer: boolean;
  /** The whole widget goes (hide, with no message to show in its place). */
  hideWidget: boolean;
  showMessage: boolean;
  redirect: boolean;
}

/** The expired state of `actions` (a restart counts again instead, see `restarts`). */
export function expiredView(actions: readonly ExpireAction[], hasMessage: boolean): ExpiredView {
  const showMessage = actions.includes('message') && hasMessage;
  const hideTimer = actions.includes('hide');
  return { hideTimer, hideWidget: hideTimer && !showMessage, showMessage, redirect: actions.includes('redirect') };
}

/**
 * Whether the countdown starts over when its time is up instead of stopping: an endless one always, an
 * evergreen one with the restart action (a new interval from then). A due date has nothing to start
 * over to.
 */
export function restarts(type: CountdownType, actions: readonly ExpireAction[], interval: number): boolean {
  if (!(interval > 0)) return false;
  return type === 'endless' || (type === 'evergreen' && actions.includes('restart'));
}

/** The key a visitor's evergreen end is kept under in their browser (one per widget of a page). */
export const evergreenKey = (postId: number, elementId: string) => `jet-countdown-evergreen-${postId}-${elementId}`;
