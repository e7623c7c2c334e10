import { z } from 'zod';
import { recordId } from '~/lib/record-id';
import { ALBUM_LIMITS, altField, captionField, parseIdList, YEAR_RANGE } from './model';

/**
 * The album form's schema (issue 14 "Gallery"), read on the server from the posted fields. Kept out of
 * the screens' modules so that zod stays out of the browser bundle; the fields carry the same limits.
 */
const text = (max: number, tooLong: string) =>
  z
    .string()
    .default('')
    .transform((v) => v.trim())
    .pipe(z.string().max(max, tooLong));

export const albumFormSchema = z.object({
  judul: text(ALBUM_LIMITS.title, `Judul paling banyak ${ALBUM_LIMITS.title} karakter.`).pipe(
    z.string().min(1, 'Isi judul album.'),
  ),
  slug: z
    .string()
    .default('')
    .transform((v) => v.trim().toLowerCase())
    .pipe(
      z
        .string()
        .max(ALBUM_LIMITS.slug, `Slug paling banyak ${ALBUM_LIMITS.slug} karakter.`)
        .refine((s) => s === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s), {
          message: 'Slug hanya boleh berisi huruf kecil, angka, dan tanda hubung (misalnya: upacara-17-agustus).',
        }),
    ),
  ringkasan: text(ALBUM_LIMITS.excerpt, `Ringkasan paling banyak ${ALBUM_LIMITS.excerpt} karakter.`),
  tahun: z
    .string()
    .default('')
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .regex(/^\d{4}$/, `Isi tahun kegiatan dengan empat angka (${YEAR_RANGE.min}–${YEAR_RANGE.max}).`)
        .transform(Number)
        .pipe(
          z
            .number()
            .min(YEAR_RANGE.min, `Tahun paling awal ${YEAR_RANGE.min}.`)
            .max(YEAR_RANGE.max, `Tahun paling akhir ${YEAR_RANGE.max}.`),
        ),
    ),
  /** the album's `modified_at` when the form was opened ('' for a new album) */
  versi: z.string().max(40).default(''),
  /** the photos' order as the form shows it: media ids joined by commas */
  urutan: z.string().max(20_000).default('').transform(parseIdList),
  /** photos removed in the browser (JavaScript): media ids joined by commas */
  dihapus: z.string().max(20_000).default('').transform(parseIdList),
});
export type AlbumForm = z.output<typeof albumFormSchema>;

/** The alt texts posted (fields `alt-{id}`), trimmed, by photo id; too long ones are errors. */
export function postedAlts(fields: Record<string, string>): {
  alts: Map<number, string>;
  errors: Record<string, string>;
} {
  const alts = new Map<number, string>();
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    const id = recordId(/^alt-(\d+)$/.exec(key)?.[1]);
    if (id === null) continue;
    const alt = value.trim().replace(/\s+/g, ' ');
    if (alt.length > ALBUM_LIMITS.alt)
      errors[altField(id)] = `Teks alternatif paling banyak ${ALBUM_LIMITS.alt} karakter.`;
    else alts.set(id, alt);
  }
  return { alts, errors };
}

/** A photo's caption: its lines kept (a textarea sends them as CRLF), trimmed; empty is none. */
const captionSchema = z
  .string()
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().max(ALBUM_LIMITS.caption, `Keterangan paling banyak ${ALBUM_LIMITS.caption} karakter.`));

/** The captions posted (fields `keterangan-{id}`), by photo id; too long ones are errors. */
export function postedCaptions(fields: Record<string, string>): {
  captions: Map<number, string>;
  errors: Record<string, string>;
} {
  const captions = new Map<number, string>();
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    const id = recordId(/^keterangan-(\d+)$/.exec(key)?.[1]);
    if (id === null) continue;
    const parsed = captionSchema.safeParse(value);
    if (parsed.success) captions.set(id, parsed.data);
    else errors[captionField(id)] = parsed.error.issues[0]?.message ?? 'Keterangan tidak terbaca.';
  }
  return { captions, errors };
}

/** The ticked categories (checkboxes `kategori-{id}`). */
export function postedCategories(fields: Record<string, string>): number[] {
  return Object.keys(fields).flatMap((key) => {
    const id = recordId(/^kategori-(\d+)$/.exec(key)?.[1]);
    return id === null ? [] : [id];
  });
}
