import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import calendarCss from '~/styles/calendar.css?url';
import { useHydrated } from '~/ui/use-hydrated';
import { postAjax } from '~/wire/client';
import { type CalendarMonth, calendarQuery, moveInGrid, toggleDay, type ViewDay } from '../view';
import { CalendarView, calendarAnchor } from './calendar-view';

/** The widget's props, as its loader (agenda/widget.server.ts) returns them. */
export interface AgendaCalendarProps {
  title: string;
  emptyMessage: string;
  month: CalendarMonth;
  selected: string | null;
  postId: number;
  elementId: string;
}

/** The day that takes the grid's focus: the open day, today, or the month's first day. */
function firstFocus(month: CalendarMonth, selected: string | null): string {
  const days = month.weeks.flat().filter((d) => d.inMonth);
  return (
    (selected && days.find((d) => d.date === selected)?.date) ?? days.find((d) => d.today)?.date ?? days[0]?.date ?? ''
  );
}

/** "Rabu, 25 November 2026: Upacara Hari Guru Nasional, 07.00–09.00, Lapangan upacara." */
function dayAnnouncement(month: CalendarMonth, day: ViewDay): string {
  const events = day.events.map((id) => {
    const e = month.events[String(id)];
    return e ? [e.title, e.multiDay ? e.range : '', e.time, e.place].filter(Boolean).join(', ') : '';
  });
  return `${day.label}: ${events.filter(Boolean).join('; ')}.`;
}

/** A day's number in another month, clamped to its length (PageUp/PageDown keep the day). */
function sameDayIn(month: CalendarMonth, day: number): string {
  const days = month.weeks.flat().filter((d) => d.inMonth);
  return (days[Math.min(day, days.length) - 1] ?? days[0])?.date ?? '';
}

/**
 * The category filter forms on the page (the `agenda-category-filter` widget, server HTML) keep the
 * month shown, so that choosing a category after switching months here stays in that month.
 */
function keepFilterMonth(key: string) {
  for (const input of document.querySelectorAll<HTMLInputElement>('form[data-agenda-filter] input[name="bulan"]')) {
    input.value = key;
  }
}

/**
 * The agenda calendar, live: months switch in place with call 8 (the address follows, so Back and a
 * reload show the same month), a click on a day opens its events under its week and a second click
 * closes them, and the grid moves by arrow keys (PageUp/PageDown: the month before or after). Until
 * this code runs the server's links do the same with a page load.
 */
export function AgendaCalendar({
  title,
  emptyMessage,
  month: initial,
  selected: initialDay,
  postId,
  elementId,
}: AgendaCalendarProps) {
  const hydrated = useHydrated();
  const [month, setMonth] = useState(initial);
  const [selected, setSelected] = useState(initialDay);
  const [focusDay, setFocusDay] = useState(() => firstFocus(initial, initialDay));
  const [loading, setLoading] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const cache = useRef(new Map<string, CalendarMonth>([[initial.key, initial]]));
  const inFlight = useRef<AbortController | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  const anchor = calendarAnchor(elementId);

  const fetchMonth = useCallback(
    async (key: string, wire: string | undefined): Promise<CalendarMonth | 'failed' | 'replaced'> => {
      // The latest switch wins: one still on its way is dropped.
      inFlight.current?.abort();
      const known = cache.current.get(key);
      if (known) return known;
      const controller = new AbortController();
      inFlight.current = controller;
      setLoading(true);
      try {
        const res = await postAjax(
          'jet_engine_calendar_get_month',
          {
            month: wire ?? key,
            settings: { _element_id: elementId },
            post: postId,
            ...(initial.filter ? { kategori: initial.filter } : {}),
          },
          { signal: controller.signal },
        );
        const body = (await res.json()) as { success?: boolean; data?: { month?: CalendarMonth } };
        const loaded = body.success ? body.data?.month : undefined;
        if (!loaded) return 'failed';
        cache.current.set(loaded.key, loaded);
        return controller.signal.aborted ? 'replaced' : loaded;
      } catch {
        // Aborted by a later switch, which shows its own month.
        return controller.signal.aborted ? 'replaced' : 'failed';
      } finally {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setLoading(false);
        }
      }
    },
    [elementId, postId, initial.filter],
  );

  /** Shows a month; `day` opens a day in it; `focus` picks the grid's focused day. */
  const show = useCallback(
    async (key: string, opts: { wire?: string; day?: string | null; focusDay?: number; history?: 'push' }) => {
      const next = await fetchMonth(key, opts.wire);
      if (next === 'replaced') return;
      if (next === 'failed') {
        // The call failed: the link's own address does the same with a page load.
        window.location.assign(`${calendarQuery({ month: key }, initial.filter)}#${anchor}`);
        return;
      }
      setMonth(next);
      setSelected(opts.day ?? null);
      setFocusDay(opts.focusDay ? sameDayIn(next, opts.focusDay) : firstFocus(next, opts.day ?? null));
      setAnnouncement(`${next.label}: ${Object.keys(next.events).length} kegiatan`);
      if (opts.history === 'push') {
        // A new entry in React Router's bookkeeping (idx), so that Back is the router's own navigation
        // to the previous month's address (its loader then brings that month).
        const state = (window.history.state ?? {}) as { idx?: number };
        window.history.pushState(
          { ...state, idx: (state.idx ?? 0) + 1 },
          '',
          calendarQuery({ month: key }, next.filter),
        );
      }
      keepFilterMonth(key);
    },
    [fetchMonth, anchor, initial.filter],
  );

  // A navigation of the router (Back to an address pushed here, or a link to another month of this
  // page) brings the server's month as new props: the widget shows them.
  useEffect(() => {
    setMonth(initial);
    setSelected(initialDay);
    setFocusDay(firstFocus(initial, initialDay));
    cache.current.set(initial.key, initial);
    keepFilterMonth(initial.key);
  }, [initial, initialDay]);

  // After a keyboard move, the focus follows the roving tabindex.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    rootRef.current?.querySelector<HTMLElement>(`[data-date="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const onMonth = (event: MouseEvent<HTMLAnchorElement>, key: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void show(key, { wire: event.currentTarget.dataset.month, history: 'push' });
  };

  const onDay = (event: MouseEvent<HTMLAnchorElement>, date: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const next = toggleDay(selected, date);
    setSelected(next);
    setFocusDay(date);
    // The events' row is outside the grid's arrow keys: a screen reader hears them at once.
    const day = next ? month.weeks.flat().find((d) => d.date === next) : undefined;
    setAnnouncement(day ? dayAnnouncement(month, day) : '');
    // The address names the open day, so a reload or a shared link opens it too.
    window.history.replaceState(
      window.history.state,
      '',
      calendarQuery(next ? { day: next } : { month: month.key }, month.filter),
    );
  };

  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-date]')?.dataset.date;
    if (!from) return;
    if (event.key === ' ' && event.target instanceof HTMLAnchorElement) {
      // Space opens a day as Enter does (a button's key; the day is a link without JavaScript).
      event.preventDefault();
      event.target.click();
      return;
    }
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      const to = event.key === 'PageUp' ? month.prev : month.next;
      event.preventDefault();
      if (!to) return;
      moveFocus.current = true;
      void show(to.key, { wire: to.wire, focusDay: Number(from.slice(8)), history: 'push' });
      return;
    }
    const to = moveInGrid(month.weeks, from, event.key);
    if (!to) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocusDay(to);
  };

  return (
    <div className="agenda-calendar" ref={rootRef} data-hydrated={hydrated || undefined}>
      <link rel="stylesheet" href={calendarCss} precedence="default" />
      <CalendarView
        month={month}
        selected={selected}
        title={title}
        emptyMessage={emptyMessage}
        elementId={elementId}
        postId={postId}
        live={hydrated ? { focusDay, loading, onMonth, onDay, onGridKey } : undefined}
      />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
