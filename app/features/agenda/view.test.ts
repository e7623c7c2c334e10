import { parseDate } from '@internationalized/date';
import { expect, test } from 'vitest';
import { calendarMonth } from './model';
import { calendarHref, moveInGrid, toggleDay } from './view';

test('a click opens a day, a second click on it closes it, a click on another moves there (spec 000 §4)', () => {
  expect(toggleDay(null, '2026-11-25')).toBe('2026-11-25');
  expect(toggleDay('2026-11-25', '2026-11-25')).toBeNull();
  expect(toggleDay('2026-11-25', '2026-11-27')).toBe('2026-11-27');
});

// November 2026: Sunday the 1st, Monday the 30th.
const weeks = calendarMonth(parseDate('2026-11-01'), [], parseDate('2026-11-25')).weeks;

test.each([
  ['2026-11-25', 'ArrowRight', '2026-11-26'],
  ['2026-11-25', 'ArrowLeft', '2026-11-24'],
  ['2026-11-25', 'ArrowDown', '2026-11-30'],
  ['2026-11-25', 'ArrowUp', '2026-11-18'],
  ['2026-11-25', 'Home', '2026-11-23'],
  ['2026-11-25', 'End', '2026-11-29'],
  // Kept within the month's own days.
  ['2026-11-01', 'ArrowLeft', '2026-11-01'],
  ['2026-11-03', 'ArrowUp', '2026-11-01'],
  ['2026-11-30', 'ArrowRight', '2026-11-30'],
  ['2026-11-30', 'End', '2026-11-30'],
  ['2026-11-26', 'ArrowDown', '2026-11-30'],
])('from %s, %s moves to %s', (from, key, to) => expect(moveInGrid(weeks, from, key)).toBe(to));

test('other keys and unknown days do not move', () => {
  expect(moveInGrid(weeks, '2026-11-25', 'Enter')).toBeNull();
  expect(moveInGrid(weeks, '2026-12-25', 'ArrowLeft')).toBeNull();
});

test('links name the month or the open day and come back to the calendar', () => {
  expect(calendarHref('', { month: '2026-12' }, 'kalender-x')).toBe('?bulan=2026-12#kalender-x');
  expect(calendarHref('/agenda/', { day: '2026-11-25' }, 'kalender-x')).toBe('/agenda/?tanggal=2026-11-25#kalender-x');
});
