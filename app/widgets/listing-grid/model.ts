/**
 * Pure rules of the listing grid (spec 000 §4, §9; spec 001 §3): columns per breakpoint, the
 * slider's slides per view and timing, infinite scroll's offset and the in-page action links.
 * No React, no database.
 */

/** Grid breakpoints, smallest first (spec 000 §9 "Grid breakpoints"), in px from which each applies. */
export const GRID_BREAKPOINTS = { xs: 0, sm: 480, md: 768, lg: 1025, xl: 1440, xxl: 1600 } as const;
export type GridBreakpoint = keyof typeof GRID_BREAKPOINTS;
const ORDER = Object.keys(GRID_BREAKPOINTS) as GridBreakpoint[];

/** The spec's carousel needs at least this many items; fewer show as a grid (spec 000 §9). */
export const MIN_SLIDES = 2;

export interface ColumnSettings {
  columns: number;
  columnsTablet: number;
  columnsMobile: number;
  breakpoints?: Partial<Record<GridBreakpoint, number>>;
}

/**
 * Columns at every breakpoint. xs, md and lg default to the mobile, tablet and desktop columns; any
 * other takes the next smaller breakpoint's. A slider shows, unless told otherwise, one slide on
 * phones and on tablets two (one when the desktop shows one), spec 000 §9 "Slider defaults".
 */
export function resolveColumns(s: ColumnSettings, slider = false): Record<GridBreakpoint, number> {
  const base: Partial<Record<GridBreakpoint, number>> = slider
    ? { xs: 1, md: s.columns === 1 ? 1 : 2, lg: s.columns }
    : { xs: s.columnsMobile, md: s.columnsTablet, lg: s.columns };
  const out = {} as Record<GridBreakpoint, number>;
  let last = 1;
  for (const bp of ORDER) {
    last = s.breakpoints?.[bp] ?? base[bp] ?? last;
    out[bp] = last;
  }
  return out;
}

/** CSS custom properties for the columns (`--cols-xs` … `--cols-xxl`), read by listing-grid.css. */
export function columnVars(columns: Record<GridBreakpoint, number>): Record<string, number> {
  return Object.fromEntries(ORDER.map((bp) => [`--cols-${bp}`, columns[bp]]));
}

/**
 * The IntersectionObserver margin that starts infinite scroll `size` px (or % of the window's height)
 * before the control comes into view.
 */
export function loadMoreRootMargin(offset: { size: number; unit: 'px' | '%' }): string {
  const size = Number.isFinite(offset.size) && offset.size > 0 ? offset.size : 0;
  return `0px 0px ${size}${offset.unit} 0px`;
}

/**
 * Embla's `duration` for the spec's slide speed in ms. Embla counts in its own units (default 25,
 * advised 20-60), about 20 ms each.
 */
export function emblaDuration(speedMs: number): number {
  return Math.min(60, Math.max(20, Math.round(speedMs / 20)));
}

/** The marker that starts an in-page action link's address (JetEngine's `get_custom_action_url`). */
export const ACTION_MARKER = '#jet-engine-action';

export interface UrlAction {
  action: string;
  event: 'click' | 'hover';
  settings: Record<string, string>;
}

/**
 * Reads an in-page action address, `#jet-engine-action&action=open&event=hover&id=5`: its action, the
 * event that runs it (click by default) and every key=value pair. Null when the address does not start
 * with the marker or names no action (spec 000 §5: such links are ignored).
 */
export function parseActionUrl(url: string | null | undefined): UrlAction | null {
  if (!url?.startsWith(ACTION_MARKER)) return null;
  const settings: Record<string, string> = {};
  for (const pair of url.slice(ACTION_MARKER.length).split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const key = safeDecode(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? '' : safeDecode(pair.slice(at + 1));
    if (key !== null && value !== null && key !== '') settings[key] = value;
  }
  const action = settings.action?.trim();
  if (!action) return null;
  return { action, event: settings.event === 'hover' ? 'hover' : 'click', settings };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * Where a click on a clickable item goes: its data URL, unless the click landed on a control of its
 * own (a link, a button, a field) or asked the browser for a new tab itself (modifier keys, middle button).
 */
export function itemClickTarget(
  url: string | null | undefined,
  click: { onControl: boolean; modified: boolean },
): string | null {
  if (!url || click.onControl || click.modified) return null;
  // Only addresses of this kind: never `javascript:` from stored content.
  return /^(https?:\/\/|\/(?!\/)|#)/i.test(url) ? url : null;
}
