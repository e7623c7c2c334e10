import { z } from 'zod';
import { type FilterRecord, filterRecord } from './settings';
import {
  FILTER_FORM_FIELDS,
  FILTER_LIMITS,
  type FilterFormField,
  type FilterFormValues,
  fieldApplies,
  type LineProblem,
  OPTION_TYPES,
  parseLetters,
  parseLevels,
  parseManualOptions,
  parseSortOptions,
  QUERY_VAR,
  resolveQuery,
} from './staff-model';
import { APPLY_TYPES, COUNTER_MODES, FILTER_TYPES, INDEXER_RULES, PERIOD_TYPES, QUERY_TYPES } from './vocabulary';

/**
 * The filter form's schema (issue 14 "Filters"), read on the server from the posted fields: the text
 * of the form becomes a filter record, which is then checked by the record's own schema (`filterRecord`,
 * the one the seed and the readers use). Fields that do not belong to the chosen type are ignored.
 * Kept out of the screens' modules so that zod stays out of the browser bundle. What needs the
 * database (the taxonomy, meta key, parent term and pictures exist) is checked afterwards.
 */

const text = (max: number, what: string) =>
  z
    .string()
    .default('')
    .transform((v) => v.trim())
    .pipe(z.string().max(max, `${what} paling panjang ${max} karakter.`));

/** Untrimmed text (a prefix `Rp `, a space as separator), long lists included. */
const raw = (max: number) => z.string().max(max, `Paling panjang ${max} karakter.`).default('');

const oneOf = <T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.string().default('').pipe(z.enum(values, { error }));

const formFields = z.object({
  nama: text(FILTER_LIMITS.text, 'Nama').pipe(z.string().min(1, 'Isi nama filter (untuk daftar staf).')),
  jenis: oneOf(FILTER_TYPES, 'Pilih jenis filter.'),
  label: text(FILTER_LIMITS.text, 'Label').pipe(z.string().min(1, 'Isi label filter yang dilihat pengunjung.')),
  label_aktif: text(FILTER_LIMITS.text, 'Label filter aktif'),
  jenis_kueri: oneOf(QUERY_TYPES, 'Pilih jenis kueri.'),
  var_kueri: text(FILTER_LIMITS.queryVar, 'Nama kueri'),
  kotak_kustom: raw(10),
  penerapan: oneOf(APPLY_TYPES, 'Pilih cara filter diterapkan.'),
  sumber: raw(20),
  induk: text(FILTER_LIMITS.text, 'Istilah induk'),
  kunci_meta: text(FILTER_LIMITS.queryVar, 'Kunci meta'),
  opsi: raw(40_000),
  indeks: raw(10),
  aturan: raw(20),
  mode_hitung: raw(20),
  tampil_hitungan: raw(10),
  placeholder: text(FILTER_LIMITS.text, 'Teks saat kosong'),
  operator: raw(10),
  batas_opsi: text(10, 'Batas opsi'),
  dropdown: raw(10),
  tingkat: raw(4_000),
  min: text(30, 'Nilai terkecil'),
  max: text(30, 'Nilai terbesar'),
  langkah: text(30, 'Langkah'),
  awalan: raw(20),
  akhiran: raw(20),
  pemisah_ribuan: raw(3),
  pemisah_desimal: raw(3),
  desimal: text(10, 'Desimal'),
  format_tanggal: text(40, 'Format tanggal'),
  periode: raw(20),
  min_huruf: text(10, 'Huruf minimal'),
  urutan: raw(8_000),
  huruf: raw(400),
  pilih_banyak: raw(10),
  bintang: text(10, 'Jumlah bintang'),
  swatch: raw(20),
  /** The record's version when the form was opened (an edit), to catch a second editor's save. */
  versi: z
    .string()
    .default('')
    .pipe(z.string().regex(/^(\d{1,9})?$/, 'Muat ulang formulir ini.')),
});

/** A filter record as the form makes it (the id is the server's). */
export type FilterDraft = Omit<FilterRecord, 'id'>;

const on = (v: string) => v === 'ya' || v === 'on' || v === 'true';

/** `12`, `0`, `-5`, `2.5` (a comma as decimal point too); '' is undefined; anything else a problem. */
function number(v: string): number | undefined | null {
  if (v === '') return undefined;
  const n = Number(v.replace(',', '.'));
  return /^-?\d+([.,]\d+)?$/.test(v) && Number.isFinite(n) ? n : null;
}

/** The record a valid form makes, with issues added for what it cannot make. */
function toDraft(v: z.output<typeof formFields>, ctx: z.RefinementCtx): FilterDraft {
  const problem = (field: FilterFormField, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  const applies = (field: FilterFormField) => fieldApplies(v.jenis, v.jenis_kueri, field);
  const query = resolveQuery(v.jenis, v.jenis_kueri, v.var_kueri, applies('kotak_kustom') && on(v.kotak_kustom));
  if (!query) problem('jenis_kueri', 'Jenis filter ini tidak dapat memakai jenis kueri itu. Pilih yang lain.');
  else if (applies('var_kueri') && !QUERY_VAR.test(v.var_kueri)) {
    problem(
      'var_kueri',
      v.var_kueri === ''
        ? 'Isi nama kueri: nama taksonomi atau kunci meta.'
        : 'Nama kueri hanya huruf kecil, angka, tanda - dan _ (tanpa spasi).',
    );
  }

  // Options: a taxonomy filter offers its taxonomy's terms; a meta filter the stored values or a list.
  let source: FilterRecord['source'] = { kind: 'none' };
  if (OPTION_TYPES.includes(v.jenis) && query) {
    if (v.jenis_kueri === 'tax_query') {
      if (v.induk && !QUERY_VAR.test(v.induk))
        problem('induk', 'Istilah induk ditulis sebagai slug, misalnya olahraga.');
      source = { kind: 'taxonomy', taxonomy: query.queryVar, ...(v.induk ? { parent: v.induk } : {}) };
    } else if (v.sumber === 'manual') {
      const options = parseManualOptions(v.opsi);
      if ('line' in options) problem('opsi', options.message);
      else if (options.length === 0) problem('opsi', 'Tulis paling sedikit satu opsi: nilai | label.');
      else source = { kind: 'manual', options };
    } else if (v.sumber === 'meta-values') {
      const key = v.kunci_meta || query.queryVar;
      if (!QUERY_VAR.test(key)) problem('kunci_meta', 'Kunci meta hanya huruf kecil, angka, tanda - dan _.');
      source = { kind: 'meta-values', key };
    } else problem('sumber', 'Pilih asal opsi: nilai meta yang tersimpan, atau daftar sendiri.');
  }

  const counted = applies('indeks');
  const indexer = {
    enabled: counted && on(v.indeks),
    rule: (INDEXER_RULES as readonly string[]).includes(v.aturan)
      ? (v.aturan as FilterRecord['indexer']['rule'])
      : 'show',
    counterMode: (COUNTER_MODES as readonly string[]).includes(v.mode_hitung)
      ? (v.mode_hitung as FilterRecord['indexer']['counterMode'])
      : 'default',
    showCounter: counted && on(v.tampil_hitungan),
  };
  if (counted && v.aturan && indexer.rule !== v.aturan) problem('aturan', 'Pilih aturan opsi berjumlah 0.');
  if (counted && v.mode_hitung && indexer.counterMode !== v.mode_hitung)
    problem('mode_hitung', 'Pilih kapan dihitung.');

  // Type-specific settings: only the type's own fields are read.
  const settings: FilterRecord['settings'] = {};
  const num = (field: FilterFormField, value: string, ok: (n: number) => boolean, message: string) => {
    if (!applies(field)) return undefined;
    const n = number(value);
    if (n === null || (n !== undefined && !ok(n))) {
      problem(field, message);
      return undefined;
    }
    return n;
  };
  const lines = <T>(field: FilterFormField, parsed: T | LineProblem): T | undefined => {
    if (typeof parsed === 'object' && parsed !== null && 'line' in parsed && 'message' in parsed) {
      problem(field, (parsed as LineProblem).message);
      return undefined;
    }
    return parsed as T;
  };
  if (applies('placeholder') && v.placeholder) settings.placeholder = v.placeholder;
  if (applies('operator') && (v.operator === 'AND' || v.operator === 'OR')) settings.operator = v.operator;
  const moreLess = num(
    'batas_opsi',
    v.batas_opsi,
    (n) => Number.isInteger(n) && n >= 0 && n <= 100,
    'Isi bilangan bulat 0–100 (0: semua opsi tampil).',
  );
  if (moreLess !== undefined) settings.moreLess = moreLess;
  if (applies('dropdown') && on(v.dropdown)) settings.dropdown = true;
  if (applies('tingkat')) {
    const levels = lines('tingkat', parseLevels(v.tingkat));
    if (levels && levels.length === 0)
      problem('tingkat', 'Tulis paling sedikit satu tingkat: label | teks saat kosong.');
    else if (levels) settings.levels = levels;
  }
  if (applies('min')) {
    const min = num('min', v.min, () => true, 'Isi angka, misalnya 0.');
    const max = num('max', v.max, () => true, 'Isi angka, misalnya 200000.');
    const step = num('langkah', v.langkah, (n) => n > 0, 'Isi angka lebih dari 0, misalnya 5000.');
    if (v.min === '') problem('min', 'Isi nilai terkecil rentang.');
    if (v.max === '') problem('max', 'Isi nilai terbesar rentang.');
    if (v.langkah === '') problem('langkah', 'Isi langkah rentang.');
    if (min !== undefined && max !== undefined && min >= max)
      problem('max', 'Nilai terbesar harus di atas nilai terkecil.');
    Object.assign(settings, { min, max, step });
    if (v.awalan) settings.prefix = v.awalan;
    if (v.akhiran) settings.suffix = v.akhiran;
    if (v.pemisah_ribuan) settings.thousandsSeparator = v.pemisah_ribuan;
    if (v.pemisah_desimal) settings.decimalSeparator = v.pemisah_desimal;
    const decimals = num(
      'desimal',
      v.desimal,
      (n) => Number.isInteger(n) && n >= 0 && n <= 6,
      'Isi bilangan bulat 0–6.',
    );
    if (decimals !== undefined) settings.decimals = decimals;
  }
  if (applies('format_tanggal') && v.format_tanggal) settings.dateFormat = v.format_tanggal;
  if (applies('periode')) {
    if ((PERIOD_TYPES as readonly string[]).includes(v.periode)) settings.periodType = v.periode as never;
    else problem('periode', 'Pilih jenis periode.');
  }
  const minLetters = num(
    'min_huruf',
    v.min_huruf,
    (n) => Number.isInteger(n) && n >= 0 && n <= 20,
    'Isi bilangan bulat 0–20.',
  );
  if (minLetters !== undefined) settings.minLetters = minLetters;
  if (applies('urutan')) {
    const sortOptions = lines('urutan', parseSortOptions(v.urutan));
    if (sortOptions && sortOptions.length === 0) problem('urutan', 'Tulis paling sedikit satu pilihan urutan.');
    else if (sortOptions) settings.sortOptions = sortOptions;
  }
  if (applies('huruf')) {
    const letters = lines('huruf', parseLetters(v.huruf));
    if (letters && letters.length > 0) settings.letters = letters;
    settings.multiple = on(v.pilih_banyak);
  }
  const stars = num('bintang', v.bintang, (n) => Number.isInteger(n) && n >= 1 && n <= 10, 'Isi bilangan bulat 1–10.');
  if (stars !== undefined) settings.stars = stars;
  if (applies('swatch')) {
    if (v.swatch === 'color' || v.swatch === 'image') settings.swatch = v.swatch;
    else problem('swatch', 'Pilih apakah opsi tampil sebagai warna atau gambar.');
    if (source.kind === 'manual' && settings.swatch) {
      const what = settings.swatch === 'color' ? 'warna (#rrggbb)' : 'nomor gambar';
      const j = source.options.findIndex((o) => (settings.swatch === 'color' ? !o.color : o.imageId === undefined));
      if (j >= 0)
        problem(
          'opsi',
          `Baris ${j + 1}: setiap opsi contoh ${settings.swatch === 'color' ? 'warna' : 'gambar'} menyebut ${what}.`,
        );
    }
  }

  return {
    name: v.nama,
    type: v.jenis,
    label: v.label,
    activeLabel: v.label_aktif || v.label,
    queryType: query?.queryType ?? v.jenis_kueri,
    queryVar: query?.queryVar ?? '',
    queryVarSuffix: query?.queryVarSuffix ?? '',
    applyType: v.penerapan,
    source,
    indexer,
    settings,
  };
}

/** Where a record's field is on the form (the record's schema is checked last, as a safety net). */
const RECORD_FIELDS: Record<string, FilterFormField> = {
  name: 'nama',
  label: 'label',
  activeLabel: 'label_aktif',
  queryVar: 'var_kueri',
  source: 'opsi',
  placeholder: 'placeholder',
  levels: 'tingkat',
  sortOptions: 'urutan',
  letters: 'huruf',
  dateFormat: 'format_tanggal',
  prefix: 'awalan',
  suffix: 'akhiran',
};

export const filterFormSchema = formFields
  .transform((v, ctx) => ({ draft: toDraft(v, ctx), version: v.versi === '' ? null : Number(v.versi) }))
  .pipe(z.object({ draft: filterRecord.omit({ id: true }), version: z.number().int().nullable() }));
export type FilterForm = z.output<typeof filterFormSchema>;

/** The posted fields as the form shows them back after an error (nothing typed is lost). */
export function typedValues(fields: Record<string, string>): FilterFormValues {
  return Object.fromEntries(FILTER_FORM_FIELDS.map((f) => [f, fields[f] ?? ''])) as unknown as FilterFormValues;
}

/** The first message per form field of a failed parse; a record path is mapped to its field. */
export function filterFormErrors(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>) {
  const errors: Record<string, string> = {};
  const fields = new Set<string>(FILTER_FORM_FIELDS);
  for (const issue of issues) {
    const [first, ...rest] = issue.path.map(String);
    let key = first ?? 'form';
    if (key === 'draft') key = RECORD_FIELDS[rest.at(-1) ?? ''] ?? RECORD_FIELDS[rest[0] ?? ''] ?? 'form';
    if (!fields.has(key) && key !== 'versi') key = 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
