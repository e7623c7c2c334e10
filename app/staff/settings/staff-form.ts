import { z } from 'zod';
import { headerSearchSettings } from '~/content/options';
import {
  FILTER_URL_TYPES,
  isHttpsUrl,
  RESULTS_POSITIONS,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '~/content/options-vocabulary';
import { formText } from '~/lib/form-text';
import { RESULTS_WIDTH, SETTINGS_LIMITS, SOCIAL_EXAMPLES, searchCategoryIds } from './staff-model';

/**
 * The site settings form's schema (issue 14 "Site settings"), read on the server from the posted
 * fields. The screen sets the same limits on its fields (staff-model.ts).
 */
const link = (network: SocialNetwork) =>
  formText(SETTINGS_LIMITS.link, `Alamat ${SOCIAL_LABELS[network]}`).refine(
    (v) => v === '' || isHttpsUrl(v),
    `Tulis alamat lengkap yang diawali https://, misalnya ${SOCIAL_EXAMPLES[network]}, atau kosongkan.`,
  );

const fieldsSchema = z.object({
  nama: formText(SETTINGS_LIMITS.nama, 'Nama sekolah').pipe(z.string().min(1, 'Isi nama sekolah.')),
  slogan: formText(SETTINGS_LIMITS.slogan, 'Slogan'),
  deskripsi: formText(SETTINGS_LIMITS.deskripsi, 'Deskripsi'),
  alamat: formText(SETTINGS_LIMITS.alamat, 'Alamat'),
  telepon: formText(SETTINGS_LIMITS.telepon, 'Nomor telepon').refine(
    (v) => /^[\d\s+().-]*$/.test(v),
    'Nomor telepon hanya boleh berisi angka, spasi, +, -, titik dan tanda kurung, misalnya (022) 555-0142.',
  ),
  surel: formText(SETTINGS_LIMITS.surel, 'Alamat surel').refine(
    (v) => v === '' || z.email().safeParse(v).success,
    'Tulis alamat surel yang lengkap, misalnya info@sekolah.sch.id, atau kosongkan.',
  ),
  logo: z
    .string()
    .default('')
    .refine((v) => v === '' || /^[1-9]\d{0,9}$/.test(v), 'Pilih salah satu gambar dari pustaka media.')
    .transform((v) => (v === '' ? null : Number(v))),
  ...(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, link(n)])) as Record<SocialNetwork, ReturnType<typeof link>>),
  url_filter: z.enum(FILTER_URL_TYPES, 'Pilih salah satu gaya alamat filter.'),
  /** A checkbox: present ('1') when on. */
  cache_halaman: z
    .string()
    .optional()
    .transform((v) => v !== undefined && v !== ''),
  /** The settings' version when the form was opened, to catch a second administrator's save. */
  versi: z.string().max(20).regex(/^\d*$/, 'Formulir ini rusak. Muat ulang halaman, lalu isi lagi.').default(''),
  /** The header search (site option `header_search`): a checkbox, present when on. */
  cari_enter: z
    .string()
    .optional()
    .transform((v) => v !== undefined && v !== ''),
  /** Gathered from the `cari_kategori-<id>` boxes (settingsFormSchema); which exist is checked on save. */
  cari_kategori: z
    .array(
      z
        .string()
        .regex(/^[1-9]\d{0,9}$/, 'Pilih kategori dari daftar.')
        .transform(Number),
    )
    .max(50, 'Pilih paling banyak 50 kategori.')
    .default([]),
  /** The results' width in px; empty: the field's own width (null). */
  cari_lebar: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const text = v.trim();
      if (text === '') return null;
      const width = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
      const problem = Number.isNaN(width)
        ? `Tulis lebar dalam piksel, ${RESULTS_WIDTH.min} sampai ${RESULTS_WIDTH.max}, atau kosongkan.`
        : width < RESULTS_WIDTH.min
          ? `Lebar hasil paling sedikit ${RESULTS_WIDTH.min} piksel, atau kosongkan.`
          : width > RESULTS_WIDTH.max
            ? `Lebar hasil paling banyak ${RESULTS_WIDTH.max} piksel, atau kosongkan.`
            : null;
      if (problem === null) return width;
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }),
  cari_posisi: z.enum(RESULTS_POSITIONS, 'Pilih salah satu posisi hasil pencarian.'),
});

/**
 * The posted fields as settings: the header search's ticked categories gathered from their boxes, and
 * the header search's part checked once more with the stored option's own schema (content/options.ts),
 * so the form can never store what the site would not read.
 */
export const settingsFormSchema = z
  .preprocess(
    (fields) =>
      fields && typeof fields === 'object'
        ? { ...fields, cari_kategori: searchCategoryIds(fields as Record<string, string>) }
        : fields,
    fieldsSchema,
  )
  .transform((form, ctx) => {
    const headerSearch = headerSearchSettings.safeParse({
      submitOnEnter: form.cari_enter,
      categories: form.cari_kategori,
      resultsWidth: form.cari_lebar,
      resultsPosition: form.cari_posisi,
    });
    if (!headerSearch.success) {
      ctx.addIssue({ code: 'custom', path: ['cari_posisi'], message: 'Pengaturan pencarian tidak valid.' });
      return z.NEVER;
    }
    return { ...form, headerSearch: headerSearch.data };
  });
export type SettingsForm = z.output<typeof settingsFormSchema>;
