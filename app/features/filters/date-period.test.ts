import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toWireDate } from './date-format';
import { type Period, periodLabel, periodOf, periodShown, periodValue, readPeriod, shiftPeriod } from './date-period';
import { PERIOD_TYPES } from './vocabulary';

const d = (y: number, m: number, day: number) => new Date(y, m - 1, day);
/** A period as wire text, easy to read in a failure. */
const wire = (p: Period | null) => (p ? periodValue(p) : null);

/** Any date from 1990 to 2090, for the property tests. */
const anyDate = fc.date({ min: d(1990, 1, 1), max: d(2090, 12, 31), noInvalidDate: true });
/** The period types a date alone fixes (a range needs its own end). */
type CalendarType = 'day' | 'week' | 'month' | 'year';
const calendarType = fc.constantFrom<CalendarType>('day', 'week', 'month', 'year');

/** A period of any date and calendar type, written by periodValue, comes back whole through `read`. */
function readsBackEveryPeriod(read: (value: string, type: CalendarType) => Period | null) {
  fc.assert(
    fc.property(anyDate, calendarType, (date, type) => {
      const p = periodOf(type, date);
      expect(wire(read(periodValue(p), type))).toBe(wire(p));
    }),
  );
}

describe('periodOf', () => {
  test('a day is itself, at midnight', () => {
    expect(wire(periodOf('day', new Date(2024, 2, 5, 15, 30)))).toBe('2024.3.5-2024.3.5');
  });

  test('a Sunday belongs to the week that started the Monday before', () => {
    // 2024-03-10 is a Sunday.
    expect(wire(periodOf('week', d(2024, 3, 10)))).toBe('2024.3.4-2024.3.10');
    expect(wire(periodOf('week', d(2024, 3, 4)))).toBe('2024.3.4-2024.3.10');
    expect(wire(periodOf('week', d(2024, 3, 11)))).toBe('2024.3.11-2024.3.17');
  });

  test('the week start can be Sunday or Saturday', () => {
    expect(wire(periodOf('week', d(2024, 3, 10), 0))).toBe('2024.3.10-2024.3.16');
    expect(wire(periodOf('week', d(2024, 3, 8), 6))).toBe('2024.3.2-2024.3.8');
  });

  test('a week may cross months and years', () => {
    expect(wire(periodOf('week', d(2025, 1, 1)))).toBe('2024.12.30-2025.1.5');
    expect(wire(periodOf('week', d(2024, 5, 31)))).toBe('2024.5.27-2024.6.2');
    expect(wire(periodOf('week', d(2024, 12, 30), 0))).toBe('2024.12.29-2025.1.4');
    expect(wire(periodOf('week', d(2024, 2, 29)))).toBe('2024.2.26-2024.3.3');
  });

  test('the week starts on Monday unless told otherwise (spec 001 §9), whatever the time of day', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        expect(periodOf('week', date).from.getDay()).toBe(1);
        expect(periodOf('week', date).to.getDay()).toBe(0);
      }),
    );
    expect(wire(periodOf('week', new Date(2024, 2, 10, 23, 59)))).toBe('2024.3.4-2024.3.10');
  });

  test('a week start outside 0-6 counts round the week', () => {
    expect(wire(periodOf('week', d(2024, 3, 10), 7))).toBe('2024.3.10-2024.3.16');
    expect(wire(periodOf('week', d(2024, 3, 8), -1))).toBe('2024.3.2-2024.3.8');
  });

  test('months and years, with leap days', () => {
    expect(wire(periodOf('month', d(2024, 2, 10)))).toBe('2024.2.1-2024.2.29');
    expect(wire(periodOf('month', d(2023, 2, 10)))).toBe('2023.2.1-2023.2.28');
    expect(wire(periodOf('month', d(2024, 12, 31)))).toBe('2024.12.1-2024.12.31');
    expect(wire(periodOf('year', d(2024, 7, 4)))).toBe('2024.1.1-2024.12.31');
  });

  test('every period holds its date and is 1, 7, 28-31 or 365-366 days long', () => {
    fc.assert(
      fc.property(anyDate, calendarType, fc.integer({ min: 0, max: 6 }), (date, type, weekStart) => {
        const p = periodOf(type, date, weekStart);
        const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
        expect(p.from <= day && day <= p.to).toBe(true);
        // Calendar days, not elapsed time (a time zone may skip a day, as Samoa did in 2011).
        const utc = (x: Date) => Date.UTC(x.getFullYear(), x.getMonth(), x.getDate());
        const days = (utc(p.to) - utc(p.from)) / 86_400_000 + 1;
        const lengths = { day: [1], week: [7], month: [28, 29, 30, 31], year: [365, 366] }[type];
        expect(lengths).toContain(days);
        if (type === 'week') expect(p.from.getDay()).toBe(weekStart);
      }),
    );
  });
});

describe('shiftPeriod', () => {
  test('a day steps one day, across a leap day', () => {
    const leap = periodOf('day', d(2024, 2, 28));
    expect(wire(shiftPeriod('day', leap, 1))).toBe('2024.2.29-2024.2.29');
    expect(wire(shiftPeriod('day', periodOf('day', d(2024, 3, 1)), -1))).toBe('2024.2.29-2024.2.29');
  });

  test('a week steps seven days', () => {
    const week = periodOf('week', d(2024, 12, 31));
    expect(wire(shiftPeriod('week', week, 1))).toBe('2025.1.6-2025.1.12');
    expect(wire(shiftPeriod('week', week, -1))).toBe('2024.12.23-2024.12.29');
    const sundayWeek = periodOf('week', d(2024, 2, 25), 0);
    expect(wire(shiftPeriod('week', sundayWeek, 1))).toBe('2024.3.3-2024.3.9');
  });

  test('a month from January 31 steps to all of February, not into March', () => {
    const jan = periodOf('month', d(2024, 1, 31));
    expect(wire(shiftPeriod('month', jan, 1))).toBe('2024.2.1-2024.2.29');
    expect(wire(shiftPeriod('month', jan, -1))).toBe('2023.12.1-2023.12.31');
    expect(wire(shiftPeriod('month', periodOf('month', d(2023, 1, 31)), 1))).toBe('2023.2.1-2023.2.28');
    expect(wire(shiftPeriod('month', periodOf('month', d(2024, 3, 31)), -1))).toBe('2024.2.1-2024.2.29');
  });

  test('a year steps a whole year', () => {
    const y = periodOf('year', d(2024, 2, 29));
    expect(wire(shiftPeriod('year', y, 1))).toBe('2025.1.1-2025.12.31');
    expect(wire(shiftPeriod('year', y, -1))).toBe('2023.1.1-2023.12.31');
  });

  test('a range moves by its own length and keeps it', () => {
    const range = { from: d(2024, 2, 27), to: d(2024, 3, 2) };
    expect(wire(shiftPeriod('range', range, 1))).toBe('2024.3.3-2024.3.7');
    expect(wire(shiftPeriod('range', range, -1))).toBe('2024.2.22-2024.2.26');
    const oneDay = { from: d(2024, 1, 1), to: d(2024, 1, 1) };
    expect(wire(shiftPeriod('range', oneDay, -1))).toBe('2023.12.31-2023.12.31');
    const newYear = { from: d(2023, 12, 30), to: d(2024, 1, 2) };
    expect(wire(shiftPeriod('range', newYear, 1))).toBe('2024.1.3-2024.1.6');
    expect(wire(shiftPeriod('range', newYear, -1))).toBe('2023.12.26-2023.12.29');
  });

  test('next then previous comes back, and periods never overlap their neighbours', () => {
    fc.assert(
      fc.property(
        anyDate,
        fc.constantFrom(...PERIOD_TYPES),
        fc.integer({ min: 0, max: 40 }),
        (date, type, rangeDays) => {
          const start = periodOf(type, date);
          const { from } = start;
          const normal =
            type === 'range'
              ? { from, to: new Date(from.getFullYear(), from.getMonth(), from.getDate() + rangeDays) }
              : start;
          const next = shiftPeriod(type, normal, 1);
          expect(next.from > normal.to).toBe(true);
          expect(toWireDate(new Date(normal.to.getFullYear(), normal.to.getMonth(), normal.to.getDate() + 1))).toBe(
            toWireDate(next.from),
          );
          expect(wire(shiftPeriod(type, next, -1))).toBe(wire(normal));
        },
      ),
    );
  });
});

describe('readPeriod', () => {
  test('reads the wire value and fits it to the type', () => {
    expect(wire(readPeriod('2024.3.6-2024.3.6', 'week'))).toBe('2024.3.4-2024.3.10');
    expect(wire(readPeriod('2024.3.6', 'day'))).toBe('2024.3.6-2024.3.6');
    expect(wire(readPeriod('2024.3.6-2024.3.9', 'month'))).toBe('2024.3.1-2024.3.31');
    expect(wire(readPeriod('2024.3.6-', 'year'))).toBe('2024.1.1-2024.12.31');
    expect(wire(readPeriod('2024.3.10-2024.3.10', 'week', 0))).toBe('2024.3.10-2024.3.16');
  });

  test('a range needs both dates and is put in order', () => {
    expect(wire(readPeriod('2024.3.6-2024.3.9', 'range'))).toBe('2024.3.6-2024.3.9');
    expect(wire(readPeriod('2024.3.9-2024.3.6', 'range'))).toBe('2024.3.6-2024.3.9');
    expect(readPeriod('2024.3.6-', 'range')).toBeNull();
  });

  test('junk is no period', () => {
    expect(readPeriod('', 'day')).toBeNull();
    expect(readPeriod('soon', 'week')).toBeNull();
    expect(readPeriod('2024.2.30-2024.3.1', 'range')).toBeNull();
  });

  test('what periodValue writes, readPeriod reads back', () => readsBackEveryPeriod(readPeriod));
});

describe('periodShown (issue 13: the date filters share one key)', () => {
  test('a month is no week, a week no month; each is its own', () => {
    expect(periodShown('2025.3.1-2025.3.31', 'week')).toBeNull();
    expect(wire(periodShown('2025.3.1-2025.3.31', 'month'))).toBe('2025.3.1-2025.3.31');
    expect(periodShown('2025.3.3-2025.3.9', 'month')).toBeNull();
    expect(wire(periodShown('2025.3.3-2025.3.9', 'week'))).toBe('2025.3.3-2025.3.9');
    expect(periodShown('2025.1.1-2025.12.31', 'month')).toBeNull();
    expect(wire(periodShown('2025.1.1-2025.12.31', 'year'))).toBe('2025.1.1-2025.12.31');
  });

  test('a single date is a day, a free range only a range', () => {
    expect(wire(periodShown('2025.3.5', 'day'))).toBe('2025.3.5-2025.3.5');
    expect(periodShown('2025.3.5-2025.3.5', 'week')).toBeNull();
    expect(periodShown('2025.3.5-', 'month')).toBeNull();
    expect(periodShown('2025.3.3-2025.3.20', 'week')).toBeNull();
    expect(wire(periodShown('2025.3.3-2025.3.20', 'range'))).toBe('2025.3.3-2025.3.20');
  });

  test('every period of a type is shown by that type', () => readsBackEveryPeriod(periodShown));
});

describe('periodLabel', () => {
  const week = periodOf('week', d(2024, 3, 6));

  test('default formats per type', () => {
    expect(periodLabel('day', periodOf('day', d(2024, 3, 6)))).toBe('03/06/2024');
    expect(periodLabel('week', week)).toBe('03/04/2024 - 03/10/2024');
    expect(periodLabel('month', periodOf('month', d(2024, 3, 6)))).toBe('March 2024');
    expect(periodLabel('year', periodOf('year', d(2024, 3, 6)))).toBe('2024');
    expect(periodLabel('range', { from: d(2024, 3, 6), to: d(2024, 3, 9) })).toBe('03/06/2024 - 03/09/2024');
  });

  test('a format string is used for each end', () => {
    expect(periodLabel('week', week, 'd M')).toBe('4 Mar - 10 Mar');
    expect(periodLabel('month', periodOf('month', d(2024, 3, 6)), 'M yy')).toBe('Mar 2024');
  });

  test('a format object gives each end its format and a separator', () => {
    expect(periodLabel('week', week, { start: 'd', end: 'd MM yy', separator: '–' })).toBe('4 – 10 March 2024');
    expect(periodLabel('month', periodOf('month', d(2024, 2, 6)), { start: 'd M', end: 'd M yy' })).toBe(
      '1 Feb - 29 Feb 2024',
    );
    expect(periodLabel('day', periodOf('day', d(2024, 3, 6)), { start: 'd M yy', end: 'yy' })).toBe('6 Mar 2024');
  });
});
