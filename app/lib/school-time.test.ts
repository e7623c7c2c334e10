import { CalendarDate, toZoned } from '@internationalized/date';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { schoolDayEnd, schoolDayStart } from './school-time';
import { SCHOOL_TIME_ZONE } from './school-zone';

describe('schoolDayStart', () => {
  test('a school day starts at 17:00 UTC the day before', () => {
    expect(schoolDayStart(new CalendarDate(2024, 1, 5))).toBe('2024-01-04T17:00:00.000Z');
    expect(schoolDayStart(new CalendarDate(2024, 3, 1))).toBe('2024-02-29T17:00:00.000Z');
    expect(schoolDayStart(new CalendarDate(2025, 1, 1))).toBe('2024-12-31T17:00:00.000Z');
  });

  test('it agrees with the school time zone since 1964, when Jakarta settled on UTC+7', () => {
    for (const day of [new CalendarDate(1964, 1, 1), new CalendarDate(2025, 8, 14), new CalendarDate(2099, 12, 31)]) {
      expect(schoolDayStart(day)).toBe(toZoned(day, SCHOOL_TIME_ZONE).toAbsoluteString());
    }
  });

  test('older days keep UTC+7, where Asia/Jakarta itself had another offset', () => {
    // 1950 in Asia/Jakarta was UTC+8; the date filters' bounds never followed it.
    expect(toZoned(new CalendarDate(1950, 1, 1), SCHOOL_TIME_ZONE).toAbsoluteString()).toBe('1949-12-31T16:00:00.000Z');
    expect(schoolDayStart(new CalendarDate(1950, 1, 1))).toBe('1949-12-31T17:00:00.000Z');
  });

  test('every day from year 100 to 9999 runs from seven hours before its UTC midnight to the next day start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, d) => {
          const day = new CalendarDate(year, month, d);
          const utcMidnight = Date.UTC(day.year, day.month - 1, day.day);
          expect(schoolDayStart(day)).toBe(new Date(utcMidnight - 7 * 3600_000).toISOString());
          expect(schoolDayEnd(day)).toBe(new Date(utcMidnight + 17 * 3600_000).toISOString());
        },
      ),
    );
  });
});

describe('schoolDayEnd', () => {
  test('a day ends where the next starts, across a leap day and a year end', () => {
    expect(schoolDayEnd(new CalendarDate(2024, 2, 28))).toBe(schoolDayStart(new CalendarDate(2024, 2, 29)));
    expect(schoolDayEnd(new CalendarDate(2024, 12, 31))).toBe('2024-12-31T17:00:00.000Z');
  });

  test('the last day a CalendarDate holds still ends, in year 10000', () => {
    expect(new CalendarDate(9999, 12, 31).add({ days: 1 }).toString()).toBe('9999-12-31');
    expect(schoolDayEnd(new CalendarDate(9999, 12, 31))).toBe('9999-12-31T17:00:00.000Z');
  });
});
