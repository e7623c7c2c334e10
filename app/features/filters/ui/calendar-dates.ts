import { CalendarDate } from '@internationalized/date';
import { DAY_NAMES } from '../date-format';

/** Between the filters' local `Date`s (midnight) and the picker's calendar dates. */
export function toCalendarDate(date: Date): CalendarDate {
  return new CalendarDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

export function fromCalendarDate(date: { year: number; month: number; day: number }): Date {
  return new Date(date.year, date.month - 1, date.day);
}

/** The ISO 8601 week number of a date (the picker's 'Wk' column, jQuery UI's iso8601Week). */
export function isoWeek(date: { year: number; month: number; day: number }): number {
  // The week's Thursday decides its year; count weeks from that year's first Thursday.
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const dayOfWeek = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dayOfWeek);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

/** English day names, Monday first (spec 001 §9: English names, the week starts on Monday). */
export const WEEKDAY_NAMES_MONDAY_FIRST = [...DAY_NAMES.slice(1), DAY_NAMES[0]];
/** Their two-letter headings (the picker's `dayNamesMin`). */
export const WEEKDAYS_MONDAY_FIRST = WEEKDAY_NAMES_MONDAY_FIRST.map((d) => d.slice(0, 2));
