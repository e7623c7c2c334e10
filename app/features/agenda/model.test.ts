import { parseDate } from '@internationalized/date';
import { describe, expect, test } from 'vitest';
import {
  type AgendaEvent,
  adjacentMonths,
  calendarMonth,
  dayLabel,
  eventsByDay,
  MAX_EVENT_DAYS,
  monthGrid,
  monthLabel,
  monthQueryBounds,
  parseDayKey,
  parseMonthKey,
  parseWireMonth,
  rangeLabel,
  weekdayNames,
  wireMonth,
} from './model';

const event = (id: number, start: string, end = start, title = `Kegiatan ${id}`): AgendaEvent => ({
  id,
  title,
  start,
  end,
  place: 'Aula',
  time: '',
  category: 'kegiatan',
  categoryLabel: 'Kegiatan siswa',
});

describe('months from the address and from call 8', () => {
  test.each([
    ['2026-11', '2026-11-01'],
    ['2000-01', '2000-01-01'],
    ['2099-12', '2099-12-01'],
  ])('bulan=%s is the month of %s', (value, first) => expect(parseMonthKey(value)?.toString()).toBe(first));

  test.each(['2024-13', '2024-00', '1999-12', '2100-01', '2024-1', '24-01', '2024-01-01', '', 'abc', '2024-01 '])(
    'bulan=%j is refused',
    (value) => expect(parseMonthKey(value)).toBeNull(),
  );

  test.each([
    ['2024-02-29', '2024-02-29'],
    ['2026-11-25', '2026-11-25'],
  ])('tanggal=%s is a day', (value, day) => expect(parseDayKey(value)?.toString()).toBe(day));

  test.each(['2023-02-29', '2026-11-31', '2026-13-01', '2026-11-00', '2026-11-5', '1999-12-31'])(
    'tanggal=%s is refused',
    (value) => expect(parseDayKey(value)).toBeNull(),
  );

  test.each([
    ['March 2024', '2024-03-01'],
    ['march 2024', '2024-03-01'],
    ['  December   2026 ', '2026-12-01'],
    ['2026-11', '2026-11-01'],
  ])('call 8 month %j', (value, first) => expect(parseWireMonth(value)?.toString()).toBe(first));

  test.each(['Maret 2024', 'March', '2024', 'March 1999', 'March 2100', '2024-13', 'March 2024 x', ''])(
    'call 8 month %j is refused',
    (value) => expect(parseWireMonth(value)).toBeNull(),
  );

  test('data-month is English "F Y", as PHP writes it', () => {
    expect(wireMonth(parseDate('2024-03-01'))).toBe('March 2024');
    expect(parseWireMonth(wireMonth(parseDate('2026-09-01')))?.toString()).toBe('2026-09-01');
  });

  test('neighbouring months stop at the calendar range', () => {
    const { prev, next } = adjacentMonths(parseDate('2026-01-01'));
    expect(prev?.toString()).toBe('2025-12-01');
    expect(next?.toString()).toBe('2026-02-01');
    expect(adjacentMonths(parseDate('2000-01-01')).prev).toBeNull();
    expect(adjacentMonths(parseDate('2099-12-01')).next).toBeNull();
  });
});

describe('the month grid', () => {
  test('weeks start on Monday and are padded with the neighbouring months', () => {
    const weeks = monthGrid(parseDate('2026-11-01'));
    expect(weeks.map((w) => w.map((d) => d.day))).toEqual([
      [26, 27, 28, 29, 30, 31, 1],
      [2, 3, 4, 5, 6, 7, 8],
      [9, 10, 11, 12, 13, 14, 15],
      [16, 17, 18, 19, 20, 21, 22],
      [23, 24, 25, 26, 27, 28, 29],
      [30, 1, 2, 3, 4, 5, 6],
    ]);
    expect(weeks[0]?.[0]).toEqual({ date: '2026-10-26', day: 26, inMonth: false });
    expect(weeks[0]?.[6]).toEqual({ date: '2026-11-01', day: 1, inMonth: true });
    expect(weeks[5]?.[1]).toEqual({ date: '2026-12-01', day: 1, inMonth: false });
  });

  test('a February that starts on Monday fills exactly four weeks', () => {
    const weeks = monthGrid(parseDate('2027-02-01'));
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((d) => d.inMonth)).toBe(true);
  });

  test('every month has whole weeks of seven days and all its own days once', () => {
    for (let m = 1; m <= 12; m++) {
      const month = parseDate(`2028-${String(m).padStart(2, '0')}-01`);
      const days = monthGrid(month).flat();
      expect(days.length % 7).toBe(0);
      expect(days.filter((d) => d.inMonth).map((d) => d.day)).toEqual(
        Array.from({ length: month.calendar.getDaysInMonth(month) }, (_, i) => i + 1),
      );
    }
  });
});

describe('events on days', () => {
  const november = parseDate('2026-11-01');

  test('an event of several days is on each of its days, clipped to the month', () => {
    const byDay = eventsByDay(november, [event(1, '2026-10-30', '2026-11-02'), event(2, '2026-11-30', '2026-12-03')]);
    expect([...byDay.keys()]).toEqual(['2026-11-01', '2026-11-02', '2026-11-30']);
    expect(byDay.get('2026-11-01')?.map((e) => e.id)).toEqual([1]);
  });

  test('a day lists its events by start date, then id', () => {
    const byDay = eventsByDay(november, [
      event(5, '2026-11-10'),
      event(3, '2026-11-08', '2026-11-10'),
      event(4, '2026-11-10'),
    ]);
    expect(byDay.get('2026-11-10')?.map((e) => e.id)).toEqual([3, 4, 5]);
  });

  test('events outside the month are left out', () => {
    expect(eventsByDay(november, [event(1, '2026-10-01', '2026-10-31'), event(2, '2026-12-01')]).size).toBe(0);
  });

  test('the month query looks back far enough for the longest event', () => {
    const bounds = monthQueryBounds(november);
    expect(bounds).toEqual({ from: '2026-09-01', first: '2026-11-01', to: '2026-11-30' });
    const longest = event(
      1,
      bounds.from,
      parseDate(bounds.from)
        .add({ days: MAX_EVENT_DAYS - 1 })
        .toString(),
    );
    expect(longest.end).toBe(bounds.first);
    expect(eventsByDay(november, [longest]).get('2026-11-01')).toHaveLength(1);
  });
});

describe('labels in Indonesian', () => {
  test('months, days and ranges', () => {
    expect(monthLabel(parseDate('2026-11-25'))).toBe('November 2026');
    expect(dayLabel('2026-11-25')).toBe('Rabu, 25 November 2026');
    expect(rangeLabel('2026-11-25', '2026-11-25')).toBe('25 November 2026');
    expect(rangeLabel('2026-12-01', '2026-12-05')).toBe('1–5 Desember 2026');
    expect(rangeLabel('2026-12-21', '2027-01-03')).toBe('21 Desember 2026\u2009–\u20093 Januari 2027');
  });

  test('day labels are what Intl writes for the whole day, every day of a year', () => {
    const intl = new Intl.DateTimeFormat('id-ID', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let d = parseDate('2028-01-01'); d.year === 2028; d = d.add({ days: 1 })) {
      expect(dayLabel(d.toString())).toBe(intl.format(new Date(`${d.toString()}T00:00:00Z`)));
    }
  });

  test('weekdays, Monday first', () => {
    expect(weekdayNames().map((w) => w.short)).toEqual(['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min']);
    expect(weekdayNames()[6]?.long).toBe('Minggu');
  });
});

describe('the month as the browser gets it', () => {
  test('days carry labels, today and their events; only events shown are sent', () => {
    const view = calendarMonth(
      parseDate('2026-11-01'),
      [event(1, '2026-11-25'), event(2, '2026-11-24', '2026-11-26'), event(3, '2026-10-01', '2026-10-02')],
      parseDate('2026-11-25'),
    );
    expect(view).toMatchObject({ key: '2026-11', label: 'November 2026', wire: 'November 2026' });
    expect(view.prev).toEqual({ key: '2026-10', label: 'Oktober 2026', wire: 'October 2026' });
    expect(view.next).toEqual({ key: '2026-12', label: 'Desember 2026', wire: 'December 2026' });
    const day = view.weeks.flat().find((d) => d.date === '2026-11-25');
    expect(day).toEqual({
      date: '2026-11-25',
      day: 25,
      inMonth: true,
      label: 'Rabu, 25 November 2026',
      today: true,
      events: [2, 1],
    });
    expect(Object.keys(view.events).sort()).toEqual(['1', '2']);
    expect(view.events['2']).toMatchObject({ range: '24–26 November 2026', multiDay: true });
    expect(view.weeks.flat().filter((d) => d.today)).toHaveLength(1);
    // Padding days never carry events, even when an event covers them.
    expect(view.weeks.flat().filter((d) => !d.inMonth && d.events.length)).toEqual([]);
  });
});
