import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_DATE_FORMAT,
  dateRangeValue,
  formatDate,
  fromWireDate,
  INTERNAL_DATE_FORMAT,
  MONTH_NAMES_SHORT,
  parseDate,
  parseDateRange,
  toWireDate,
} from './date-format';

/** Tuesday 5 March 2024 (a leap year: day 65 of the year). */
const tue = new Date(2024, 2, 5);
const june2024 = { now: new Date(2024, 5, 1) };

function ymd(d: Date | null) {
  return d ? [d.getFullYear(), d.getMonth() + 1, d.getDate()] : null;
}

describe('formatDate', () => {
  test.each([
    ['d', '5'],
    ['dd', '05'],
    ['o', '65'],
    ['oo', '065'],
    ['D', 'Tue'],
    ['DD', 'Tuesday'],
    ['m', '3'],
    ['mm', '03'],
    ['M', 'Mar'],
    ['MM', 'March'],
    ['y', '24'],
    ['yy', '2024'],
    [DEFAULT_DATE_FORMAT, '03/05/2024'],
    [INTERNAL_DATE_FORMAT, '2024/3/5'],
    ['DD, d MM yy', 'Tuesday, 5 March 2024'],
  ])('%s → %s', (format, text) => expect(formatDate(format, tue)).toBe(text));

  test('pads short years and days of the year', () => {
    expect(formatDate('y', new Date(2005, 0, 1))).toBe('05');
    expect(formatDate('o/oo', new Date(2023, 0, 1))).toBe('1/001');
    expect(formatDate('oo', new Date(2023, 11, 31))).toBe('365');
  });

  test('@ is the Unix time in ms and ! the Windows ticks', () => {
    const epoch = new Date(0);
    expect(formatDate('@', tue)).toBe(String(tue.getTime()));
    expect(formatDate('!', epoch)).toBe('621355968000000000');
  });

  test('quoted text is literal and two quotes are one quote', () => {
    expect(formatDate("'day' d 'of' MM", tue)).toBe('day 5 of March');
    expect(formatDate("d''m", tue)).toBe("5'3");
    expect(formatDate("'it''s' d", tue)).toBe("it's 5");
    expect(formatDate("'unclosed d", tue)).toBe('unclosed d');
  });

  test('no date gives empty text', () => {
    expect(formatDate('mm/dd/yy', null)).toBe('');
  });

  test('names can be replaced', () => {
    const settings = { monthNames: ['Januari', 'Februari', 'Maret'], dayNamesShort: ['Min', 'Sen', 'Sel'] };
    expect(formatDate('D, d MM yy', tue, settings)).toBe('Sel, 5 Maret 2024');
  });
});

describe('parseDate', () => {
  test.each([
    ['mm/dd/yy', '03/05/2024'],
    ['m/d/yy', '3/5/2024'],
    ['d M yy', '5 Mar 2024'],
    ['d M yy', '5 mar 2024'],
    ['DD, d MM yy', 'Tuesday, 5 March 2024'],
    ['yy-oo', '2024-065'],
    ['yy-o', '2024-65'],
    ["'day' d 'of' MM yy", 'day 5 of March 2024'],
    ["d''m''yy", "5'3'2024"],
    ['mm/dd/yy', '03/05/2024  '],
  ])('%s reads %j', (format, text) => {
    expect(ymd(parseDate(format, text, june2024))).toEqual([2024, 3, 5]);
  });

  test('empty text is no date', () => {
    expect(parseDate('mm/dd/yy', '')).toBeNull();
  });

  test('@ and ! read times back', () => {
    expect(ymd(parseDate('@', String(tue.getTime())))).toEqual([2024, 3, 5]);
    expect(ymd(parseDate('!', formatDate('!', tue)))).toEqual([2024, 3, 5]);
  });

  test('the longest matching name wins', () => {
    const settings = { monthNamesShort: MONTH_NAMES_SHORT.map((n, i) => (i === 0 ? 'Ma' : n)) };
    expect(ymd(parseDate('M d yy', 'Mar 5 2024', settings))).toEqual([2024, 3, 5]);
  });

  test('a format without a year takes the year of "now"', () => {
    expect(ymd(parseDate('mm/dd', '03/05', { now: new Date(2031, 0, 1) }))).toEqual([2031, 3, 5]);
  });

  test.each([
    [null, '03/05/2024', 'Invalid arguments'],
    ['mm/dd/yy', null, 'Invalid arguments'],
    ['mm/dd/yy', 'x3/05/2024', 'Missing number at position 0'],
    ['mm/dd/yy', '03/x5/2024', 'Missing number at position 3'],
    ['mm/dd/yy', '03/05/', 'Missing number at position 6'],
    ['d M yy', '5 Foo 2024', 'Unknown name at position 2'],
    ['DD d', 'Tues 5', 'Unknown name at position 0'],
    ['mm/dd/yy', '03-05-2024', 'Unexpected literal at position 2'],
    ["'on' d", 'at 5', 'Unexpected literal at position 0'],
    ['mm/dd/yy', '03/05/2024x', 'Extra/unparsed characters found in date: x'],
    ['mm/dd/yy', '02/30/2024', 'Invalid date'],
    ['mm/dd/yy', '13/01/2024', 'Invalid date'],
    ['yy-oo', '2023-366', 'Invalid date'],
    ['@', '-86400000', 'Missing number at position 0'],
    // jQuery UI 1.13.2 reads `yy` as exactly four digits and `y` as exactly two (getNumber's minSize).
    ['mm/dd/yy', '01/01/24', 'Missing number at position 6'],
    ['mm/dd/yy', '01/01/024', 'Missing number at position 6'],
    ['dd/mm/yy', '15/03/26', 'Missing number at position 6'],
    ['yy/m/d', '24/1/5', 'Missing number at position 0'],
    ['mm/dd/y', '01/01/5', 'Missing number at position 6'],
    ['mm/dd/y', '01/01/2024', 'Extra/unparsed characters found in date: 24'],
  ])('%j with %j throws %j', (format, text, message) => {
    expect(() => parseDate(format, text, june2024)).toThrowError(new Error(message));
  });

  test('day 366 exists in a leap year only', () => {
    expect(ymd(parseDate('yy-oo', '2024-366'))).toEqual([2024, 12, 31]);
  });

  describe('two-digit years (shortYearCutoff)', () => {
    test('default +10 counts from the current year', () => {
      // now 2024: cutoff 34 — 34 is this century, 35 the last one.
      expect(ymd(parseDate('mm/dd/y', '01/01/34', june2024))).toEqual([2034, 1, 1]);
      expect(ymd(parseDate('mm/dd/y', '01/01/35', june2024))).toEqual([1935, 1, 1]);
      // Four digits under 100 still go through the cutoff, as in jQuery UI.
      expect(ymd(parseDate('mm/dd/yy', '01/01/0024', june2024))).toEqual([2024, 1, 1]);
      // The cutoff moves with "now".
      expect(ymd(parseDate('mm/dd/y', '01/01/35', { now: new Date(2030, 0, 1) }))).toEqual([2035, 1, 1]);
    });

    test('a number is an absolute cutoff, a string is relative', () => {
      expect(ymd(parseDate('mm/dd/y', '01/01/50', { ...june2024, shortYearCutoff: 50 }))).toEqual([2050, 1, 1]);
      expect(ymd(parseDate('mm/dd/y', '01/01/51', { ...june2024, shortYearCutoff: 50 }))).toEqual([1951, 1, 1]);
      expect(ymd(parseDate('mm/dd/y', '01/01/25', { ...june2024, shortYearCutoff: '+0' }))).toEqual([1925, 1, 1]);
      expect(ymd(parseDate('mm/dd/y', '01/01/24', { ...june2024, shortYearCutoff: '+0' }))).toEqual([2024, 1, 1]);
    });
  });

  test('what formatDate writes, parseDate reads back', () => {
    const formats = ['mm/dd/yy', 'dd.mm.yy', 'd M yy', 'DD, d MM yy', 'yy-oo', "'Tanggal' d MM yy", '@', '!'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1970, 0, 2), max: new Date(2100, 11, 31), noInvalidDate: true }),
        fc.constantFrom(...formats),
        (d, format) => {
          const day = new Date(d.getFullYear(), d.getMonth(), d.getDate());
          expect(ymd(parseDate(format, formatDate(format, day)))).toEqual(ymd(day));
        },
      ),
    );
  });
});

describe('wire dates', () => {
  test('a date on the wire has no zero padding', () => {
    expect(toWireDate(new Date(2024, 0, 5))).toBe('2024.1.5');
    expect(toWireDate(new Date(2024, 11, 25))).toBe('2024.12.25');
  });

  test.each([
    ['2024.1.5', [2024, 1, 5]],
    ['2024/1/5', [2024, 1, 5]],
    [' 2024.02.10 ', [2024, 2, 10]],
    ['2024.2.30', null],
    ['2024.13.1', null],
    ['5.1.2024', null],
    ['24.1.5', null],
    ['2024.1', null],
    ['abc', null],
    ['', null],
  ])('fromWireDate(%j)', (text, expected) => expect(ymd(fromWireDate(text))).toEqual(expected));

  test.each([
    ['2024.1.5-2024.2.10', [2024, 1, 5], [2024, 2, 10]],
    ['2024.1.5-', [2024, 1, 5], null],
    ['-2024.2.10', null, [2024, 2, 10]],
    ['2024.1.5', [2024, 1, 5], null],
    ['junk-2024.2.10', null, [2024, 2, 10]],
    ['', null, null],
  ])('parseDateRange(%j)', (value, from, to) => {
    const range = parseDateRange(value);
    expect([ymd(range.from), ymd(range.to)]).toEqual([from, to]);
  });

  test('a range value leaves out the open ends, and nothing at all when both are open', () => {
    const a = new Date(2024, 0, 5);
    const b = new Date(2024, 1, 10);
    expect(dateRangeValue(a, b)).toBe('2024.1.5-2024.2.10');
    expect(dateRangeValue(a, null)).toBe('2024.1.5-');
    expect(dateRangeValue(null, b)).toBe('-2024.2.10');
    expect(dateRangeValue(null, null)).toBe('');
  });

  test('range values read back', () => {
    const day = fc
      .date({ min: new Date(1970, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true })
      .map((d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()));
    fc.assert(
      fc.property(fc.option(day), fc.option(day), (from, to) => {
        const back = parseDateRange(dateRangeValue(from, to));
        expect([ymd(back.from), ymd(back.to)]).toEqual([ymd(from), ymd(to)]);
      }),
    );
  });
});
