/**
 * The calendar's month as the browser gets it (the page's props, and call 8's extra `data.month`):
 * every label is written by the server, so the browser needs neither a date library nor Intl, and
 * the server's HTML and the hydrated widget say exactly the same. Pure rules of the widget's state
 * sit here too. Imports nothing: this file is part of the calendar's browser chunk.
 */

/** A neighbouring month, as the nav link shows and sends it. */
export interface MonthLink {
  /** `YYYY-MM`: the address's `bulan`. */
  key: string;
  /** "Oktober 2026". */
  label: string;
  /** English "F Y" (`data-month`), what call 8 takes. */
  wire: string;
}

export interface ViewEvent {
  id: number;
  title: string;
  /** "25 November 2026" or "1–5 Desember 2026". */
  range: string;
  multiDay: boolean;
  place: string;
  time: string;
  category: string;
  categoryLabel: string;
}

export interface ViewDay {
  /** `YYYY-MM-DD`. */
  date: string;
  day: number;
  inMonth: boolean;
  /** "Rabu, 25 November 2026". */
  label: string;
  today: boolean;
  /** Ids of the day's events, in order (keys of `CalendarMonth.events`). */
  events: number[];
}

export interface CalendarMonth {
  key: string;
  label: string;
  wire: string;
  prev: MonthLink | null;
  next: MonthLink | null;
  weekdays: Array<{ short: string; long: string }>;
  weeks: ViewDay[][];
  events: Record<string, ViewEvent>;
  /** The visitor's category filter (`?kategori=`, the category filter widget), kept by every link; none: every category. */
  filter?: string | null;
}

/** What the next click on a day selects: the day, or nothing when it is already open (spec 000 §4). */
export function toggleDay(selected: string | null, clicked: string): string | null {
  return selected === clicked ? null : clicked;
}

/**
 * The day a key moves the focus to in the grid (WAI-ARIA grid pattern): arrows by day and week,
 * Home and End to the week's ends, kept within the month's own days. Null for other keys.
 */
export function moveInGrid(weeks: ViewDay[][], from: string, key: string): string | null {
  const days = weeks.flat();
  const at = days.findIndex((d) => d.date === from);
  if (at < 0) return null;
  const step: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -7,
    ArrowDown: 7,
    Home: -(at % 7),
    End: 6 - (at % 7),
  };
  if (!(key in step)) return null;
  const inMonth = days.map((d, i) => (d.inMonth ? i : -1)).filter((i) => i >= 0);
  const first = inMonth[0] ?? 0;
  const last = inMonth[inMonth.length - 1] ?? days.length - 1;
  const to = Math.min(last, Math.max(first, at + (step[key] as number)));
  return days[to]?.date ?? null;
}

/**
 * The page address of a month, or of a day opened in its month: the links that work without
 * JavaScript. `anchor` (the calendar's id) brings the reloaded page back to the calendar; a category
 * filter (`filter`, a slug) stays in every address.
 */
export function calendarHref(
  path: string,
  target: { month: string } | { day: string },
  anchor: string,
  filter?: string | null,
): string {
  return `${path}${calendarQuery(target, filter)}${anchor ? `#${anchor}` : ''}`;
}

/** `?bulan=…` or `?tanggal=…`, with `&kategori=…` when the calendar is filtered. */
export function calendarQuery(target: { month: string } | { day: string }, filter?: string | null): string {
  const query = 'day' in target ? `tanggal=${target.day}` : `bulan=${target.month}`;
  return `?${query}${filter ? `&kategori=${encodeURIComponent(filter)}` : ''}`;
}
