import { z } from 'zod';
import { formText } from '~/lib/form-text';
import { linkProblem } from '~/lib/link';
import { recordId } from '~/lib/record-id';
import { ITEM_LIMITS, LINK_TYPES } from './staff-model';

/**
 * The item form's schema (issue 14 "Menus"), read on the server from the posted fields. Kept out of
 * the screens' modules so that zod stays out of the browser bundle; the screens set the same limits on
 * their fields (staff-model.ts). The chosen page, post, category, template, parent and the icon name
 * are checked against what is stored afterwards (staff.server.ts).
 */
/** An optional id field: '' is none. */
const optionalId = (message: string) =>
  z
    .string()
    .default('')
    .pipe(z.union([z.literal(''), z.string().refine((v) => recordId(v) !== null, message)]))
    .transform((v) => (v === '' ? null : Number(v)));

export const itemFormSchema = z
  .object({
    judul: formText(ITEM_LIMITS.title, 'Judul').pipe(z.string().min(1, 'Isi judul item.')),
    jenis: z.enum(LINK_TYPES, { error: 'Pilih jenis tautan.' }),
    halaman: optionalId('Pilih halaman dari daftar.'),
    berita: optionalId('Pilih berita dari daftar.'),
    kategori: optionalId('Pilih kategori dari daftar.'),
    url: formText(ITEM_LIMITS.url, 'Alamat tautan'),
    tabBaru: z
      .string()
      .default('')
      .transform((v) => v === 'ya'),
    ikon: formText(ITEM_LIMITS.icon, 'Nama ikon').pipe(
      z.union([
        z.literal(''),
        z
          .string()
          .regex(
            /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
            'Nama ikon ditulis huruf kecil dengan tanda hubung, misalnya calendar-days.',
          ),
      ]),
    ),
    lencana: formText(ITEM_LIMITS.badge, 'Teks lencana'),
    keterangan: formText(ITEM_LIMITS.description, 'Keterangan'),
    mega: optionalId('Pilih templat dari daftar.'),
    induk: optionalId('Pilih induk dari daftar.'),
  })
  .superRefine((v, ctx) => {
    const missing = (field: 'halaman' | 'berita' | 'kategori', message: string) => {
      if (v[field] === null) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (v.jenis === 'halaman') missing('halaman', 'Pilih halaman yang dituju.');
    if (v.jenis === 'berita') missing('berita', 'Pilih berita yang dituju.');
    if (v.jenis === 'kategori') missing('kategori', 'Pilih kategori yang dituju.');
    if (v.jenis === 'tautan') {
      const problem = linkProblem(v.url);
      if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: problem });
    }
  });
export type ItemForm = z.output<typeof itemFormSchema>;
