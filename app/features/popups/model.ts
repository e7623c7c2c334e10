/**
 * Popups (issue 13; spec 000 §3 "Popup settings", §4 "Popup display", §6, §9): the pure rules that
 * decide whether a stored popup may show on this page view, when its trigger fires and how long a
 * popup once seen stays away. No React, no database: the trigger watcher (ui/watcher.ts) and the
 * server (popups.server.ts) both call these, and the unit tests beside them pin every rule.
 */
import { type Device, deviceOf } from '~/lib/devices';

/** How long a seen popup stays away (spec 000 §9 "Popup storage durations"), in seconds. */
export const STORAGE_SECONDS = { day: 86_400, week: 604_800, month: 2_628_288 } as const;
export type StorageDuration = keyof typeof STORAGE_SECONDS;

export const BROWSERS = ['chrome', 'firefox', 'safari', 'edge', 'opera', 'other'] as const;
export type Browser = (typeof BROWSERS)[number];

/** Where the visitor came from: no referrer, this site, a search engine or another site. */
export const SOURCES = ['direct', 'internal', 'search', 'external'] as const;
export type Source = (typeof SOURCES)[number];

export const ANIMATIONS = ['none', 'fade', 'zoom', 'slide-up', 'slide-down'] as const;
export type Animation = (typeof ANIMATIONS)[number];

/** Timing conditions (spec 000 §4 "Popup display"): every condition set must hold. */
export interface PopupTiming {
  /** Shows from this page view of the visitor on (1 = the first). */
  pageViews?: number;
  /** Shows from this browser session of the visitor on. */
  sessions?: number;
  /** The referrer address must contain one of these texts. */
  referrer?: string[];
  sources?: Source[];
  /** Logged-in targeting (spec 000 §6): everyone, guests only, or signed-in users minus excluded roles. */
  loggedIn?: { who: 'all' | 'guests' | 'users'; excludeRoles: string[] };
  devices?: Device[];
  /** Local time of day, `HH:MM` (from inclusive, to exclusive; a range may pass midnight), and weekdays 0 = Sunday. */
  times?: { from: string; to: string; days?: number[] };
  browsers?: Browser[];
}

/** What opens the popup once its timing holds (spec 000 §4). `none`: only an action opens it (a store button, a link). */
export type PopupTrigger =
  | { type: 'page-load'; delay: number }
  | { type: 'scroll'; direction: 'down' | 'up'; offset: number }
  | { type: 'scroll-to'; selector: string }
  | { type: 'click'; count: number }
  | { type: 'inactivity'; seconds: number }
  | { type: 'exit-intent' }
  | { type: 'none' };

/** A popup's settings as the browser gets them (spec 000 §3 "Popup settings"). */
export interface PopupSettings {
  timing: PopupTiming;
  trigger: PopupTrigger;
  /** Once shown, it stays away this long; `session`: until the browser closes; `never`: shows each time. */
  storage: StorageDuration | 'session' | 'never';
  /** Seconds until it closes by itself; 0: stays until closed. */
  closeAutomatically: number;
  /** Seconds before the close button shows (Escape and a tap outside close it before). */
  closeButtonDelay: number;
  entranceAnimation: Animation;
  exitAnimation: Animation;
  /** Accessible name of the dialog. */
  label: string;
}

/** One popup a page may show: the template it renders (call 3), the paths it is placed on, its settings. */
export interface PagePopup {
  id: number;
  slug: string;
  /** Where it may open (placement.ts): the browser picks a page's popups after a client-side navigation. */
  pages: string[];
  /** Where it may not, though `pages` names it. */
  notOn: string[];
  settings: PopupSettings;
}

/** The visitor's counts kept in the browser: page views, sessions and when the last view was. */
export interface VisitCounts {
  views: number;
  sessions: number;
}

/** The counts after one more page view; a new session counts when the tab has none yet. */
export function countVisit(prev: VisitCounts | null, newSession: boolean): VisitCounts {
  const views = (prev?.views ?? 0) + 1;
  const sessions = (prev?.sessions ?? 0) + (newSession || !prev ? 1 : 0);
  return { views, sessions };
}

/** Reads stored counts, tolerating anything a visitor's storage may hold. */
export function parseVisitCounts(raw: string | null): VisitCounts | null {
  try {
    const v = JSON.parse(raw ?? 'null') as Partial<VisitCounts> | null;
    if (!v || !Number.isInteger(v.views) || !Number.isInteger(v.sessions)) return null;
    return { views: Math.max(0, v.views as number), sessions: Math.max(0, v.sessions as number) };
  } catch {
    return null;
  }
}

/** The browser family of a user agent; the order matters, as Edge and Opera also say Chrome and Safari. */
export function browserOf(userAgent: string): Browser {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'opera';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'chrome';
  if (/Safari\//.test(userAgent)) return 'safari';
  return 'other';
}

const SEARCH_ENGINES = /(^|\.)(google|bing|yahoo|duckduckgo|yandex|baidu|ecosia)\./;

/** Where a visit came from, by its referrer and this site's host name. */
export function sourceOf(referrer: string, host: string): Source {
  if (!referrer) return 'direct';
  let ref: URL;
  try {
    ref = new URL(referrer);
  } catch {
    return 'direct';
  }
  if (ref.hostname === host) return 'internal';
  return SEARCH_ENGINES.test(ref.hostname) ? 'search' : 'external';
}

/** Minutes since midnight of `HH:MM`, or null. */
function minutesOf(hhmm: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Whether a local time falls in a time window (which may pass midnight) on one of its days. */
export function inTimeWindow(window: NonNullable<PopupTiming['times']>, now: Date): boolean {
  if (window.days && window.days.length > 0 && !window.days.includes(now.getDay())) return false;
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  if (from === null || to === null || from === to) return true;
  const t = now.getHours() * 60 + now.getMinutes();
  return from < to ? t >= from && t < to : t >= from || t < to;
}

/** Who a page is shown to: null for a guest, else the signed-in user's roles. */
export type Viewer = { roles: readonly string[] } | null;

/** Logged-in targeting (spec 000 §6: all users, or selected roles excluded). Decided by the server. */
export function viewerAllowed(rule: PopupTiming['loggedIn'], viewer: Viewer): boolean {
  if (!rule) return true;
  if (rule.who === 'guests') return viewer === null;
  if (viewer === null) return rule.who === 'all';
  return !viewer.roles.some((r) => rule.excludeRoles.includes(r));
}

/** What the browser knows about this page view, for the timing conditions it decides. */
export interface ViewFacts {
  counts: VisitCounts;
  referrer: string;
  host: string;
  width: number;
  userAgent: string;
  now: Date;
}

/** Whether the browser-side timing conditions hold for this view (the server has checked logged-in). */
export function timingAllows(timing: PopupTiming, f: ViewFacts): boolean {
  if (timing.pageViews !== undefined && f.counts.views < timing.pageViews) return false;
  if (timing.sessions !== undefined && f.counts.sessions < timing.sessions) return false;
  if (timing.referrer?.length && !timing.referrer.some((r) => f.referrer.includes(r))) return false;
  if (timing.sources?.length && !timing.sources.includes(sourceOf(f.referrer, f.host))) return false;
  if (timing.devices?.length && !timing.devices.includes(deviceOf(f.width))) return false;
  if (timing.browsers?.length && !timing.browsers.includes(browserOf(f.userAgent))) return false;
  if (timing.times && !inTimeWindow(timing.times, f.now)) return false;
  return true;
}

/** popup id → the time (ms) until which it stays away; `0` marks "this session only". */
export type SeenRecord = Record<string, number>;

export function parseSeen(raw: string | null): SeenRecord {
  try {
    const v = JSON.parse(raw ?? '{}') as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter(([, t]) => typeof t === 'number' && Number.isFinite(t)));
  } catch {
    return {};
  }
}

/** Whether a popup seen before is still kept away at `now` (ms). */
export function seenHides(seen: SeenRecord, id: number, now: number): boolean {
  const until = seen[id];
  return until !== undefined && until > now;
}

/** The seen record after showing a popup at `now` (ms), with expired entries dropped. */
export function markSeen(seen: SeenRecord, id: number, storage: StorageDuration, now: number): SeenRecord {
  const kept = Object.fromEntries(Object.entries(seen).filter(([, until]) => until > now));
  return { ...kept, [id]: now + STORAGE_SECONDS[storage] * 1000 };
}

/**
 * Whether a scroll trigger fires: the page has been scrolled past `offset` percent of what can be
 * scrolled, moving in the trigger's direction (from `prevY` to `y`).
 */
export function scrollFires(
  trigger: { direction: 'down' | 'up'; offset: number },
  prevY: number,
  y: number,
  scrollable: number,
): boolean {
  if (y === prevY) return false;
  const moving = y > prevY ? 'down' : 'up';
  if (moving !== trigger.direction) return false;
  if (scrollable <= 0) return trigger.offset === 0;
  const percent = (y / scrollable) * 100;
  // Scrolling up fires once the visitor has come back above the offset.
  return trigger.direction === 'down' ? percent >= trigger.offset : percent <= trigger.offset;
}

/** Inputs that are pressed or picked, not typed in: a filter's checkbox with the focus is no form being filled. */
const NOT_TYPED = new Set([
  'button',
  'submit',
  'reset',
  'image',
  'hidden',
  'checkbox',
  'radio',
  'range',
  'color',
  'file',
]);

/**
 * Whether an element is a field the visitor types in (issue 21): a text input of any kind, a text
 * area, a list to choose from, or editable content. A popup that opens by itself would take it away.
 */
export function isTypingField(el: { tagName: string; type?: string; isContentEditable?: boolean } | null): boolean {
  if (!el) return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NOT_TYPED.has((el.type ?? 'text').toLowerCase());
}

/** Whether a pointer leaving the window means the visitor is about to leave: out through the top. */
export function isExitIntent(clientY: number, leftWindow: boolean): boolean {
  return leftWindow && clientY <= 0;
}

export { NO_POPUP_PAGES, type Placement, placedOn } from './placement';

/** The in-page action that opens a popup (spec 000 §2, §5): `#jet-engine-action&action=open_popup&id=<id or slug>`. */
const ACTION_MARKER = '#jet-engine-action';

/**
 * The popup an in-page action link opens, and whether hovering it opens the popup too
 * (`&event=hover`; a click, Enter or a tap always does, as hover is not there for every visitor).
 * Null for another action, for a link naming no popup, or for an address that is not an action.
 */
export function popupActionOf(href: string | null | undefined): { popup: string; hover: boolean } | null {
  if (!href?.startsWith(ACTION_MARKER)) return null;
  // Never throws: a bad escape is kept as it is.
  const params = new URLSearchParams(href.slice(ACTION_MARKER.length));
  const popup = params.get('id')?.trim();
  if (params.get('action') !== 'open_popup' || !popup) return null;
  return { popup, hover: params.get('event') === 'hover' };
}

/** The popup a store button or action link names (spec 000 §3 `popup`): by id, or by slug. */
export function findPopup(
  popups: readonly PagePopup[],
  ref: string | number | undefined | null,
): PagePopup | undefined {
  if (ref === undefined || ref === null || ref === '') return undefined;
  const s = String(ref);
  return popups.find((p) => String(p.id) === s || p.slug === s);
}
