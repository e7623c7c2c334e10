import {
  type CalendarDate,
  type DayOfWeek,
  endOfMonth,
  endOfWeek,
  endOfYear,
  startOfMonth,
  startOfWeek,
  startOfYear,
} from '@internationalized/date';
import { DEFAULT_DATE_FORMAT, formatDate, parseDateRange, toWireDate } from './date-format';
import type { PeriodType } from './model';
import { fromCalendarDate, toCalendarDate } from './ui/calendar-dates';

/**
 * The date-period filter (spec 001 §4): a day, week, month, year or free range around a chosen date,
 * stepped back and forth with the prev/next buttons and sent as a date range (`Y.M.D-Y.M.D`).
 * All dates are local calendar days at midnight; the arithmetic is on calendar dates, so a
 * daylight-saving hour never moves a day.
 */
export interface Period {
  from: Date;
  to: Date;
}

/** A date-period's label format: one format, or one per end with a separator (spec 001 §3). */
export type PeriodFormat = string | { start?: string; end?: string; separator?: string };

/** `weekStart` numbers (0 Sunday … 6 Saturday, as `Date.getDay`) as the date library names them. */
const WEEKDAYS: readonly DayOfWeek[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** Only read by the date library when no first day is given, and one always is. */
const LOCALE = 'en';

function periodOfDays(from: CalendarDate, to: CalendarDate): Period {
  return { from: fromCalendarDate(from), to: fromCalendarDate(to) };
}

function periodAround(type: PeriodType, date: CalendarDate, weekStart: number): Period {
  switch (type) {
    case 'week': {
      // Any whole number counts round the week (7 is Sunday, -1 Saturday), as it always has.
      const first = WEEKDAYS[((weekStart % 7) + 7) % 7];
      return periodOfDays(startOfWeek(date, LOCALE, first), endOfWeek(date, LOCALE, first));
    }
    case 'month':
      return periodOfDays(startOfMonth(date), endOfMonth(date));
    case 'year':
      return periodOfDays(startOfYear(date), endOfYear(date));
    default:
      return periodOfDays(date, date);
  }
}

/**
 * The period of `type` holding `date`; a week starts on `weekStart` (0 Sunday … 6 Saturday, spec 001 §9:
 * Monday). For 'range' this is the one day chosen first: the caller sets `to` from the second choice.
 */
export function periodOf(type: PeriodType, date: Date, weekStart = 1): Period {
  return periodAround(type, toCalendarDate(date), weekStart);
}

/** The previous (-1) or next (1) period; a range moves by its own length and keeps it. */
export function shiftPeriod(type: PeriodType, period: Period, direction: -1 | 1): Period {
  const from = toCalendarDate(period.from);
  const to = toCalendarDate(period.to);
  switch (type) {
    case 'day':
      return periodOfDays(from.add({ days: direction }), from.add({ days: direction }));
    case 'week':
      return periodOfDays(from.add({ weeks: direction }), to.add({ weeks: direction }));
    case 'month':
    case 'year':
      // Anchor on the day just outside the period, so Jan 31 steps to February, not to March 3.
      return periodAround(type, direction === 1 ? to.add({ days: 1 }) : from.subtract({ days: 1 }), 1);
    case 'range': {
      // Between two CalendarDates `compare` is the number of days (their Julian days' difference).
      const length = to.compare(from);
      return direction === 1
        ? periodOfDays(to.add({ days: 1 }), to.add({ days: length + 1 }))
        : periodOfDays(from.subtract({ days: length + 1 }), from.subtract({ days: 1 }));
    }
  }
}

/** The wire value of a period: `2024.1.1-2024.1.31`. */
export function periodValue(period: Period): string {
  return `${toWireDate(period.from)}-${toWireDate(period.to)}`;
}

/**
 * Reads a period from its wire value and fits it to `type` (the original client sends a day as one
 * date, `2024.1.5`). A range needs both dates (spec 001 §5); reversed ends are swapped. Null for junk.
 */
export function readPeriod(value: string, type: PeriodType, weekStart = 1): Period | null {
  const { from, to } = parseDateRange(value);
  if (type === 'range') {
    if (!from || !to) return null;
    return from <= to ? { from, to } : { from: to, to: from };
  }
  const anchor = from ?? to;
  return anchor ? periodOf(type, anchor, weekStart) : null;
}

const sameDay = (a: Date, b: Date) => a.getTime() === b.getTime();

/**
 * The period a date-period filter of `type` shows for a value, when the value is one: the date
 * filters of a listing share one query key (`_date_query_|date`), so a month chosen in the month
 * filter must not read as the week holding its first day (issue 13). A value is this filter's when
 * its two dates are exactly a period of the type; a single date is a day's. Ranges read as before.
 */
export function periodShown(value: string, type: PeriodType, weekStart = 1): Period | null {
  const period = readPeriod(value, type, weekStart);
  if (!period || type === 'range') return period;
  const { from, to } = parseDateRange(value);
  if (!from || !to || sameDay(from, to)) return type === 'day' ? period : null;
  return sameDay(period.from, from) && sameDay(period.to, to) ? period : null;
}

const DEFAULT_LABEL_FORMATS: Record<PeriodType, string> = {
  day: DEFAULT_DATE_FORMAT,
  week: DEFAULT_DATE_FORMAT,
  month: 'MM yy',
  year: 'yy',
  range: DEFAULT_DATE_FORMAT,
};

/**
 * The button text of a period: week and range show both ends (`01/01/24 - 01/07/24` style), day,
 * month and year the start only; an object format gives each end its own format and separator.
 */
export function periodLabel(type: PeriodType, period: Period, format?: PeriodFormat): string {
  const fallback = DEFAULT_LABEL_FORMATS[type];
  if (typeof format === 'object') {
    const start = formatDate(format.start || fallback, period.from);
    if (type === 'day') return start;
    const separator = format.separator ? ` ${format.separator} ` : ' - ';
    return `${start}${separator}${formatDate(format.end || fallback, period.to)}`;
  }
  const letters = format || fallback;
  const start = formatDate(letters, period.from);
  return type === 'week' || type === 'range' ? `${start} - ${formatDate(letters, period.to)}` : start;
}
