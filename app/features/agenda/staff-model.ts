import { slugify } from '~/content/slug';
import { listPage, listSearch } from '~/lib/list-address';
import { siteHref } from '~/lib/site-href';
import { eventDays, MAX_EVENT_DAYS, parseDayKey, parseMonthKey } from './model';

/**
 * The staff's agenda screens (issue 14 "Agenda"): the list's query, the event form's limits and
 * checks, slugs and the description's HTML. Pure: no React, no database.
 */

/** Events per page of the staff list. */
export const AGENDA_PER_PAGE = 20;
/** The staff screens' addresses. */
export const AGENDA_STAFF_PATH = siteHref('/admin/agenda');
export const AGENDA_MONTH_PATH = siteHref('/admin/agenda/kalender');
/** The public calendar's page (content/pages.yaml `agenda`). */
export const PUBLIC_AGENDA_PATH = '/agenda/';

/** Limits of the event form (the seed's, content/agenda.yaml). */
export const EVENT_LIMITS = { title: 200, place: 200, time: 60, description: 2000, slug: 200 } as const;

/** The list's query: `?bulan=2026-11&halaman=2`; anything unreadable is ignored. */
export interface AgendaListQuery {
  /** `YYYY-MM`, or null for every event (upcoming first). */
  month: string | null;
  page: number;
}

/** Reads the list's query from the address. */
export function parseAgendaListQuery(params: URLSearchParams): AgendaListQuery {
  const m = params.get('bulan') ?? '';
  const month = parseMonthKey(m) ? m : null;
  return { month, page: listPage(params) };
}

/** The list's address for a query (page 1 and no month left out). */
export function agendaListHref(query: AgendaListQuery): string {
  return AGENDA_STAFF_PATH + listSearch({ bulan: query.month }, query.page);
}

/** An event's form as typed (every field text, as the browser sends it and the form shows it back). */
export interface EventFormValues {
  judul: string;
  mulai: string;
  selesai: string;
  waktu: string;
  tempat: string;
  kategori: string;
  keterangan: string;
}

export const EMPTY_EVENT: EventFormValues = {
  judul: '',
  mulai: '',
  selesai: '',
  waktu: '',
  tempat: '',
  kategori: '',
  keterangan: '',
};

/**
 * What is wrong with an event's dates, or null: the start a real day, the end (when given) a real day
 * not before the start, and at most MAX_EVENT_DAYS long (the month query looks back that far).
 */
export function eventDatesProblem(start: string, end: string): { field: 'mulai' | 'selesai'; message: string } | null {
  if (!parseDayKey(start)) return { field: 'mulai', message: 'Isi tanggal mulai yang valid (tahun 2000–2099).' };
  if (end === '') return null;
  if (!parseDayKey(end)) return { field: 'selesai', message: 'Isi tanggal selesai yang valid, atau kosongkan.' };
  if (end < start) return { field: 'selesai', message: 'Tanggal selesai tidak boleh sebelum tanggal mulai.' };
  if (eventDays(start, end) > MAX_EVENT_DAYS) {
    return { field: 'selesai', message: `Sebuah acara berlangsung paling lama ${MAX_EVENT_DAYS} hari.` };
  }
  return null;
}

/** An event's slug from its title (`acara` when no letter or digit is left). */
export function eventSlug(title: string): string {
  return slugify(title, EVENT_LIMITS.slug) || 'acara';
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The description (plain text) as the post's HTML: one escaped paragraph per blank-line-separated block. */
export function descriptionHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
