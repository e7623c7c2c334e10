import { z } from 'zod';
import {
  checkForm,
  type FieldMeta,
  type FormMeta,
  mapFields,
  postedValues,
  schemaFields,
  settingValues,
} from '~/ui/settings-form/from-schema';
import type { SettingField, SettingValues } from '~/ui/settings-form/model';
import { type FilterRecord, filterRecord } from './settings';
import {
  APPLY_TYPE_LABELS,
  COUNTER_MODE_LABELS,
  FILTER_FIELD_CONDITIONS,
  FILTER_LIMITS,
  FILTER_TYPE_LABELS,
  type FilterFormField,
  fieldApplies,
  formatLevels,
  formatManualOptions,
  formatSortOptions,
  INDEXER_RULE_LABELS,
  type LineProblem,
  META_SOURCES,
  OPTION_TYPES,
  PERIOD_TYPE_LABELS,
  parseLetters,
  parseLevels,
  parseManualOptions,
  parseSortOptions,
  QUERY_TYPE_CONDITIONS,
  QUERY_TYPE_LABELS,
  QUERY_VAR,
  resolveQuery,
  TYPED_FIELDS,
  takesQueryVar,
} from './staff-model';
import { APPLY_TYPES, COUNTER_MODES, FILTER_TYPES, INDEXER_RULES, PERIOD_TYPES, QUERY_TYPES } from './vocabulary';

/**
 * The filter form (issue 14 "Filters"), generated from its schema (issue 23 "Forms from schemas"):
 * `formFields` declares each field the form posts, its label, hint and words in Bahasa Indonesia, where
 * it applies (`FILTER_FIELD_CONDITIONS`) and the fieldsets; the staff forms' generator
 * (app/ui/settings-form) draws it and reads it back. The fields then make a filter record, checked by
 * the record's own schema (`filterRecord`, the one the seed and the readers use). Fields that do not
 * belong to the chosen type are not read. Server-only: zod stays out of the browser bundle. What needs
 * the database (the taxonomy, meta key, parent term and pictures exist) is checked afterwards.
 */

const text = (max: number, what: string) => z.string().trim().max(max, `${what} paling panjang ${max} karakter.`);

/** Untrimmed text (a prefix `Rp `, a space as separator), long lists included. */
const raw = (max: number) => z.string().max(max, `Paling panjang ${max} karakter.`).optional();

/** A whole number in bounds; one message for anything else. */
const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message).optional();

/** A choice the form always holds a value of (no empty choice). */
const chosen = <T extends readonly [string, ...string[]]>(
  values: T,
  error: string,
  optionLabels: Record<string, string>,
) => z.enum(values, { error }).meta({ optionLabels, empty: null } satisfies FieldMeta);

/** A list field's textarea: a line format, typed as it is, this many lines high. */
const lines = (max: number, rows: number) => raw(max).meta({ rows, verbatim: true } satisfies FieldMeta);

/** Each form field as the form reads it; labels, hints and conditions are added below (`WORDS`). */
const fields = {
  nama: text(FILTER_LIMITS.text, 'Nama').min(1, 'Isi nama filter (untuk daftar staf).'),
  jenis: chosen(FILTER_TYPES, 'Pilih jenis filter.', FILTER_TYPE_LABELS),
  label: text(FILTER_LIMITS.text, 'Label').min(1, 'Isi label filter yang dilihat pengunjung.'),
  label_aktif: text(FILTER_LIMITS.text, 'Label filter aktif').optional(),
  penerapan: chosen(APPLY_TYPES, 'Pilih cara filter diterapkan.', APPLY_TYPE_LABELS),
  jenis_kueri: chosen(QUERY_TYPES, 'Pilih jenis kueri.', QUERY_TYPE_LABELS).meta({
    optionWhen: QUERY_TYPE_CONDITIONS,
  }),
  var_kueri: text(FILTER_LIMITS.queryVar, 'Nama kueri').optional().meta({ verbatim: true }),
  kotak_kustom: z.boolean().optional(),
  induk: text(FILTER_LIMITS.text, 'Istilah induk').optional().meta({ verbatim: true }),
  sumber: z
    .enum(META_SOURCES, { error: 'Pilih asal opsi: nilai meta yang tersimpan, atau daftar sendiri.' })
    .optional()
    .meta({ optionLabels: { 'meta-values': 'Nilai meta yang tersimpan', manual: 'Daftar opsi sendiri' }, empty: null }),
  kunci_meta: text(FILTER_LIMITS.queryVar, 'Kunci meta').optional().meta({ verbatim: true }),
  opsi: lines(40_000, 8),
  indeks: z.boolean().optional(),
  tampil_hitungan: z.boolean().optional(),
  aturan: z
    .enum(INDEXER_RULES, { error: 'Pilih aturan opsi berjumlah 0.' })
    .default('show')
    .meta({ optionLabels: INDEXER_RULE_LABELS }),
  mode_hitung: z
    .enum(COUNTER_MODES, { error: 'Pilih kapan dihitung.' })
    .default('default')
    .meta({ optionLabels: COUNTER_MODE_LABELS }),
  placeholder: text(FILTER_LIMITS.text, 'Teks saat kosong').optional(),
  // Anything but the two is the default (OR), as the record leaves it out.
  operator: z
    .enum(['OR', 'AND'])
    .optional()
    .catch(undefined)
    .meta({ optionLabels: { OR: 'ATAU: salah satu', AND: 'DAN: semuanya' }, empty: 'Bawaan (ATAU)' }),
  batas_opsi: whole(0, 100, 'Isi bilangan bulat 0–100 (0: semua opsi tampil).'),
  dropdown: z.boolean().optional(),
  tingkat: lines(4_000, 3),
  min: z.number({ error: 'Isi angka, misalnya 0.' }).optional(),
  max: z.number({ error: 'Isi angka, misalnya 200000.' }).optional(),
  langkah: z
    .number({ error: 'Isi angka lebih dari 0, misalnya 5000.' })
    .positive('Isi angka lebih dari 0, misalnya 5000.')
    .optional(),
  awalan: raw(20),
  akhiran: raw(20),
  pemisah_ribuan: raw(3),
  pemisah_desimal: raw(3),
  desimal: whole(0, 6, 'Isi bilangan bulat 0–6.'),
  periode: z
    .enum(PERIOD_TYPES, { error: 'Pilih jenis periode.' })
    .optional()
    .meta({ optionLabels: PERIOD_TYPE_LABELS, empty: 'Pilih jenis periode' }),
  format_tanggal: text(40, 'Format tanggal').optional(),
  min_huruf: whole(0, 20, 'Isi bilangan bulat 0–20.'),
  urutan: lines(8_000, 4),
  huruf: raw(400),
  pilih_banyak: z.boolean().optional(),
  bintang: whole(1, 10, 'Isi bilangan bulat 1–10.'),
  swatch: z
    .enum(['color', 'image'], { error: 'Pilih apakah opsi tampil sebagai warna atau gambar.' })
    .optional()
    .meta({ optionLabels: { color: 'Warna', image: 'Gambar' }, empty: 'Pilih tampilan' }),
} satisfies Record<FilterFormField, z.ZodType>;

/** Each field's label, and its hint (`code` between backticks). */
const WORDS: Record<FilterFormField, readonly [string, string?]> = {
  nama: ['Nama filter', 'Hanya untuk staf, misalnya “Galeri: kategori kegiatan”.'],
  jenis: ['Jenis filter'],
  label: ['Label', 'Judul filter yang dilihat pengunjung.'],
  label_aktif: ['Label di daftar filter aktif', 'Boleh kosong: sama dengan label.'],
  penerapan: ['Cara menerapkan', 'Dengan tombol Terapkan, filter berlaku saat tombol Terapkan di halaman ditekan.'],
  jenis_kueri: ['Jenis kueri', 'Apa yang disaring. Setiap jenis filter hanya memakai jenis kueri tertentu.'],
  // Its hint names the stored taxonomies and meta keys (`filterFormFields`).
  var_kueri: ['Nama kueri'],
  kotak_kustom: ['Meta berisi daftar centang (is_custom_checkbox)'],
  induk: ['Istilah induk', 'Taksonomi: boleh kosong untuk semua istilah; isi slug istilah untuk anak-anaknya saja.'],
  sumber: ['Asal opsi', 'Meta: opsi diambil dari nilai yang tersimpan, atau dari daftar yang ditulis di bawah.'],
  kunci_meta: ['Kunci meta opsi', 'Boleh kosong: sama dengan nama kueri.'],
  opsi: [
    'Daftar opsi',
    'Satu opsi per baris: `nilai | label`, lalu boleh `| #rrggbb` (warna) dan/atau `| nomor gambar`.',
  ],
  indeks: ['Hitung jumlah isi setiap opsi'],
  tampil_hitungan: ['Tampilkan jumlah di samping opsi'],
  aturan: ['Opsi berjumlah 0'],
  mode_hitung: ['Kapan jumlah dihitung ulang'],
  placeholder: ['Teks saat kosong', 'Daftar pilihan, pencarian, urutan dan tanggal.'],
  operator: [
    'Beberapa pilihan digabung dengan',
    'Kotak centang: isi yang ditampilkan punya salah satu atau semua pilihan pengunjung.',
  ],
  batas_opsi: ['Tampilkan sekian opsi dulu', 'Kotak centang: 0 atau kosong untuk semua opsi.'],
  dropdown: ['Tampilkan opsi dalam daftar lipat'],
  tingkat: ['Tingkat pilihan', 'Pilihan bertingkat, tingkat teratas dulu, satu per baris: `label | teks saat kosong`.'],
  min: ['Nilai terkecil', 'Rentang angka.'],
  max: ['Nilai terbesar', 'Rentang angka.'],
  langkah: ['Langkah', 'Rentang angka.'],
  awalan: ['Awalan', 'Rentang angka, misalnya “Rp ” (spasi ikut).'],
  akhiran: ['Akhiran'],
  pemisah_ribuan: ['Pemisah ribuan', 'Misalnya titik.'],
  pemisah_desimal: ['Pemisah desimal'],
  desimal: ['Angka di belakang koma', '0 sampai 6.'],
  periode: ['Jenis periode', 'Periode tanggal.'],
  format_tanggal: ['Format tanggal', 'Tanggal: huruf format pemilih tanggal, misalnya dd/mm/yy (bawaan mm/dd/yy).'],
  min_huruf: ['Huruf minimal', 'Pencarian: teks yang lebih pendek dianggap kosong.'],
  urutan: [
    'Pilihan urutan',
    'Urutan, satu per baris: `label | date, title, meta_value_num atau meta_value | ASC atau DESC`, lalu `| kunci meta` untuk urutan menurut meta.',
  ],
  huruf: ['Huruf', 'Abjad: huruf dipisah spasi, misalnya A B C.'],
  pilih_banyak: ['Boleh memilih beberapa huruf'],
  bintang: ['Jumlah bintang', 'Penilaian: 1 sampai 10.'],
  swatch: ['Opsi tampil sebagai', 'Contoh warna atau gambar: setiap opsi menyebut warnanya atau nomor gambarnya.'],
};

/** The fields with their words and where each applies (`FILTER_FIELD_CONDITIONS`). */
function described<T extends Record<FilterFormField, z.ZodType>>(schemas: T): T {
  const entries = Object.entries(schemas).map(([key, schema]) => {
    const [title, description] = WORDS[key as FilterFormField];
    const when = FILTER_FIELD_CONDITIONS[key as FilterFormField];
    const meta: FieldMeta = {
      ...schema.meta(),
      title,
      ...(description ? { description } : {}),
      ...(when ? { when } : {}),
    };
    return [key, schema.meta(meta)];
  });
  return Object.fromEntries(entries) as T;
}

/** The form's fieldsets (each field keeps its name: the fieldsets are layout). */
const groups: FormMeta['groups'] = [
  { title: 'Filter', fields: ['nama', 'jenis', 'label', 'label_aktif', 'penerapan'] },
  { title: 'Kueri', fields: ['jenis_kueri', 'var_kueri', 'kotak_kustom'] },
  { title: 'Opsi', fields: ['induk', 'sumber', 'kunci_meta', 'opsi'] },
  { title: 'Jumlah per opsi', fields: ['indeks', 'tampil_hitungan', 'aturan', 'mode_hitung'] },
  {
    title: 'Pengaturan menurut jenis',
    // The type-specific settings, in the form's order.
    fields: Object.keys(fields).filter((f) => TYPED_FIELDS.includes(f as FilterFormField)),
    // Once the type is chosen live, the fieldset is that type's: "Pengaturan rentang angka".
    legendBy: {
      field: 'jenis',
      legends: Object.fromEntries(FILTER_TYPES.map((t) => [t, `Pengaturan ${FILTER_TYPE_LABELS[t].toLowerCase()}`])),
    },
    hintWithoutScript: 'Isi hanya pengaturan jenis filter yang dipilih; yang lain diabaikan.',
  },
];

const formFields = z.object(described(fields)).meta({ groups } satisfies FormMeta);
type FormFields = z.output<typeof formFields>;

/** A filter record as the form makes it (the id is the server's). */
export type FilterDraft = Omit<FilterRecord, 'id'>;

/** Adds an issue to a form field. */
type Problem = (field: FilterFormField, message: string) => void;

/**
 * The record a form makes, with a problem for each rule across fields (or for a type's own field left
 * empty) that it breaks. Fields that do not apply were not read: they are undefined here.
 */
function toDraft(v: FormFields, problem: Problem): FilterDraft {
  const applies = (field: FilterFormField) => fieldApplies(v.jenis, v.jenis_kueri, field, v.sumber);
  const query = resolveQuery(v.jenis, v.jenis_kueri, v.var_kueri ?? '', v.kotak_kustom === true);
  if (!query) problem('jenis_kueri', 'Jenis filter ini tidak dapat memakai jenis kueri itu. Pilih yang lain.');
  else if (applies('var_kueri') && !QUERY_VAR.test(v.var_kueri ?? '')) {
    problem(
      'var_kueri',
      (v.var_kueri ?? '') === ''
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
      const options = parseManualOptions(v.opsi ?? '');
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
    enabled: counted && v.indeks === true,
    rule: v.aturan,
    counterMode: v.mode_hitung,
    showCounter: counted && v.tampil_hitungan === true,
  };

  // Type-specific settings: only the type's own fields were read.
  const settings: FilterRecord['settings'] = {};
  const list = <T>(field: FilterFormField, parsed: T | LineProblem): T | undefined => {
    if (typeof parsed === 'object' && parsed !== null && 'line' in parsed && 'message' in parsed) {
      problem(field, (parsed as LineProblem).message);
      return undefined;
    }
    return parsed as T;
  };
  if (v.placeholder) settings.placeholder = v.placeholder;
  if (v.operator) settings.operator = v.operator;
  if (v.batas_opsi !== undefined) settings.moreLess = v.batas_opsi;
  if (v.dropdown) settings.dropdown = true;
  if (applies('tingkat')) {
    const levels = list('tingkat', parseLevels(v.tingkat ?? ''));
    if (levels && levels.length === 0)
      problem('tingkat', 'Tulis paling sedikit satu tingkat: label | teks saat kosong.');
    else if (levels) settings.levels = levels;
  }
  if (applies('min')) {
    if (v.min === undefined) problem('min', 'Isi nilai terkecil rentang.');
    if (v.max === undefined) problem('max', 'Isi nilai terbesar rentang.');
    if (v.langkah === undefined) problem('langkah', 'Isi langkah rentang.');
    if (v.min !== undefined && v.max !== undefined && v.min >= v.max)
      problem('max', 'Nilai terbesar harus di atas nilai terkecil.');
    Object.assign(settings, { min: v.min, max: v.max, step: v.langkah });
    if (v.awalan) settings.prefix = v.awalan;
    if (v.akhiran) settings.suffix = v.akhiran;
    if (v.pemisah_ribuan) settings.thousandsSeparator = v.pemisah_ribuan;
    if (v.pemisah_desimal) settings.decimalSeparator = v.pemisah_desimal;
    if (v.desimal !== undefined) settings.decimals = v.desimal;
  }
  if (v.format_tanggal) settings.dateFormat = v.format_tanggal;
  if (applies('periode')) {
    if (v.periode) settings.periodType = v.periode;
    else problem('periode', 'Pilih jenis periode.');
  }
  if (v.min_huruf !== undefined) settings.minLetters = v.min_huruf;
  if (applies('urutan')) {
    const sortOptions = list('urutan', parseSortOptions(v.urutan ?? ''));
    if (sortOptions && sortOptions.length === 0) problem('urutan', 'Tulis paling sedikit satu pilihan urutan.');
    else if (sortOptions) settings.sortOptions = sortOptions;
  }
  if (applies('huruf')) {
    const letters = list('huruf', parseLetters(v.huruf ?? ''));
    if (letters && letters.length > 0) settings.letters = letters;
    settings.multiple = v.pilih_banyak === true;
  }
  if (v.bintang !== undefined) settings.stars = v.bintang;
  if (applies('swatch')) {
    if (v.swatch) settings.swatch = v.swatch;
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

const draftSchema = filterRecord.omit({ id: true });

/**
 * The form's schema: its fields, their rules across fields (checked even when a field's own bound is
 * not met, so that one answer names every problem), then the record they make, checked last by the
 * record's own schema as a safety net (its issues named on the form field that holds them).
 */
const filterFormSchema = formFields
  .superRefine((v, ctx) => {
    toDraft(v, (field, message) => ctx.addIssue({ code: 'custom', path: [field], message }));
  })
  .transform((v, ctx) => {
    const draft = toDraft(v, () => {});
    for (const issue of draftSchema.safeParse(draft).error?.issues ?? []) {
      const path = issue.path.map(String);
      const field = RECORD_FIELDS[path.at(-1) ?? ''] ?? RECORD_FIELDS[path[0] ?? ''];
      ctx.addIssue({ code: 'custom', path: field ? [field] : [], message: issue.message });
    }
    return draft;
  });

/** The version the form carries: the record's when the form was opened (an edit), to catch a second editor's save. */
const versionField = z.string().regex(/^(\d{1,9})?$/, 'Muat ulang formulir ini.');

/** The generated form's fields (labels, hints, conditions, fieldsets), without what the database knows. */
const FIELDS = schemaFields(formFields, { hints: 'described' });

/**
 * The form's fields for this site: the query name suggests the stored taxonomies and meta keys (by the
 * query type), and its hint names them; the meta key suggests the meta keys.
 */
export function filterFormFields(vocabulary: { taxonomies: string[]; metaKeys: string[] }): SettingField[] {
  const { taxonomies, metaKeys } = vocabulary;
  const onMeta = { field: 'jenis_kueri', in: ['meta_query'] } as const;
  return mapFields(FIELDS, (field) => {
    if (field.kind !== 'text') return field;
    if (field.name === 'var_kueri') {
      return {
        ...field,
        hint: `Nama taksonomi (${taxonomies.join(', ') || '—'}) atau kunci meta (${metaKeys.join(', ') || '—'}).`,
        suggestions: [
          ...taxonomies.map((value) => ({ value, label: value, when: { not: onMeta } })),
          ...metaKeys.map((value) => ({ value, label: value, when: onMeta })),
        ],
      };
    }
    if (field.name === 'kunci_meta')
      return { ...field, suggestions: metaKeys.map((value) => ({ value, label: value })) };
    return field;
  });
}

/** A valid form: the record it makes and the version it was opened at (null: a new filter). */
export interface FilterForm {
  draft: FilterDraft;
  version: number | null;
}

/**
 * Reads a posted filter form: the record it makes, or a message per form field (and `form`) for what
 * is wrong. The messages are the schema's own, written for staff.
 */
export function readFilterForm(
  posted: Record<string, string>,
): { ok: true; form: FilterForm } | { ok: false; errors: Record<string, string> } {
  const checked = checkForm(filterFormSchema, FIELDS, posted);
  const version = versionField.safeParse(posted.versi ?? '');
  const errors = {
    ...(checked.ok ? {} : checked.errors),
    ...(version.success ? {} : { versi: version.error.issues[0]?.message ?? '' }),
  };
  if (!checked.ok || !version.success) return { ok: false, errors };
  return { ok: true, form: { draft: checked.data, version: version.data === '' ? null : Number(version.data) } };
}

/** The posted fields as the form shows them back after an error (nothing typed is lost). */
export const typedValues = (posted: Record<string, string>): SettingValues => postedValues(FIELDS, posted);

/** A new filter's form: a checkboxes filter on a taxonomy, counted. */
export const NEW_FILTER_VALUES: SettingValues = settingValues(FIELDS, {
  jenis: 'checkboxes',
  jenis_kueri: 'tax_query',
  penerapan: 'ajax',
  sumber: 'meta-values',
  indeks: true,
  aturan: 'show',
  mode_hitung: 'default',
  tampil_hitungan: true,
} satisfies Partial<FormFields>);

/** A stored record as its form shows it. */
export function valuesOfRecord(r: FilterRecord): SettingValues {
  const s = r.settings;
  const form: { [K in FilterFormField]: unknown } = {
    nama: r.name,
    jenis: r.type,
    label: r.label,
    label_aktif: r.activeLabel === r.label ? '' : r.activeLabel,
    jenis_kueri: r.queryType,
    var_kueri: takesQueryVar(r.type, r.queryType) ? r.queryVar : '',
    kotak_kustom: r.queryVarSuffix === 'is_custom_checkbox',
    penerapan: r.applyType,
    sumber: r.source.kind === 'manual' ? 'manual' : 'meta-values',
    induk: r.source.kind === 'taxonomy' ? (r.source.parent ?? '') : '',
    kunci_meta: r.source.kind === 'meta-values' && r.source.key !== r.queryVar ? r.source.key : '',
    opsi: r.source.kind === 'manual' ? formatManualOptions(r.source.options) : '',
    indeks: r.indexer.enabled,
    aturan: r.indexer.rule,
    mode_hitung: r.indexer.counterMode,
    tampil_hitungan: r.indexer.showCounter,
    placeholder: s.placeholder,
    operator: s.operator,
    batas_opsi: s.moreLess,
    dropdown: s.dropdown,
    tingkat: formatLevels(s.levels ?? []),
    min: s.min,
    max: s.max,
    langkah: s.step,
    awalan: s.prefix,
    akhiran: s.suffix,
    pemisah_ribuan: s.thousandsSeparator,
    pemisah_desimal: s.decimalSeparator,
    desimal: s.decimals,
    format_tanggal: s.dateFormat,
    periode: s.periodType,
    min_huruf: s.minLetters,
    urutan: formatSortOptions(s.sortOptions ?? []),
    huruf: (s.letters ?? []).join(' '),
    pilih_banyak: s.multiple,
    bintang: s.stars,
    swatch: s.swatch,
  };
  return settingValues(FIELDS, form);
}
