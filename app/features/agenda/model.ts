import {
  type CalendarDate,
  endOfMonth,
  getDayOfWeek,
  isSameMonth,
  parseDate,
  startOfMonth,
  today,
} from '@internationalized/date';
import { SCHOOL_TIME_ZONE } from '~/lib/school-zone';
import type { CalendarMonth, MonthLink } from './view';

/**
 * The agenda calendar's pure rules (issue 13, spec 000 §2 and §4 "Calendar"): months, the month
 * grid, which events fall on which day, and the Indonesian labels. No React, no database.
 */

/** The calendar's page-widget name (the original's Elementor widget). */
export const AGENDA_WIDGET = 'jet-listing-calendar';
/** The post type of school events. */
export const AGENDA_POST_TYPE = 'agenda';
/** The taxonomy of an event's category. */
export const AGENDA_TAXONOMY = 'kategori-agenda';
/** The meta keys of an event (dates are date-only values, stored as their midnight UTC). */
export const AGENDA_META = { start: 'tanggal_mulai', end: 'tanggal_selesai', place: 'tempat', time: 'waktu' } as const;
/**
 * The longest event, in days: the month query looks back this far for events that began earlier,
 * so the seed refuses longer ones (a school holiday is at most about five weeks).
 */
export const MAX_EVENT_DAYS = 62;
/** Months the calendar can show: outside them a month is refused (no endless crawl of empty months). */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2099;
/** The site's language for labels. */
export const LOCALE = 'id-ID';

/** The categories of events, with their labels (the seed writes them as terms of AGENDA_TAXONOMY). */
export const AGENDA_CATEGORIES = {
  akademik: 'Akademik',
  libur: 'Libur',
  upacara: 'Upacara dan peringatan',
  kegiatan: 'Kegiatan siswa',
  'orang-tua': 'Orang tua',
  ppdb: 'PPDB',
} as const;
export type AgendaCategory = keyof typeof AGENDA_CATEGORIES;

/** A month as `YYYY-MM`. */
export type MonthKey = string;
/** A day as `YYYY-MM-DD`. */
export type DayKey = string;

/** One school event as the calendar shows it. */
export interface AgendaEvent {
  id: number;
  title: string;
  start: DayKey;
  /** The last day (inclusive); equal to start for a one-day event. */
  end: DayKey;
  place: string;
  /** Free text, e.g. "07.00–09.00"; empty when the event has no set hours. */
  time: string;
  category: string;
  categoryLabel: string;
}

/** One cell of the month grid. */
export interface GridDay {
  date: DayKey;
  day: number;
  /** False for the days of the previous or next month that fill the first and last week. */
  inMonth: boolean;
}

const MONTH_KEY = /^(\d{4})-(\d{2})$/;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ENGLISH_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const inRange = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

/** `YYYY-MM` (the address's `bulan`) as the month's first day; null when malformed or out of range. */
export function parseMonthKey(value: string): CalendarDate | null {
  const m = MONTH_KEY.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (!inRange(year) || month < 1 || month > 12) return null;
  return parseDate(`${m[1]}-${m[2]}-01`);
}

/** `YYYY-MM-DD` (the address's `tanggal`) as a date; null when malformed, not a real day or out of range. */
export function parseDayKey(value: string): CalendarDate | null {
  const m = DAY_KEY.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!inRange(year) || month < 1 || month > 12 || day < 1) return null;
  const first = parseDate(`${m[1]}-${m[2]}-01`);
  if (day > endOfMonth(first).day) return null;
  return first.set({ day });
}

/**
 * The month of call 8 as the original client sends it: PHP's `date('F Y')`, e.g. `March 2024`
 * (original-wire.md §3.2). Our client sends the same; `YYYY-MM` is read too.
 */
export function parseWireMonth(value: string): CalendarDate | null {
  const text = value.trim();
  const m = /^([A-Za-z]+)\s+(\d{4})$/.exec(text);
  if (!m) return parseMonthKey(text);
  const month = ENGLISH_MONTHS.indexOf((m[1] as string).toLowerCase()) + 1;
  const year = Number(m[2]);
  if (month === 0 || !inRange(year)) return null;
  return parseDate(`${m[2]}-${String(month).padStart(2, '0')}-01`);
}

/** The month as the original's `data-month`: English "F Y". */
export function wireMonth(month: CalendarDate): string {
  return `${capitalize(ENGLISH_MONTHS[month.month - 1] as string)} ${month.year}`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** `YYYY-MM` of a date. */
export function monthKey(date: CalendarDate): MonthKey {
  return date.toString().slice(0, 7);
}

/** Today in the school's time zone. */
export function schoolToday(): CalendarDate {
  return today(SCHOOL_TIME_ZONE);
}

/** The previous and next month, or null past the calendar's range. */
export function adjacentMonths(month: CalendarDate): { prev: CalendarDate | null; next: CalendarDate | null } {
  const first = startOfMonth(month);
  const prev = first.subtract({ months: 1 });
  const next = first.add({ months: 1 });
  return { prev: inRange(prev.year) ? prev : null, next: inRange(next.year) ? next : null };
}

/**
 * The month as weeks of seven days, Monday first (the school's timetable week), padded with the
 * neighbouring months' days to whole weeks.
 */
export function monthGrid(month: CalendarDate): GridDay[][] {
  const first = startOfMonth(month);
  const last = endOfMonth(month);
  let day = first.subtract({ days: getDayOfWeek(first, LOCALE, 'mon') });
  const weeks: GridDay[][] = [];
  while (day.compare(last) <= 0) {
    const week: GridDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ date: day.toString(), day: day.day, inMonth: isSameMonth(day, month) });
      day = day.add({ days: 1 });
    }
    weeks.push(week);
  }
  return weeks;
}

/**
 * The dates the month query reads: events that start from `from` (MAX_EVENT_DAYS before the month,
 * so that long events begun earlier are found) to `to`, and end on or after `first`.
 */
export function monthQueryBounds(month: CalendarDate): { from: DayKey; first: DayKey; to: DayKey } {
  const first = startOfMonth(month);
  return {
    from: first.subtract({ days: MAX_EVENT_DAYS - 1 }).toString(),
    first: first.toString(),
    to: endOfMonth(month).toString(),
  };
}

/** Each day of the month with the events on it (an event of several days is on each of them), in order. */
export function eventsByDay(month: CalendarDate, events: readonly AgendaEvent[]): Map<DayKey, AgendaEvent[]> {
  const first = startOfMonth(month).toString();
  const last = endOfMonth(month).toString();
  const byDay = new Map<DayKey, AgendaEvent[]>();
  const sorted = [...events].sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
  for (const event of sorted) {
    // Day keys compare as text (YYYY-MM-DD).
    const from = event.start.localeCompare(first) > 0 ? event.start : first;
    const to = event.end.localeCompare(last) < 0 ? event.end : last;
    if (from > to) continue;
    for (let d = parseDate(from); d.toString() <= to; d = d.add({ days: 1 })) {
      const key = d.toString();
      const list = byDay.get(key);
      if (list) list.push(event);
      else byDay.set(key, [event]);
    }
  }
  return byDay;
}

/** Length of an event in days (1 for one day); NaN-safe for well-formed keys only. */
export function eventDays(start: DayKey, end: DayKey): number {
  return parseDate(end).compare(parseDate(start)) + 1;
}

// -- labels (id-ID) -------------------------------------------------------------------------------

// Dates are calendar days, not instants: formatted in UTC so that no zone moves them.
const utc = (d: DayKey) => new Date(`${d}T00:00:00Z`);
const rangeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The language's names of weekdays (Monday first) and months, read from Intl once: a month's labels
 * are then joined from them (42 days a month, every call 8), as Intl writes `weekday, day month year`.
 */
const NAMES = (() => {
  const name = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: 'UTC' });
  const short = name({ weekday: 'short' });
  const long = name({ weekday: 'long' });
  const month = name({ month: 'long' });
  return {
    // 2024-01-01 was a Monday.
    weekdays: Array.from({ length: 7 }, (_, i) => {
      const d = utc(`2024-01-0${i + 1}`);
      return { short: short.format(d), long: long.format(d) };
    }),
    months: Array.from({ length: 12 }, (_, i) => month.format(utc(`2024-${String(i + 1).padStart(2, '0')}-01`))),
  };
})();

/** "November 2026". */
export function monthLabel(month: CalendarDate): string {
  return `${NAMES.months[month.month - 1]} ${month.year}`;
}

/** "Rabu, 25 November 2026"; `weekday` (0 Monday … 6 Sunday) when the caller knows it (a grid's column). */
export function dayLabel(date: DayKey, weekday?: number): string {
  const d = parseDate(date);
  const wd = weekday ?? getDayOfWeek(d, LOCALE, 'mon');
  return `${NAMES.weekdays[wd]?.long}, ${d.day} ${NAMES.months[d.month - 1]} ${d.year}`;
}

/** "25 November 2026", or a range: "1–5 Desember 2026", "21 Desember 2026 – 3 Januari 2027". */
export function rangeLabel(start: DayKey, end: DayKey): string {
  if (start === end) return rangeFormat.format(utc(start));
  return rangeFormat.formatRange(utc(start), utc(end));
}

/** The weekday headers, Monday first: short ("Sen") and full ("Senin") names. */
export function weekdayNames(): Array<{ short: string; long: string }> {
  return NAMES.weekdays;
}

// -- the month as the browser gets it -------------------------------------------------------------

function monthLink(month: CalendarDate | null): MonthLink | null {
  return month && { key: monthKey(month), label: monthLabel(month), wire: wireMonth(month) };
}

/** The month's view: grid, labels and the events of its days (view.ts), for the page and for call 8. */
export function calendarMonth(month: CalendarDate, events: readonly AgendaEvent[], now: CalendarDate): CalendarMonth {
  const byDay = eventsByDay(month, events);
  const { prev, next } = adjacentMonths(month);
  const todayKey = now.toString();
  const shown = new Map<number, AgendaEvent>();
  const weeks = monthGrid(month).map((week) =>
    week.map((d, weekday) => {
      const on = d.inMonth ? (byDay.get(d.date) ?? []) : [];
      for (const e of on) shown.set(e.id, e);
      return { ...d, label: dayLabel(d.date, weekday), today: d.date === todayKey, events: on.map((e) => e.id) };
    }),
  );
  return {
    key: monthKey(month),
    label: monthLabel(month),
    wire: wireMonth(month),
    prev: monthLink(prev),
    next: monthLink(next),
    weekdays: weekdayNames(),
    weeks,
    events: Object.fromEntries(
      [...shown.values()].map((e) => [
        String(e.id),
        {
          id: e.id,
          title: e.title,
          range: rangeLabel(e.start, e.end),
          multiDay: e.start !== e.end,
          place: e.place,
          time: e.time,
          category: e.category,
          categoryLabel: e.categoryLabel,
        },
      ]),
    ),
  };
}
