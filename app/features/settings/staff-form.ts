import { z } from 'zod';
import { FILTER_URL_TYPES, isHttpsUrl, SOCIAL_NETWORKS, type SocialNetwork } from '~/content/options';
import { SETTINGS_LIMITS, SOCIAL_EXAMPLES, SOCIAL_LABELS } from './staff-model';

/**
 * The site settings form's schema (issue 14 "Site settings"), read on the server from the posted
 * fields. The screen sets the same limits on its fields (staff-model.ts).
 */
const text = (max: number, what: string) =>
  z
    .string()
    .default('')
    .transform((v) => v.trim())
    .pipe(z.string().max(max, `${what} paling panjang ${max} karakter.`));

const link = (network: SocialNetwork) =>
  text(SETTINGS_LIMITS.link, `Alamat ${SOCIAL_LABELS[network]}`).refine(
    (v) => v === '' || isHttpsUrl(v),
    `Tulis alamat lengkap yang diawali https://, misalnya ${SOCIAL_EXAMPLES[network]}, atau kosongkan.`,
  );

export const settingsFormSchema = z.object({
  nama: text(SETTINGS_LIMITS.nama, 'Nama sekolah').pipe(z.string().min(1, 'Isi nama sekolah.')),
  slogan: text(SETTINGS_LIMITS.slogan, 'Slogan'),
  deskripsi: text(SETTINGS_LIMITS.deskripsi, 'Deskripsi'),
  alamat: text(SETTINGS_LIMITS.alamat, 'Alamat'),
  telepon: text(SETTINGS_LIMITS.telepon, 'Nomor telepon').refine(
    (v) => /^[\d\s+().-]*$/.test(v),
    'Nomor telepon hanya boleh berisi angka, spasi, +, -, titik dan tanda kurung, misalnya (022) 555-0142.',
  ),
  surel: text(SETTINGS_LIMITS.surel, 'Alamat surel').refine(
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
});
export type SettingsForm = z.output<typeof settingsFormSchema>;

/** The first message per field of a failed parse, keyed by the field's name. */
export function settingsErrors(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
