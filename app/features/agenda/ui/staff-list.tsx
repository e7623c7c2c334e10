import { Link } from 'react-router';
import {
  StaffAddLink,
  StaffHead,
  StaffListFilters,
  type StaffListProps,
  StaffListTable,
  StaffMessage,
} from '~/ui/staff';
import { AGENDA_MONTH_PATH, AGENDA_STAFF_PATH, type AgendaListQuery, agendaListHref } from '../staff-model';
import type { CalendarMonth } from '../view';

/** One event of the staff list (staff.server.ts StaffEventRow). */
export interface StaffEventItem {
  id: number;
  title: string;
  start: string;
  range: string;
  place: string;
  category: string;
  upcoming: boolean;
}

export interface AgendaListProps extends StaffListProps<StaffEventItem, AgendaListQuery> {
  /** A message after a deletion, null otherwise. */
  notice: string | null;
}

const editHref = (id: number) => `${AGENDA_STAFF_PATH}${id}/`;

/** The agenda's list: a month filter (a GET form), the events 20 a page, links to add, edit and delete. */
export function AgendaList({ notice, ...list }: AgendaListProps) {
  const { total, page, pages, query } = list;
  return (
    <>
      <StaffHead title="Agenda" heading="Agenda sekolah" />
      <StaffMessage>{notice}</StaffMessage>
      <StaffAddLink to={`${AGENDA_STAFF_PATH}baru/`} label="Tambah acara">
        <Link
          to={AGENDA_MONTH_PATH + (query.month ? `?bulan=${query.month}` : '')}
          className="button button--secondary"
        >
          Tampilan bulan
        </Link>
      </StaffAddLink>
      <StaffListFilters
        action={AGENDA_STAFF_PATH}
        label="Saring menurut bulan"
        id="agenda"
        reset="Semua acara"
        filtered={query.month !== null}
      >
        <div className="admin-field">
          <label htmlFor="agenda-bulan">Bulan</label>
          <input
            id="agenda-bulan"
            type="month"
            name="bulan"
            defaultValue={query.month ?? ''}
            min="2000-01"
            max="2099-12"
            aria-describedby="agenda-bulan-hint"
          />
          <span id="agenda-bulan-hint" className="staff-hint">
            Format TTTT-BB, misalnya 2026-11. Kosongkan untuk semua acara, yang akan datang lebih dulu.
          </span>
        </div>
      </StaffListFilters>
      <StaffListTable
        list={list}
        href={agendaListHref}
        pager="Halaman daftar acara"
        caption={`${total} acara${query.month ? ' pada bulan ini' : ', yang akan datang lebih dulu'}; halaman ${page} dari ${pages}`}
        columns={['Acara', 'Tanggal', 'Tempat', 'Kategori', 'Tindakan']}
        empty={`Belum ada acara ${query.month ? 'pada bulan ini' : 'di agenda'}.`}
        row={(r) => ({
          'data-past': r.upcoming ? undefined : '',
          href: editHref(r.id),
          name: r.title,
          cells: [
            <>
              {r.range}
              {!r.upcoming && ' (sudah lewat)'}
            </>,
            r.place || '—',
            r.category || '—',
            <Link key="hapus" to={`${editHref(r.id)}hapus/`} aria-label={`Hapus ${r.title}`}>
              Hapus
            </Link>,
          ],
        })}
      />
    </>
  );
}

/**
 * The month view: a plain table of the month's weeks (Monday first), each day with its events' titles
 * as links to their forms. The same month model as the public calendar's.
 */
export function AgendaMonthView({ month }: { month: CalendarMonth }) {
  return (
    <>
      <title>{`Agenda ${month.label} · Ruang Staf`}</title>
      <h1>{`Agenda: ${month.label}`}</h1>
      <StaffAddLink to={`${AGENDA_STAFF_PATH}baru/`} label="Tambah acara">
        <Link to={`${AGENDA_STAFF_PATH}?bulan=${month.key}`} className="button button--secondary">
          Daftar acara bulan ini
        </Link>
      </StaffAddLink>
      <nav className="staff-pager" aria-label="Bulan lain">
        {month.prev && (
          <Link to={`${AGENDA_MONTH_PATH}?bulan=${month.prev.key}`} rel="prev">
            <span aria-hidden="true">‹ </span>
            {month.prev.label}
          </Link>
        )}
        {month.next && (
          <Link to={`${AGENDA_MONTH_PATH}?bulan=${month.next.key}`} rel="next">
            {month.next.label}
            <span aria-hidden="true"> ›</span>
          </Link>
        )}
      </nav>
      {/* The grid scrolls sideways in its own box on a phone; the box is a tab stop so the keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className="staff-scroll" aria-label={`Kalender ${month.label}`} tabIndex={0}>
        <table className="admin-table staff-month">
          <caption>{`Acara pada ${month.label}`}</caption>
          <thead>
            <tr>
              {month.weekdays.map((w) => (
                <th key={w.long} scope="col">
                  <abbr title={w.long}>{w.short}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {month.weeks.map((week) => (
              <tr key={week[0]?.date}>
                {week.map((d) =>
                  d.inMonth ? (
                    <td key={d.date} data-today={d.today ? '' : undefined}>
                      <span className="staff-month__day">
                        <span aria-hidden="true">{d.day}</span>
                        <span className="visually-hidden">{d.label}</span>
                      </span>
                      {d.events.length > 0 && (
                        <ul>
                          {d.events.map((id) => (
                            <li key={id}>
                              <Link to={editHref(id)}>{month.events[String(id)]?.title}</Link>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  ) : (
                    <td key={d.date} className="staff-month__outside" />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
