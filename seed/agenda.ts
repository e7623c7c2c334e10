import fs from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { insertNewPosts } from '~/content/posts-write.server';
import type { Db } from '~/db';
import {
  AGENDA_CATEGORIES,
  AGENDA_META,
  AGENDA_POST_TYPE,
  AGENDA_TAXONOMY,
  type AgendaCategory,
  eventDays,
  MAX_EVENT_DAYS,
  parseDayKey,
} from '~/features/agenda/model';
import { defaultContentDir } from './load';
import { ContentError, formatPath } from './schemas';

/**
 * content/agenda.yaml: the school year's events (issue 13), stored as posts of type `agenda` with
 * their dates, hours and place as meta and their category as a term of `kategori-agenda`.
 */

const FILE = 'agenda.yaml';
const day = z.string().refine((v) => parseDayKey(v) !== null, 'a day is YYYY-MM-DD between 2000 and 2099');
const categories = Object.keys(AGENDA_CATEGORIES) as [AgendaCategory, ...AgendaCategory[]];

const eventSchema = z
  .strictObject({
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a slug is lowercase words joined by hyphens'),
    title: z.string().min(1).max(200),
    mulai: day,
    /** The last day (inclusive); absent for a one-day event. */
    selesai: day.optional(),
    /** Hours as shown, e.g. "07.00–09.00". */
    waktu: z.string().max(60).optional(),
    /** The place; absent for a holiday. */
    tempat: z.string().min(1).max(200).optional(),
    kategori: z.enum(categories),
    keterangan: z.string().max(600).default(''),
  })
  .refine((e) => !e.selesai || e.selesai >= e.mulai, { message: 'selesai is before mulai', path: ['selesai'] })
  .refine((e) => !e.selesai || eventDays(e.mulai, e.selesai) <= MAX_EVENT_DAYS, {
    message: `an event lasts at most ${MAX_EVENT_DAYS} days`,
    path: ['selesai'],
  });
export type AgendaEntry = z.infer<typeof eventSchema>;

const fileSchema = z.strictObject({ events: z.array(eventSchema).min(1) });

/** Reads and checks content/agenda.yaml; slugs must be unique. */
export function loadAgenda(dir: string = defaultContentDir()): AgendaEntry[] {
  const full = path.join(dir, FILE);
  const doc = parseDocument(fs.readFileSync(full, 'utf8'), { prettyErrors: true });
  const first = doc.errors[0];
  if (first) throw new ContentError(FILE, '', `not valid YAML: ${first.message}`);
  const parsed = fileSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new ContentError(FILE, formatPath(issue.path), issue.message);
  }
  const seen = new Set<string>();
  for (const [i, e] of parsed.data.events.entries()) {
    if (seen.has(e.slug)) throw new ContentError(FILE, `events[${i}].slug`, `${e.slug} is used twice`);
    seen.add(e.slug);
  }
  return parsed.data.events;
}

/** Writes the categories and the events (in date order, so ids follow the dates). */
export async function writeAgenda(db: Db, events: AgendaEntry[], authorId: number | null): Promise<void> {
  const termIds = new Map<string, number>();
  for (const [slug, name] of Object.entries(AGENDA_CATEGORIES)) {
    const { id } = await db
      .insertInto('term')
      .values({ taxonomy: AGENDA_TAXONOMY, slug, name, description: '', parent_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    termIds.set(slug, id);
  }
  const sorted = [...events].sort((a, b) => a.mulai.localeCompare(b.mulai) || a.slug.localeCompare(b.slug));
  for (const e of sorted) {
    // Announced a month before (at most at the school year's start): the date the post carries.
    const published = `${e.mulai.slice(0, 7)}-01T01:00:00.000Z`;
    await insertNewPosts(db, [
      {
        post: {
          type: AGENDA_POST_TYPE,
          status: 'publish',
          slug: e.slug,
          title: e.title,
          excerpt: e.keterangan.trim(),
          content: e.keterangan.trim() ? `<p>${escapeText(e.keterangan.trim())}</p>` : '',
          tree: null,
          parent_id: null,
          author_id: authorId,
          featured_media_id: null,
          published_at: published,
          modified_at: published,
          menu_order: 0,
        },
        terms: [termIds.get(e.kategori) as number],
        meta: [
          { meta_key: AGENDA_META.start, value_date: `${e.mulai}T00:00:00.000Z` },
          { meta_key: AGENDA_META.end, value_date: `${e.selesai ?? e.mulai}T00:00:00.000Z` },
          ...(e.tempat ? [{ meta_key: AGENDA_META.place, value_text: e.tempat }] : []),
          ...(e.waktu ? [{ meta_key: AGENDA_META.time, value_text: e.waktu }] : []),
        ],
      },
    ]);
  }
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
