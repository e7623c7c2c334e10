import type { KeyboardEvent, MouseEvent } from 'react';
import { type CalendarMonth, calendarHref, type ViewDay, type ViewEvent } from '../view';

/** What the live widget adds to the server's markup (absent in the server's HTML and in call 8's). */
export interface CalendarLive {
  /** The day that takes the keyboard focus in the grid (roving tabindex). */
  focusDay: string;
  loading: boolean;
  onMonth(event: MouseEvent<HTMLAnchorElement>, key: string): void;
  onDay(event: MouseEvent<HTMLAnchorElement>, date: string): void;
  onGridKey(event: KeyboardEvent<HTMLTableElement>): void;
}

export interface CalendarViewProps {
  month: CalendarMonth;
  /** The open day (`YYYY-MM-DD`), or null. */
  selected: string | null;
  title: string;
  emptyMessage: string;
  /** The calendar's element id: its `id`, the links' fragment, and `settings._element_id` of call 8. */
  elementId: string;
  postId: number;
  live?: CalendarLive;
}

/** The root's id: links bring a reloaded page back to it. */
export const calendarAnchor = (elementId: string) => `kalender-${elementId}`;

/**
 * The month calendar (spec 000 §2, §4): the original's `.jet-calendar` markup (nav links with
 * `data-month`, `data-settings` and `data-post`, so the original client can switch months with call 8)
 * as an ARIA grid of labelled days. Every month and day is a link, so it all works without JavaScript;
 * the open day's events show in a row under its week.
 */
export function CalendarView({ month, selected, title, emptyMessage, elementId, postId, live }: CalendarViewProps) {
  const anchor = calendarAnchor(elementId);
  const labelId = `${anchor}-bulan`;
  const hasEvents = Object.keys(month.events).length > 0;
  return (
    <div
      className={`jet-calendar${live?.loading ? ' jet-calendar-loading' : ''}`}
      id={anchor}
      data-settings={JSON.stringify({ _element_id: elementId })}
      data-post={postId}
      data-month={month.key}
      aria-busy={live?.loading || undefined}
    >
      <div className="jet-calendar-caption">
        <div className="jet-calendar-caption__wrap">
          <h2 className="jet-calendar-caption__name" id={labelId}>
            <span className="visually-hidden">{title}: </span>
            {month.label}
          </h2>
          <nav className="jet-calendar-nav" aria-label={`Bulan pada ${title.toLowerCase()}`}>
            {(['prev', 'next'] as const).map((side) => {
              const to = month[side];
              return to ? (
                <a
                  key={side}
                  className={`jet-calendar-nav__link nav-link-${side}`}
                  href={calendarHref('', { month: to.key }, anchor, month.filter)}
                  data-month={to.wire}
                  rel="nofollow"
                  onClick={live && ((e) => live.onMonth(e, to.key))}
                >
                  {side === 'prev' ? <span aria-hidden="true">‹</span> : null}
                  <span className="jet-calendar-nav__text">{to.label}</span>
                  {side === 'next' ? <span aria-hidden="true">›</span> : null}
                </a>
              ) : null;
            })}
          </nav>
        </div>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA data grid pattern (a table whose days the arrow keys move through) */}
      <table className="jet-calendar-grid" role="grid" aria-labelledby={labelId} onKeyDown={live?.onGridKey}>
        <thead className="jet-calendar-header">
          <tr className="jet-calendar-header__week">
            {month.weekdays.map((w) => (
              <th key={w.long} scope="col" className="jet-calendar-header__week-day">
                <abbr title={w.long}>{w.short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {month.weeks.map((week) => {
            const open = selected ? week.find((d) => d.date === selected && d.inMonth) : undefined;
            return [
              <tr key={week[0]?.date} className="jet-calendar-week">
                {week.map((day) => (
                  <DayCell
                    key={day.date}
                    day={day}
                    month={month}
                    open={day.date === selected}
                    anchor={anchor}
                    live={live}
                  />
                ))}
              </tr>,
              open && (
                <tr key={`${open.date}-events`} className="jet-calendar-week__details">
                  <td colSpan={7} id={detailsId(anchor)}>
                    <DayEvents day={open} month={month} anchor={anchor} />
                  </td>
                </tr>
              ),
            ];
          })}
        </tbody>
      </table>
      {!hasEvents && <p className="jet-calendar-empty">{emptyMessage}</p>}
    </div>
  );
}

const detailsId = (anchor: string) => `${anchor}-hari`;

function DayCell({
  day,
  month,
  open,
  anchor,
  live,
}: {
  day: ViewDay;
  month: CalendarMonth;
  open: boolean;
  anchor: string;
  live?: CalendarLive;
}) {
  if (!day.inMonth) {
    return (
      <td className="jet-calendar-week__day day-pad">
        <span className="jet-calendar-week__day-date" aria-hidden="true">
          {day.day}
        </span>
      </td>
    );
  }
  const classes = ['jet-calendar-week__day'];
  if (day.events.length) classes.push('has-events');
  if (day.today) classes.push('current-day');
  if (open) classes.push('calendar-day-open');
  const tabIndex = live ? (live.focusDay === day.date ? 0 : -1) : undefined;
  const events = day.events.map((id) => month.events[String(id)]).filter((e): e is ViewEvent => !!e);
  const text = (
    <>
      <span className="jet-calendar-week__day-date" aria-hidden="true">
        {day.day}
      </span>
      <span className="visually-hidden">
        {day.label}
        {day.today ? ', hari ini' : ''}, {events.length ? `${events.length} kegiatan` : 'tidak ada kegiatan'}
      </span>
    </>
  );
  if (!events.length) {
    return (
      <td
        className={classes.join(' ')}
        data-date={day.date}
        tabIndex={tabIndex}
        aria-current={day.today ? 'date' : undefined}
      >
        <div className="jet-calendar-week__day-wrap">{text}</div>
      </td>
    );
  }
  return (
    // The open state is the link's aria-expanded (a day is a disclosure of its events).
    <td className={classes.join(' ')} aria-current={day.today ? 'date' : undefined}>
      <a
        className="jet-calendar-week__day-wrap"
        href={
          open
            ? calendarHref('', { month: month.key }, anchor, month.filter)
            : calendarHref('', { day: day.date }, anchor, month.filter)
        }
        data-date={day.date}
        tabIndex={tabIndex}
        aria-expanded={open}
        aria-controls={open ? detailsId(anchor) : undefined}
        rel="nofollow"
        onClick={live && ((e) => live.onDay(e, day.date))}
      >
        {text}
        <span className="jet-calendar-week__day-content" aria-hidden="true">
          {events.slice(0, 2).map((e) => (
            <span key={e.id} className={`jet-calendar-week__day-event agenda-cat-${e.category}`}>
              {e.title}
            </span>
          ))}
          {events.length > 2 && <span className="jet-calendar-week__day-more">+{events.length - 2} lainnya</span>}
        </span>
        <span className="jet-calendar-week__day-mobile-trigger" aria-hidden="true">
          {events.length}
        </span>
      </a>
    </td>
  );
}

/** The open day's events, in the row under its week. */
function DayEvents({ day, month, anchor }: { day: ViewDay; month: CalendarMonth; anchor: string }) {
  const headingId = `${anchor}-hari-judul`;
  return (
    <section className="jet-calendar-details" aria-labelledby={headingId}>
      <h3 id={headingId} className="jet-calendar-details__title">
        {day.label}
      </h3>
      <ul className="jet-calendar-details__list">
        {day.events.map((id) => {
          const e = month.events[String(id)];
          if (!e) return null;
          return (
            <li key={id} className="jet-calendar-week__day-event" data-post-id={id}>
              {e.categoryLabel && <span className={`agenda-category agenda-cat-${e.category}`}>{e.categoryLabel}</span>}
              <strong className="agenda-event__title">{e.title}</strong>
              <span className="agenda-event__meta">
                {[e.multiDay ? e.range : '', e.time, e.place].filter(Boolean).join(' · ')}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
