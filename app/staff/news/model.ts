import { z } from 'zod';
import { SEO_META } from '~/content/seo';
import { fieldErrors } from '~/lib/form-errors';
import { listSearch } from '~/lib/list-address';
import { recordId } from '~/lib/record-id';
import { siteHref } from '~/lib/site-href';

/**
 * The news editor of the staff area (issue 14): the list's query, the editor's form and its rules.
 * Pure: no React, no database. The same schema checks the form on the server and in the browser.
 */

/** A news post's editor. */
export const newsPath = (id: number) => siteHref('/admin/berita/:id', { id: String(id) });

/** Posts per page of the staff list. */
export const PER_PAGE = 20;
export const TITLE_MAX = 200;
export const SLUG_MAX = 200;
export const EXCERPT_MAX = 1000;
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 160;

/**
 * Post meta keys of the editor (named as WordPress's Yoast SEO names them, so an import keeps them):
 * the SEO title and description, and the time a scheduled post goes out (`_scheduled_at`, a date:
 * a scheduled post is a draft carrying it until the publisher makes it public; see posts.server.ts).
 */
export const POST_META = {
  // The SEO keys are the public pages' (content/seo.ts reads them into the page head).
  seoTitle: SEO_META.title,
  seoDescription: SEO_META.description,
  scheduledAt: '_scheduled_at',
} as const;

/** A post's status as staff see it: published, draft, or scheduled (a draft with a publish time). */
export type EditorStatus = 'publish' | 'draft' | 'future';
export const STATUS_LABELS: Record<EditorStatus, string> = { publish: 'Terbit', draft: 'Draf', future: 'Terjadwal' };

/** The list's query: `?q=judul&status=draft&kategori=12&halaman=2`; anything unreadable is ignored. */
export interface ListQuery {
  q: string;
  status: EditorStatus | null;
  category: number | null;
  page: number;
}

/** Reads the list's query from its URL's search params (never throws: junk means "no filter"). */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const s = params.get('status');
  const status = s === 'publish' || s === 'draft' || s === 'future' ? s : null;
  const c = Number(params.get('kategori'));
  const category = Number.isSafeInteger(c) && c > 0 ? c : null;
  const p = Number(params.get('halaman'));
  const page = Number.isSafeInteger(p) && p > 1 ? p : 1;
  return { q, status, category, page };
}

/** The list's address for a query (page 1 and empty filters left out). */
export function listHref(query: ListQuery): string {
  return (
    siteHref('/admin/berita') + listSearch({ q: query.q, status: query.status, kategori: query.category }, query.page)
  );
}

/** A `datetime-local` value (school time, UTC+7 all year) as ISO UTC; null when it is not one. */
export function schoolLocalToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(`${value.length === 16 ? `${value}:00` : value}+07:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** ISO UTC as a `datetime-local` value in school time (UTC+7). */
export function isoToSchoolLocal(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + 7 * 3_600_000).toISOString().slice(0, 16);
}

/** What the editor's buttons ask for. */
export const INTENTS = ['save', 'publish', 'unpublish', 'delete', 'restore'] as const;

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** The editor's form as posted (field names are the form's). */
export const postFormSchema = z.object({
  title: z.string().trim().min(1, 'Judul wajib diisi.').max(TITLE_MAX, `Judul paling banyak ${TITLE_MAX} karakter.`),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(SLUG_MAX, `Slug paling banyak ${SLUG_MAX} karakter.`)
    .refine((s) => s === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s), {
      message: 'Slug hanya boleh berisi huruf kecil, angka, dan tanda hubung (misalnya: lomba-sains-2025).',
    }),
  excerpt: text(EXCERPT_MAX, `Ringkasan paling banyak ${EXCERPT_MAX} karakter.`),
  content: z.string().max(500_000, 'Isi tulisan terlalu panjang.'),
  tags: text(1000, 'Daftar tag terlalu panjang.'),
  featured_media_id: z
    .string()
    .regex(/^\d*$/, 'Pilih gambar dari daftar.')
    // A media id is a row's id (within PostgreSQL's integer): more digits are no image, not a query error.
    .refine((s) => s === '' || recordId(s) !== null, 'Pilih gambar dari daftar.')
    .transform((s) => (s ? Number(s) : null)),
  published_at: z
    .string()
    .trim()
    .refine((s) => s === '' || schoolLocalToIso(s) !== null, { message: 'Tanggal terbit tidak valid.' }),
  seo_title: text(SEO_TITLE_MAX, `Judul SEO paling banyak ${SEO_TITLE_MAX} karakter.`),
  seo_description: text(SEO_DESCRIPTION_MAX, `Deskripsi SEO paling banyak ${SEO_DESCRIPTION_MAX} karakter.`),
  modified_at: z.string().max(40),
});
export type PostForm = z.infer<typeof postFormSchema>;

/** The fields the form shows back after an error: exactly what was sent. */
export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  tags: string;
  featured_media_id: string;
  published_at: string;
  seo_title: string;
  seo_description: string;
  modified_at: string;
  categories: number[];
}

/** The category checkboxes are posted as `kategori-<id>` (a form keeps one value per name). */
export const CATEGORY_FIELD_PREFIX = 'kategori-';

/** The form's values from posted fields, untouched, for showing back. */
export function valuesOf(fields: Record<string, string>): PostFormValues {
  const get = (k: string) => fields[k] ?? '';
  return {
    title: get('title'),
    slug: get('slug'),
    excerpt: get('excerpt'),
    content: get('content'),
    tags: get('tags'),
    featured_media_id: get('featured_media_id'),
    published_at: get('published_at'),
    seo_title: get('seo_title'),
    seo_description: get('seo_description'),
    modified_at: get('modified_at'),
    categories: Object.keys(fields)
      .filter((k) => k.startsWith(CATEGORY_FIELD_PREFIX))
      .map((k) => recordId(k.slice(CATEGORY_FIELD_PREFIX.length)))
      .filter((n): n is number => n !== null),
  };
}

/** Tag names from the comma-separated list: trimmed, without blanks and repeats (case-insensitive). */
export function parseTags(list: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list.split(',')) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name.slice(0, 100));
  }
  return out;
}

/** What a save refused for its fields says above the form (server and browser alike). */
export const NOT_SAVED_MESSAGE = 'Tulisan belum disimpan: periksa isian yang ditandai.';

/**
 * Checks the form's values with the schema, in the browser before sending and on the server before
 * storing: the parsed form, or the first message per field.
 */
export function checkPostForm(values: PostFormValues): { form: PostForm } | { errors: Record<string, string> } {
  const parsed = postFormSchema.safeParse(values);
  return parsed.success ? { form: parsed.data } : { errors: fieldErrors(parsed.error.issues) };
}

/** What an autosave says of a form it did not store (the browser's check and the server's alike). */
export function autosaveRefusal(errors: Record<string, string>): string {
  return errors.title
    ? 'Draf disimpan otomatis setelah judul diisi.'
    : `Belum disimpan otomatis: ${Object.values(errors)[0] ?? 'periksa isian.'}`;
}

/**
 * The status a button gives a post. `save` keeps it (a new post is a draft, a published one stays
 * published, a scheduled one stays scheduled); `publish` publishes now, or schedules when the
 * publish time is after now; `unpublish` makes it a draft again.
 */
export function statusAfter(
  intent: 'save' | 'publish' | 'unpublish',
  current: EditorStatus | null,
  publishAt: string | null,
  now: Date,
): EditorStatus {
  if (intent === 'unpublish') return 'draft';
  if (intent === 'save') return current ?? 'draft';
  return publishAt && publishAt > now.toISOString() ? 'future' : 'publish';
}
