import { listPage, listSearch } from '~/lib/list-address';
import { SCHOOL_TIME_ZONE } from '~/lib/school-zone';

/**
 * The staff's subscriber list and its CSV export (issue 14 "Subscribers"): the list's query, the
 * labels, and the CSV rules. Pure: no React, no database.
 */

/** Subscribers per page of the staff list. */
export const SUBSCRIBERS_PER_PAGE = 20;
/** The longest search text kept (an address is at most 254 characters). */
export const SEARCH_MAX = 254;

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** How staff read a status. */
export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Menunggu konfirmasi',
  confirmed: 'Aktif',
  unsubscribed: 'Berhenti',
};

/** The list's query: `?q=alamat&status=confirmed&halaman=2`; anything unreadable is ignored. */
export interface SubscriberQuery {
  /** Part of the address, lower-cased; '' for every address. */
  q: string;
  status: SubscriberStatus | null;
  page: number;
}

/** Reads the list's query from the address (an unknown status is every status, a bad page the first). */
export function parseSubscriberQuery(params: URLSearchParams): SubscriberQuery {
  const q = (params.get('q') ?? '').trim().toLowerCase().slice(0, SEARCH_MAX);
  const s = params.get('status');
  const status = SUBSCRIBER_STATUSES.find((v) => v === s) ?? null;
  return { q, status, page: listPage(params) };
}

/** The query as the address's search (`?q=…&status=…&halaman=…`), '' without one; page 1 left out. */
export function subscriberSearch(query: SubscriberQuery): string {
  return listSearch({ q: query.q, status: query.status }, query.page);
}

/** One subscriber as staff see and export it. */
export interface SubscriberRow {
  id: number;
  email: string;
  status: SubscriberStatus;
  listId: string;
  /** The form's extra fields (name → value). */
  fields: Record<string, string>;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

// -- CSV ------------------------------------------------------------------------------------------

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV field. A value a spreadsheet would take as a formula (starting with = + - @, or a tab or
 * carriage return that some programs skip before one) gets a leading apostrophe, so that a subscriber
 * who typed `=HYPERLINK(…)` in a form cannot run it on a staff member's computer (OWASP "CSV
 * injection"). Every field is quoted, its quotes doubled (RFC 4180): spreadsheets set to another list
 * separator (`;`, the Indonesian default) would otherwise split `x;=1+1` and read `=1+1` as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A CSV file: the BOM, then each row's fields joined by commas, each row ended by CRLF (RFC 4180). */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return CSV_BOM + rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

const localTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the school's local time that spreadsheets read as a date: `2026-11-26 08:05`; '' for none. */
export function schoolDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : localTime.format(date);
}

/** The school's date of an instant, `YYYY-MM-DD` (the export's file name). */
export function schoolDate(now: Date): string {
  return localTime.format(now).slice(0, 10);
}

/** The export's file name for the day: `pelanggan-2026-11-26.csv`. */
export function exportFileName(day: string): string {
  return `pelanggan-${day}.csv`;
}

const CSV_COLUMNS = ['E-mail', 'Status', 'Daftar', 'Terdaftar', 'Dikonfirmasi', 'Berhenti'];

/**
 * The subscribers as CSV: a header row, then one row per subscriber. Every extra field any
 * subscriber sent becomes a column of its own after the fixed ones (in name order).
 */
export function subscribersCsv(rows: readonly SubscriberRow[]): string {
  const extra = [...new Set(rows.flatMap((r) => Object.keys(r.fields)))].sort();
  return toCsv([
    [...CSV_COLUMNS, ...extra],
    ...rows.map((r) => [
      r.email,
      SUBSCRIBER_STATUS_LABELS[r.status],
      r.listId,
      schoolDateTime(r.createdAt),
      schoolDateTime(r.confirmedAt),
      schoolDateTime(r.unsubscribedAt),
      ...extra.map((name) => r.fields[name] ?? ''),
    ]),
  ]);
}
