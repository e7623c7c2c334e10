import { z } from 'zod';
import { storedWidget } from '~/content/tree.server';
import type { Db } from '~/db';
import { Invalid } from '~/lib/errors';
import { staticMarkup } from '~/lib/static-markup.server';
import { defineAction, wireAbsent, wirePostId } from '~/wire/registry.server';
import { addressState, categoryFilter, loadCalendarMonth } from './agenda.server';
import { AGENDA_CATEGORIES, AGENDA_WIDGET, monthKey, parseWireMonth } from './model';
import { type AgendaCalendarSettings, type AgendaCategoryFilterSettings, agendaCalendarSettings } from './settings';
import type { AgendaCalendarProps } from './ui/calendar';
import { CalendarView } from './ui/calendar-view';
import type { AgendaCategoryFilterProps } from './ui/category-filter';
import { loadAgendaCalendar } from './ui/lazy-calendar';

/** What the widget's loader reads of the page (a structural part of the widgets' load context). */
export interface CalendarLoadContext {
  db: Db;
  url: URL | null;
  postId: number;
  elementId: string;
}

/**
 * The calendar widget's loader: the month (and open day) the address names, with its events. A
 * malformed `bulan` or `tanggal` answers 404 (agenda.server.ts addressState).
 */
export async function loadAgendaWidget(
  settings: AgendaCalendarSettings,
  ctx: CalendarLoadContext,
): Promise<{ props: AgendaCalendarProps }> {
  const [month] = await Promise.all([
    (async () => {
      const { month, selected, filter } = addressState(ctx.url);
      const view = await loadCalendarMonth(ctx.db, month, settings, filter);
      // Only a day with events opens: there is nothing to show under an empty one.
      const open = selected && view.weeks.flat().some((d) => d.date === selected && d.events.length > 0);
      return { view, selected: open ? selected : null };
    })(),
    // The server renders the widget in place: its module is loaded before the page renders.
    loadAgendaCalendar(),
  ]);
  return {
    props: {
      title: settings.title,
      emptyMessage: settings.emptyMessage,
      month: month.view,
      selected: month.selected,
      postId: ctx.postId,
      elementId: ctx.elementId,
    },
  };
}

/** The category filter's loader: the address's month and category (a malformed one answers 404, as the calendar's). */
export async function loadAgendaFilter(
  settings: AgendaCategoryFilterSettings,
  ctx: Pick<CalendarLoadContext, 'url' | 'elementId'>,
): Promise<{ props: AgendaCategoryFilterProps }> {
  const { month, filter } = addressState(ctx.url);
  return { props: { ...settings, id: ctx.elementId, month: monthKey(month), filter } };
}

/** The settings of a published page's calendar element; null when the page or the element is not one. */
async function storedCalendar(db: Db, postId: number, elementId: string): Promise<AgendaCalendarSettings | null> {
  // Only the one element's settings are checked (its own schema): every call 8 reads the page again.
  const stored = await storedWidget(db, postId, elementId);
  if (stored?.widget !== AGENDA_WIDGET) return null;
  const parsed = agendaCalendarSettings.safeParse(stored.settings);
  return parsed.success ? parsed.data : null;
}

const input = z.object({
  month: z.string().max(40, 'month is longer than 40 characters'),
  // The calendar's `data-settings`: only the element id is read; the settings are the stored ones.
  settings: z
    .object({ _element_id: z.union([wireAbsent, z.string().min(1).max(64)]).optional() })
    .loose()
    .optional(),
  // At most PostgreSQL's integer: a larger id names no post (and would not reach the query).
  post: wirePostId.optional(),
  /** Our extension: the visitor's category filter (the category filter widget), a category's slug. */
  kategori: z.string().max(40).optional(),
});

/**
 * Call 8: `jet_engine_calendar_get_month` (original-wire.md §3.2), posted by the original client as
 * `jet_engine_action` to the page's own address with `nocache` (or as `action` to admin-ajax), with
 * `month` in English "F Y", `settings` (the calendar's `data-settings`) and `post`. With `post` and
 * `settings[_element_id]` the calendar's settings are read from the stored page (the client copy is
 * ignored); without them it is the site's whole agenda. Answers `{success, data: {content}}`, the
 * `.jet-calendar` HTML the original client puts in place of the old one, and `data.month`, the same
 * month as data for our widget. A month that is not one answers 400.
 */
export const calendarMonthAction = defineAction({
  name: 'jet_engine_calendar_get_month',
  auth: 'anyone',
  nonce: false,
  methods: ['POST'],
  input,
  async handle({ month: asked, settings: given, post, kategori }, ctx) {
    const month = parseWireMonth(asked);
    if (!month) throw new Invalid('month: not a month between January 2000 and December 2099 ("March 2024")');
    const filter = categoryFilter(kategori);
    if (filter === 'invalid') throw new Invalid(`kategori: not one of ${Object.keys(AGENDA_CATEGORIES).join(', ')}`);
    const elementId = given?._element_id;
    let settings = agendaCalendarSettings.parse({});
    if (post !== undefined && elementId !== undefined) {
      const stored = await storedCalendar(ctx.db, post, elementId);
      // The original answers this text for a calendar it cannot find (as call 7, original-wire.md §3.1).
      if (!stored) throw new Invalid('Request data is incorrect');
      settings = stored;
    }
    const view = await loadCalendarMonth(ctx.db, month, settings, filter);
    const props = {
      month: view,
      selected: null,
      title: settings.title,
      emptyMessage: settings.emptyMessage,
      elementId: elementId ?? 'agenda',
      postId: post ?? 0,
    };
    const content = staticMarkup(['agenda-calendar', props], () => <CalendarView {...props} />);
    return { success: true, data: { content, month: view } };
  },
});
