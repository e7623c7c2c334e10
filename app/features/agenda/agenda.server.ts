import type { CalendarDate } from '@internationalized/date';
import type { Db } from '~/db';
import { NotFound } from '~/lib/errors';
import {
  AGENDA_CATEGORIES,
  AGENDA_META,
  AGENDA_POST_TYPE,
  AGENDA_TAXONOMY,
  type AgendaCategory,
  type AgendaEvent,
  calendarMonth,
  monthQueryBounds,
  parseDayKey,
  parseMonthKey,
  schoolToday,
} from './model';
import type { AgendaCalendarSettings } from './settings';
import type { CalendarMonth } from './view';

/** Meta dates are stored as their midnight UTC (seed metaValue): `2026-11-25T00:00:00.000Z`. */
const stored = (day: string) => `${day}T00:00:00.000Z`;

/**
 * The published events on any day of `month` (an event of several days begun earlier included),
 * in one query: the start date's index (meta_key, value_date) bounds the rows read.
 */
export async function monthEvents(
  db: Db,
  month: CalendarDate,
  category?: AgendaCalendarSettings['category'],
): Promise<AgendaEvent[]> {
  const { from, first, to } = monthQueryBounds(month);
  let query = db
    .selectFrom('post_meta as s')
    .innerJoin('post as p', 'p.id', 's.post_id')
    .innerJoin('post_meta as e', (j) => j.onRef('e.post_id', '=', 's.post_id').on('e.meta_key', '=', AGENDA_META.end))
    .leftJoin('post_meta as pl', (j) =>
      j.onRef('pl.post_id', '=', 's.post_id').on('pl.meta_key', '=', AGENDA_META.place),
    )
    .leftJoin('post_meta as tm', (j) =>
      j.onRef('tm.post_id', '=', 's.post_id').on('tm.meta_key', '=', AGENDA_META.time),
    )
    .leftJoin('post_term as pt', 'pt.post_id', 's.post_id')
    .leftJoin('term as t', (j) => j.onRef('t.id', '=', 'pt.term_id').on('t.taxonomy', '=', AGENDA_TAXONOMY))
    .select([
      'p.id',
      'p.title',
      's.value_date as start',
      'e.value_date as end',
      'pl.value_text as place',
      'tm.value_text as time',
      't.slug as category',
    ])
    .where('s.meta_key', '=', AGENDA_META.start)
    .where('s.value_date', '>=', stored(from))
    .where('s.value_date', '<=', stored(to))
    .where('e.value_date', '>=', stored(first))
    .where('p.type', '=', AGENDA_POST_TYPE)
    .where('p.status', '=', 'publish');
  if (category) query = query.where('t.slug', '=', category);
  const rows = await query.orderBy('s.value_date').orderBy('p.id').execute();
  // One row per event and term: the event's category is its term in AGENDA_TAXONOMY.
  const events = new Map<number, AgendaEvent>();
  for (const r of rows) {
    if (!r.start || !r.end) continue;
    const known = events.get(r.id);
    if (known?.category) continue;
    const slug = r.category ?? '';
    events.set(r.id, {
      id: r.id,
      title: r.title,
      start: r.start.slice(0, 10),
      end: r.end.slice(0, 10),
      place: r.place ?? '',
      time: r.time ?? '',
      category: slug,
      categoryLabel: Object.hasOwn(AGENDA_CATEGORIES, slug)
        ? AGENDA_CATEGORIES[slug as keyof typeof AGENDA_CATEGORIES]
        : '',
    });
  }
  return [...events.values()];
}

/**
 * The month's view for the browser (labels written here, view.ts). `filter` is the visitor's category
 * (the category filter widget): within a calendar kept to another category it matches nothing.
 */
export async function loadCalendarMonth(
  db: Db,
  month: CalendarDate,
  settings: Pick<AgendaCalendarSettings, 'category'>,
  filter: AgendaCategory | null = null,
): Promise<CalendarMonth> {
  const clash = filter !== null && settings.category !== undefined && settings.category !== filter;
  const events = clash ? [] : await monthEvents(db, month, filter ?? settings.category);
  return { ...calendarMonth(month, events, schoolToday()), filter };
}

/** The visitor's category filter of an address or call (`kategori`): a category, none (absent or ''), or invalid. */
export function categoryFilter(value: string | null | undefined): AgendaCategory | null | 'invalid' {
  if (value === null || value === undefined || value === '') return null;
  return Object.hasOwn(AGENDA_CATEGORIES, value) ? (value as AgendaCategory) : 'invalid';
}

/**
 * The month and the open day an address names: `?tanggal=YYYY-MM-DD` opens that day in its month,
 * `?bulan=YYYY-MM` shows a month, neither shows this month. A malformed or out-of-range value
 * answers 404, as an address that names nothing (never a 500, never some other month).
 */
export function addressState(url: URL | null): {
  month: CalendarDate;
  selected: string | null;
  filter: AgendaCategory | null;
} {
  const filter = categoryFilter(url?.searchParams.get('kategori'));
  if (filter === 'invalid') throw new NotFound('calendar_category_invalid');
  return { ...addressMonth(url), filter };
}

function addressMonth(url: URL | null): { month: CalendarDate; selected: string | null } {
  const day = url?.searchParams.get('tanggal');
  const month = url?.searchParams.get('bulan');
  if (day != null) {
    const d = parseDayKey(day);
    if (!d) throw new NotFound('calendar_day_invalid');
    return { month: d.set({ day: 1 }), selected: d.toString() };
  }
  if (month != null) {
    const m = parseMonthKey(month);
    if (!m) throw new NotFound('calendar_month_invalid');
    return { month: m, selected: null };
  }
  return { month: schoolToday().set({ day: 1 }), selected: null };
}
