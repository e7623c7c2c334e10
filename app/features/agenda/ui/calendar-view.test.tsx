import { parseDate } from '@internationalized/date';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { type AgendaEvent, calendarMonth } from '../model';
import { type CalendarLive, CalendarView } from './calendar-view';

const event = (id: number, start: string, end: string, title: string): AgendaEvent => ({
  id,
  title,
  start,
  end,
  place: 'Aula <utama>',
  time: '08.00–10.00',
  category: 'kegiatan',
  categoryLabel: 'Kegiatan siswa',
});

const month = calendarMonth(
  parseDate('2026-11-01'),
  [event(1, '2026-11-16', '2026-11-20', 'Pekan <Literasi>'), event(2, '2026-11-25', '2026-11-25', 'Hari Guru')],
  parseDate('2026-11-25'),
);
const render = (selected: string | null, live?: CalendarLive) =>
  renderToStaticMarkup(
    <CalendarView
      month={month}
      selected={selected}
      title="Kalender kegiatan"
      emptyMessage="Kosong"
      elementId="cal"
      postId={7}
      live={live}
    />,
  );
const live: CalendarLive = { focusDay: '2026-11-25', loading: false, onMonth() {}, onDay() {}, onGridKey() {} };

test('the server’s calendar is a grid of labelled days whose links all work without JavaScript', () => {
  const html = render(null);
  expect(html).toContain('role="grid" aria-labelledby="kalender-cal-bulan"');
  expect(html).toContain('Rabu, 25 November 2026, hari ini, 1 kegiatan');
  expect(html).toContain('Senin, 2 November 2026, tidak ada kegiatan');
  // Every day with events is a link; without the live widget none is taken out of the tab order.
  expect(html.match(/href="\?tanggal=/g)).toHaveLength(6);
  expect(html).not.toContain('tabindex');
  expect(html).not.toContain('jet-calendar-week__details');
  expect(html).toContain('href="?bulan=2026-10#kalender-cal" data-month="October 2026"');
  expect(html).toContain('href="?bulan=2026-12#kalender-cal" data-month="December 2026"');
  expect(html).toContain('&lt;Literasi&gt;');
  expect(html).not.toContain('<Literasi>');
});

test('the open day’s events take a row under its week, and its link closes it', () => {
  const html = render('2026-11-18');
  expect(html.match(/class="jet-calendar-week__details"/g)).toHaveLength(1);
  // The row follows the week of the 16th–22nd and comes before the next.
  const detailsAt = html.indexOf('jet-calendar-week__details');
  expect(html.indexOf('data-date="2026-11-22"')).toBeLessThan(detailsAt);
  expect(html.indexOf('data-date="2026-11-23"')).toBeGreaterThan(detailsAt);
  expect(html).toContain('href="?bulan=2026-11#kalender-cal" data-date="2026-11-18"');
  expect(html).toContain('aria-expanded="true"');
  expect(html).toContain('16–20 November 2026 · 08.00–10.00 · Aula &lt;utama&gt;');
});

test('the live grid has one tab stop, on the focused day', () => {
  const html = render(null, live);
  expect(html.match(/tabindex="0"/g)).toHaveLength(1);
  expect(html).toMatch(/data-date="2026-11-25" tabindex="0"/);
  expect(html.match(/tabindex="-1"/g)).toHaveLength(29);
});
