import { sql } from 'kysely';
import { insertPost, postOfType, replaceMeta, replaceTerms, updatePost } from '~/content/posts-write.server';
import { freePostSlug } from '~/content/slug.server';
import { deletePostOfType } from '~/content/staff-delete.server';
import { postTerms } from '~/content/terms.server';
import type { Db } from '~/db';
import { publicSave, withStaffSave } from '~/lib/content-version.server';
import { pageOfRows, pageWithin } from '~/lib/list-page.server';
import { monthEvents } from './agenda.server';
import {
  AGENDA_META,
  AGENDA_POST_TYPE,
  AGENDA_TAXONOMY,
  calendarMonth,
  type DayKey,
  parseMonthKey,
  rangeLabel,
  schoolToday,
} from './model';
import type { EventForm } from './staff-form';
import { AGENDA_PER_PAGE, type AgendaListQuery, descriptionHtml, type EventFormValues, eventSlug } from './staff-model';
import type { CalendarMonth } from './view';

/** The staff's reads and changes of school events (issue 14 "Agenda"): posts of type `agenda` with meta. */

/** Meta dates are stored as their midnight UTC, as the seed writes them (agenda.server.ts reads them so). */
const stored = (day: DayKey) => `${day}T00:00:00.000Z`;

/** One event of the staff list. */
export interface StaffEventRow {
  id: number;
  title: string;
  start: DayKey;
  end: DayKey;
  /** "25 November 2026" or "1–5 Desember 2026". */
  range: string;
  place: string;
  category: string;
  upcoming: boolean;
}

export interface StaffEventPage {
  rows: StaffEventRow[];
  total: number;
  page: number;
  pages: number;
}

/**
 * The staff list: with a month, the events on any of its days (the public calendar's query) by date;
 * without one, every event, those not yet over first (soonest first), then past ones (latest first).
 */
export async function listAgendaEvents(
  db: Db,
  query: AgendaListQuery,
  today: DayKey = schoolToday().toString(),
): Promise<StaffEventPage> {
  const categories = new Map((await agendaCategories(db)).map((c) => [c.slug, c.name]));
  const month = query.month ? parseMonthKey(query.month) : null;
  if (month) {
    const events = await monthEvents(db, month);
    const { limit, offset, ...at } = pageWithin(events.length, AGENDA_PER_PAGE, query.page);
    const rows = events.slice(offset, offset + limit).map((e) => ({
      id: e.id,
      title: e.title,
      start: e.start,
      end: e.end,
      range: rangeLabel(e.start, e.end),
      place: e.place,
      category: categories.get(e.category) ?? e.categoryLabel,
      upcoming: e.end >= today,
    }));
    return { rows, ...at };
  }
  const base = db
    .selectFrom('post as p')
    .innerJoin('post_meta as s', (j) => j.onRef('s.post_id', '=', 'p.id').on('s.meta_key', '=', AGENDA_META.start))
    .innerJoin('post_meta as e', (j) => j.onRef('e.post_id', '=', 'p.id').on('e.meta_key', '=', AGENDA_META.end))
    .where('p.type', '=', AGENDA_POST_TYPE)
    .where('p.status', '=', 'publish');
  const now = stored(today);
  const { rows, ...at } = await pageOfRows(base, AGENDA_PER_PAGE, query.page, (limit, offset) =>
    base
      .leftJoin('post_meta as pl', (j) => j.onRef('pl.post_id', '=', 'p.id').on('pl.meta_key', '=', AGENDA_META.place))
      .select((eb) => [
        'p.id',
        'p.title',
        's.value_date as start',
        'e.value_date as end',
        'pl.value_text as place',
        eb
          .selectFrom('post_term as pt')
          .innerJoin('term as t', 't.id', 'pt.term_id')
          .select('t.slug')
          .whereRef('pt.post_id', '=', 'p.id')
          .where('t.taxonomy', '=', AGENDA_TAXONOMY)
          .orderBy('t.id')
          .limit(1)
          .as('category'),
      ])
      // Not yet over first, soonest first; then the past, latest first.
      .orderBy(sql`case when ${sql.ref('e.value_date')} >= ${now} then 0 else 1 end`)
      .orderBy(sql`case when ${sql.ref('e.value_date')} >= ${now} then ${sql.ref('s.value_date')} end`)
      .orderBy('s.value_date', 'desc')
      .orderBy('p.id')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
  return {
    rows: rows.map((r) => {
      const start = (r.start ?? '').slice(0, 10);
      const end = (r.end ?? r.start ?? '').slice(0, 10);
      return {
        id: r.id,
        title: r.title,
        start,
        end,
        range: start && end ? rangeLabel(start, end) : '',
        place: r.place ?? '',
        category: categories.get(r.category ?? '') ?? '',
        upcoming: end >= today,
      };
    }),
    ...at,
  };
}

/** The month view: the public calendar's month (its query and its pure month model), every event on it. */
export async function agendaMonth(db: Db, monthKey: string | null): Promise<CalendarMonth> {
  const today = schoolToday();
  const month = (monthKey && parseMonthKey(monthKey)) || today.set({ day: 1 });
  return calendarMonth(month, await monthEvents(db, month), today);
}

/** The agenda's categories as stored (terms of `kategori-agenda`), in the seed's order. */
export async function agendaCategories(db: Db): Promise<Array<{ slug: string; name: string }>> {
  return db.selectFrom('term').select(['slug', 'name']).where('taxonomy', '=', AGENDA_TAXONOMY).orderBy('id').execute();
}

/** A stored event as its form shows it, with its version (`modified_at`); null when there is no such event. */
export async function loadAgendaEvent(
  db: Db,
  id: number,
): Promise<{ id: number; values: EventFormValues; version: string; slug: string } | null> {
  const post = await postOfType(db, id, AGENDA_POST_TYPE, ['id', 'title', 'excerpt', 'slug', 'modified_at']);
  if (!post) return null;
  const [meta, terms] = await Promise.all([
    db
      .selectFrom('post_meta')
      .select(['meta_key', 'value_text', 'value_date'])
      .where('post_id', '=', id)
      .where('meta_key', 'in', Object.values(AGENDA_META))
      .execute(),
    postTerms(db, [id], AGENDA_TAXONOMY),
  ]);
  const value = (key: string) => meta.find((m) => m.meta_key === key);
  const start = value(AGENDA_META.start)?.value_date?.slice(0, 10) ?? '';
  const end = value(AGENDA_META.end)?.value_date?.slice(0, 10) ?? '';
  return {
    id: post.id,
    slug: post.slug,
    version: post.modified_at,
    values: {
      judul: post.title,
      mulai: start,
      // A one-day event shows an empty end: the form says "kosongkan untuk satu hari".
      selesai: end === start ? '' : end,
      waktu: value(AGENDA_META.time)?.value_text ?? '',
      tempat: value(AGENDA_META.place)?.value_text ?? '',
      kategori: terms[0]?.slug ?? '',
      keterangan: post.excerpt,
    },
  };
}

/** Why a save did not happen. */
export type SaveProblem =
  | { kind: 'category' }
  | { kind: 'missing' }
  /** Someone saved the event after this form was opened: nothing was overwritten. */
  | { kind: 'conflict' };

/**
 * Creates (`id` null) or updates an event, published at once: the post, its dates, hours and place
 * as meta, its category as the one term of `kategori-agenda`; then the change is recorded, which
 * shows it on the public calendar at once. An edit whose version is not the stored one changes nothing.
 */
export async function saveAgendaEvent(
  db: Db,
  userId: number,
  id: number | null,
  form: EventForm,
  now = new Date(),
): Promise<{ id: number } | SaveProblem> {
  const term = await db
    .selectFrom('term')
    .select('id')
    .where('taxonomy', '=', AGENDA_TAXONOMY)
    .where('slug', '=', form.kategori)
    .executeTakeFirst();
  if (!term) return { kind: 'category' };
  const at = now.toISOString();
  const post = {
    title: form.judul,
    excerpt: form.keterangan,
    content: descriptionHtml(form.keterangan),
    modified_at: at,
  };
  // Two editors creating events of the same title at once: the unique slug decides, the other takes the next.
  return withStaffSave(db, id === null, async (trx, record): Promise<{ id: number } | SaveProblem> => {
    let postId: number;
    if (id === null) {
      const slug = await freePostSlug(trx, [AGENDA_POST_TYPE], eventSlug(form.judul));
      postId = await insertPost(trx, {
        ...post,
        type: AGENDA_POST_TYPE,
        status: 'publish',
        slug,
        tree: null,
        parent_id: null,
        author_id: userId,
        featured_media_id: null,
        published_at: at,
        menu_order: 0,
      });
    } else {
      if (!(await updatePost(trx, id, post, { type: AGENDA_POST_TYPE, modified_at: form.versi }))) {
        const exists = await postOfType(trx, id, AGENDA_POST_TYPE, ['id']);
        return { kind: exists ? 'conflict' : 'missing' };
      }
      postId = id;
    }
    await replaceMeta(trx, postId, {
      [AGENDA_META.start]: { value_date: stored(form.mulai) },
      [AGENDA_META.end]: { value_date: stored(form.selesai || form.mulai) },
      [AGENDA_META.place]: form.tempat ? { value_text: form.tempat } : null,
      [AGENDA_META.time]: form.waktu ? { value_text: form.waktu } : null,
    });
    await replaceTerms(trx, postId, [AGENDA_TAXONOMY], [term.id]);
    // Events have no drafts: each save shows on the calendar.
    await record(
      publicSave(userId, 'agenda', id === null, { subjectType: 'post', subjectId: postId, summary: form.judul }),
    );
    return { id: postId };
  });
}

/** Deletes an event (its meta and terms go with it); false when there is no such event. */
export function deleteAgendaEvent(db: Db, userId: number, id: number): Promise<boolean> {
  return deletePostOfType(db, { id, type: AGENDA_POST_TYPE, userId, action: 'agenda.delete' });
}
