import { DEFAULT_DATE_FORMAT, formatDate, parseDateRange, toWireDate } from './date-format';
import type { PeriodType } from './model';

/**
 * The date-period filter (spec 001 §4): a day, week, month, year or free range around a chosen date,
 * stepped back and forth with the prev/next buttons and sent as a date range (`Y.M.D-Y.M.D`).
 * All dates are local calendar days at midnight.
 */
export interface Period {
  from: Date;
  to: Date;
}

/** A date-period's label format: one format, or one per end with a separator (spec 001 §3). */
export type PeriodFormat = string | { start?: string; end?: string; separator?: string };

function day(date: Date, plusDays = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + plusDays);
}

/** Calendar days from `from` to `to` (counted in UTC, so a daylight-saving hour does not count). */
function daysBetween(from: Date, to: Date): number {
  const utc = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/**
 * The period of `type` holding `date`; a week starts on `weekStart` (0 Sunday … 6 Saturday, spec 001 §9:
 * Monday). For 'range' this is the one day chosen first: the caller sets `to` from the second choice.
 */
export function periodOf(type: PeriodType, date: Date, weekStart = 1): Period {
  switch (type) {
    case 'week': {
      const start = ((weekStart % 7) + 7) % 7;
      // A date before the week start belongs to the week that started the previous week.
      const back = (date.getDay() - start + 7) % 7;
      const from = day(date, -back);
      return { from, to: day(from, 6) };
    }
    case 'month':
      return {
        from: new Date(date.getFullYear(), date.getMonth(), 1),
        to: new Date(date.getFullYear(), date.getMonth() + 1, 0),
      };
    case 'year':
      return { from: new Date(date.getFullYear(), 0, 1), to: new Date(date.getFullYear(), 11, 31) };
    default:
      return { from: day(date), to: day(date) };
  }
}

/** The previous (-1) or next (1) period; a range moves by its own length and keeps it. */
export function shiftPeriod(type: PeriodType, period: Period, direction: -1 | 1): Period {
  switch (type) {
    case 'day':
      return { from: day(period.from, direction), to: day(period.from, direction) };
    case 'week':
      return { from: day(period.from, 7 * direction), to: day(period.to, 7 * direction) };
    case 'month':
    case 'year':
      // Anchor on the day just outside the period, so Jan 31 steps to February, not to March 3.
      return periodOf(type, direction === 1 ? day(period.to, 1) : day(period.from, -1));
    case 'range': {
      const length = daysBetween(period.from, period.to);
      if (direction === 1) {
        const from = day(period.to, 1);
        return { from, to: day(from, length) };
      }
      const to = day(period.from, -1);
      return { from: day(to, -length), to };
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
