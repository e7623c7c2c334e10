import { siteHref } from '~/lib/site-href';
import { type Condition, holds } from '~/ui/settings-form/model';
import type { ApplyType, CounterMode, FilterType, IndexerRule, PeriodType, QueryType, SortOption } from './model';
import { FILTER_TYPES, QUERY_TYPES } from './vocabulary';

/**
 * The staff's filter screens (issue 14 "Filters"): addresses, labels, which form fields each filter
 * type uses (as the conditions of the generated form, issue 23), how a type names its query, and the
 * text formats of the form's list fields. Pure: no React, no database, no zod (the screens import it).
 */

/** The staff screens' addresses. */
export const FILTERS_STAFF_PATH = siteHref('/admin/filter');

/** Limits of the form (the record's, app/features/filters/settings.ts). */
export const FILTER_LIMITS = { text: 200, queryVar: 64, lines: 200 } as const;

export const FILTER_TYPE_LABELS: Record<FilterType, string> = {
  checkboxes: 'Kotak centang',
  select: 'Daftar pilihan',
  hierarchy: 'Pilihan bertingkat',
  radio: 'Tombol radio',
  rating: 'Penilaian (bintang)',
  'color-image': 'Contoh warna atau gambar',
  alphabet: 'Abjad',
  search: 'Pencarian',
  sorting: 'Urutan',
  range: 'Rentang angka',
  'date-range': 'Rentang tanggal',
  'date-period': 'Periode tanggal',
};

export const QUERY_TYPE_LABELS: Record<QueryType, string> = {
  tax_query: 'Taksonomi (tax_query)',
  meta_query: 'Meta (meta_query)',
  date_query: 'Tanggal (date_query)',
  sort: 'Urutan (sort)',
  _s: 'Pencarian (_s)',
  alphabet: 'Huruf awal (alphabet)',
};

export const APPLY_TYPE_LABELS: Record<ApplyType, string> = {
  ajax: 'Langsung saat diubah',
  'ajax-ontyping': 'Langsung saat mengetik',
  reload: 'Tombol Terapkan, muat ulang',
  mixed: 'Tombol Terapkan, tanpa muat ulang',
};

export const INDEXER_RULE_LABELS: Record<IndexerRule, string> = {
  show: 'Tetap tampilkan',
  hide: 'Sembunyikan',
  disable: 'Tampilkan, tidak bisa dipilih',
};

export const COUNTER_MODE_LABELS: Record<CounterMode, string> = {
  default: 'Setiap kali filter berubah',
  other_changed: 'Saat filter lain berubah',
  never: 'Tidak pernah',
};

export const PERIOD_TYPE_LABELS: Record<PeriodType, string> = {
  day: 'Hari',
  week: 'Minggu',
  month: 'Bulan',
  year: 'Tahun',
  range: 'Rentang bebas',
};

/**
 * How each filter type names its query (original-wire.md §2.2): query type, query var (`*`: any
 * non-empty name the staff choose) and suffix. The seed checks content/filters.yaml against the same list.
 */
export const FILTER_WIRE_SHAPES: Record<FilterType, ReadonlyArray<readonly [QueryType, string, string]>> = {
  checkboxes: [
    ['tax_query', '*', ''],
    ['meta_query', '*', ''],
    ['meta_query', '*', 'is_custom_checkbox'],
  ],
  select: [
    ['tax_query', '*', ''],
    ['meta_query', '*', ''],
  ],
  radio: [
    ['tax_query', '*', ''],
    ['meta_query', '*', ''],
  ],
  'color-image': [
    ['tax_query', '*', ''],
    ['meta_query', '*', ''],
  ],
  hierarchy: [['tax_query', '*', '']],
  rating: [['meta_query', '*', 'rating']],
  range: [['meta_query', '*', 'range']],
  search: [
    ['_s', 'query', 'search'],
    ['meta_query', '*', 'search'],
  ],
  sorting: [['sort', 'standard', '']],
  alphabet: [['alphabet', '', '']],
  'date-range': [
    ['date_query', '', 'date'],
    ['meta_query', '*', 'date'],
  ],
  'date-period': [
    ['date_query', '', 'date'],
    ['meta_query', '*', 'date'],
  ],
};

/** Whether a record's query type, var and suffix are one of its type's shapes. */
export function fitsWireShape(f: {
  type: FilterType;
  queryType: QueryType;
  queryVar: string;
  queryVarSuffix: string;
}): boolean {
  return FILTER_WIRE_SHAPES[f.type].some(
    ([type, queryVar, suffix]) =>
      f.queryType === type &&
      (queryVar === '*' ? f.queryVar !== '' : f.queryVar === queryVar) &&
      f.queryVarSuffix === suffix,
  );
}

/**
 * The query of a form: the staff choose the type, the query type, a name (where the shape takes one)
 * and, for checkboxes on meta, whether the meta holds a checkbox list; the var and suffix the shape
 * fixes are set here whatever was sent. Null when the type cannot query that way.
 */
export function resolveQuery(
  type: FilterType,
  queryType: QueryType,
  queryVar: string,
  customCheckbox: boolean,
): { queryType: QueryType; queryVar: string; queryVarSuffix: string } | null {
  const shapes = FILTER_WIRE_SHAPES[type].filter(([t]) => t === queryType);
  const shape = shapes.find(([, , suffix]) => suffix === (customCheckbox ? 'is_custom_checkbox' : '')) ?? shapes[0];
  if (!shape) return null;
  const [, fixedVar, suffix] = shape;
  return { queryType, queryVar: fixedVar === '*' ? queryVar : fixedVar, queryVarSuffix: suffix };
}

/** Whether the shape of this type and query type takes a name the staff choose. */
export function takesQueryVar(type: FilterType, queryType: QueryType): boolean {
  return FILTER_WIRE_SHAPES[type].some(([t, v]) => t === queryType && v === '*');
}

/** Types whose options are listed (terms, meta values or a manual list). */
export const OPTION_TYPES: readonly FilterType[] = ['checkboxes', 'select', 'radio', 'color-image', 'hierarchy'];

/** Where a meta filter's options come from (a tax_query filter always offers its taxonomy's terms). */
export const META_SOURCES = ['meta-values', 'manual'] as const;

/** The filter form's fields, by the names the form posts (its schema, staff-form.ts, declares each). */
export type FilterFormField =
  | 'nama'
  | 'jenis'
  | 'label'
  | 'label_aktif'
  | 'jenis_kueri'
  | 'var_kueri'
  /** checkboxes on meta read a checkbox list (suffix is_custom_checkbox) */
  | 'kotak_kustom'
  | 'penerapan'
  /** a meta filter's options: meta-values or manual */
  | 'sumber'
  /** a taxonomy filter's parent term (slug), '' for every term */
  | 'induk'
  /** meta-values: the meta key, '' for the query var */
  | 'kunci_meta'
  /** manual options, one a line: `nilai | label | #warna atau id gambar` */
  | 'opsi'
  | 'indeks'
  | 'aturan'
  | 'mode_hitung'
  | 'tampil_hitungan'
  | 'placeholder'
  | 'operator'
  | 'batas_opsi'
  | 'dropdown'
  /** hierarchy levels, one a line: `label | placeholder` */
  | 'tingkat'
  | 'min'
  | 'max'
  | 'langkah'
  | 'awalan'
  | 'akhiran'
  | 'pemisah_ribuan'
  | 'pemisah_desimal'
  | 'desimal'
  | 'format_tanggal'
  | 'periode'
  | 'min_huruf'
  /** sort options, one a line: `label | date/title/meta_value_num/meta_value | ASC/DESC | kunci meta` */
  | 'urutan'
  /** alphabet letters, separated by spaces or commas */
  | 'huruf'
  | 'pilih_banyak'
  | 'bintang'
  | 'swatch';

/** The type-specific settings fields each type uses; the others are hidden and not read. */
const TYPE_SETTING_FIELDS: Record<FilterType, readonly FilterFormField[]> = {
  checkboxes: ['operator', 'batas_opsi', 'dropdown', 'placeholder'],
  select: ['placeholder'],
  hierarchy: ['tingkat'],
  radio: [],
  rating: ['bintang'],
  'color-image': ['swatch'],
  alphabet: ['huruf', 'pilih_banyak'],
  search: ['placeholder', 'min_huruf'],
  sorting: ['placeholder', 'urutan'],
  range: ['min', 'max', 'langkah', 'awalan', 'akhiran', 'pemisah_ribuan', 'pemisah_desimal', 'desimal'],
  'date-range': ['format_tanggal', 'placeholder'],
  'date-period': ['periode', 'format_tanggal', 'placeholder'],
};

/** Every type-specific settings field, once each. */
export const TYPED_FIELDS: readonly FilterFormField[] = [...new Set(Object.values(TYPE_SETTING_FIELDS).flat())];

/** Types whose options carry counts (the indexer, spec 001 §4 "Indexer counters"). */
const COUNTED_TYPES: readonly FilterType[] = [...OPTION_TYPES, 'rating'];

const ofType = (types: readonly FilterType[]): Condition => ({ field: 'jenis', in: types });
const ofQuery = (types: readonly QueryType[]): Condition => ({ field: 'jenis_kueri', in: types });

/** Where a type and a query type have a shape that `fits`: per type, the query types of those shapes. */
function shapesWhere(fits: (shape: readonly [QueryType, string, string]) => boolean): Condition {
  return {
    any: FILTER_TYPES.flatMap((type) => {
      const queries = [...new Set(FILTER_WIRE_SHAPES[type].filter(fits).map(([q]) => q))];
      return queries.length > 0 ? [{ all: [ofType([type]), ofQuery(queries)] }] : [];
    }),
  };
}

/** A meta filter with options: its options come from the stored values or from a list (`sumber`). */
const META_OPTIONS: Condition = { all: [ofType(OPTION_TYPES), ofQuery(['meta_query'])] };

/**
 * Where a form field belongs, by the chosen type, query type and (for a meta filter's options) source:
 * the form shows the others hidden and the server does not read them. The common fields always belong.
 */
export const FILTER_FIELD_CONDITIONS: Partial<Record<FilterFormField, Condition>> = {
  var_kueri: shapesWhere(([, queryVar]) => queryVar === '*'),
  kotak_kustom: { all: [ofType(['checkboxes']), ofQuery(['meta_query'])] },
  induk: { all: [ofType(OPTION_TYPES), ofQuery(['tax_query'])] },
  sumber: META_OPTIONS,
  kunci_meta: { all: [META_OPTIONS, { field: 'sumber', in: ['meta-values'] }] },
  opsi: { all: [META_OPTIONS, { field: 'sumber', in: ['manual'] }] },
  ...Object.fromEntries(
    (['indeks', 'aturan', 'mode_hitung', 'tampil_hitungan'] as const).map((f) => [f, ofType(COUNTED_TYPES)]),
  ),
  ...Object.fromEntries(
    TYPED_FIELDS.map((f) => [f, ofType(FILTER_TYPES.filter((t) => TYPE_SETTING_FIELDS[t].includes(f)))]),
  ),
};

/** The query types a filter type may use: each is offered only for those types. */
export const QUERY_TYPE_CONDITIONS: Record<QueryType, Condition> = Object.fromEntries(
  QUERY_TYPES.map((q) => [q, ofType(FILTER_TYPES.filter((t) => FILTER_WIRE_SHAPES[t].some(([s]) => s === q)))]),
) as Record<QueryType, Condition>;

/** Whether a form field belongs to a filter of this type, query type and options source. */
export function fieldApplies(type: FilterType, queryType: QueryType, field: FilterFormField, source = ''): boolean {
  return holds(FILTER_FIELD_CONDITIONS[field], { jenis: type, jenis_kueri: queryType, sumber: source });
}

// -- the list fields' text ------------------------------------------------------------------------

/** A line of a list field that cannot be read: its number (from 1) and what to do. */
export interface LineProblem {
  line: number;
  message: string;
}

/** The non-empty lines of a list field, each split at `|` and trimmed, with their line numbers. */
function rows(text: string): Array<{ line: number; cells: string[] }> {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((raw, j) => ({ line: j + 1, cells: raw.split('|').map((c) => c.trim()) }))
    .filter((r) => r.cells.some((c) => c !== ''));
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** One manual option as the record keeps it. */
export interface ManualOption {
  value: string;
  label: string;
  color?: string;
  imageId?: number;
}

/** Manual options, one a line: `nilai | label` and optionally `| #rrggbb` and/or `| id gambar`. */
export function parseManualOptions(text: string): ManualOption[] | LineProblem {
  const out: ManualOption[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of rows(text)) {
    const [value = '', label = '', ...extra] = cells;
    if (!value) return { line, message: `Baris ${line}: isi nilai opsi sebelum tanda |.` };
    if (value.length > 100) return { line, message: `Baris ${line}: nilai opsi paling panjang 100 karakter.` };
    if (label.length > FILTER_LIMITS.text) {
      return { line, message: `Baris ${line}: label opsi paling panjang ${FILTER_LIMITS.text} karakter.` };
    }
    if (seen.has(value)) return { line, message: `Baris ${line}: nilai “${value}” sudah dipakai opsi lain.` };
    seen.add(value);
    const option: ManualOption = { value, label: label || value };
    for (const cell of extra.filter(Boolean)) {
      if (HEX_COLOR.test(cell) && !option.color) option.color = cell.toLowerCase();
      else if (/^[1-9]\d{0,8}$/.test(cell) && option.imageId === undefined) option.imageId = Number(cell);
      else {
        return {
          line,
          message: `Baris ${line}: “${cell.slice(0, 40)}” bukan warna (#rrggbb) atau nomor gambar.`,
        };
      }
    }
    out.push(option);
  }
  if (out.length > FILTER_LIMITS.lines) return { line: 0, message: `Paling banyak ${FILTER_LIMITS.lines} opsi.` };
  return out;
}

/** Manual options as the form shows them. */
export function formatManualOptions(options: readonly ManualOption[]): string {
  return options
    .map((o) =>
      [o.value, o.label, ...(o.color ? [o.color] : []), ...(o.imageId !== undefined ? [String(o.imageId)] : [])].join(
        ' | ',
      ),
    )
    .join('\n');
}

const ORDERBY = ['date', 'title', 'meta_value_num', 'meta_value'] as const;

/** Sort options, one a line: `label | date, title, meta_value_num atau meta_value | ASC atau DESC | kunci meta`. */
export function parseSortOptions(text: string): SortOption[] | LineProblem {
  const out: SortOption[] = [];
  for (const { line, cells } of rows(text)) {
    const [label = '', orderby = '', order = '', metaKey = ''] = cells;
    if (!label) return { line, message: `Baris ${line}: isi label pilihan urutan.` };
    if (label.length > FILTER_LIMITS.text) {
      return { line, message: `Baris ${line}: label paling panjang ${FILTER_LIMITS.text} karakter.` };
    }
    const by = ORDERBY.find((o) => o === orderby);
    if (!by) return { line, message: `Baris ${line}: urutkan menurut date, title, meta_value_num atau meta_value.` };
    const dir = order.toUpperCase();
    if (dir !== 'ASC' && dir !== 'DESC') return { line, message: `Baris ${line}: arah urutan ASC atau DESC.` };
    if (by.startsWith('meta_value') && !metaKey) {
      return { line, message: `Baris ${line}: urutan menurut meta menyebut kunci metanya di kolom keempat.` };
    }
    if (metaKey && !QUERY_VAR.test(metaKey)) {
      return { line, message: `Baris ${line}: kunci meta hanya huruf kecil, angka, - dan _.` };
    }
    out.push({ label, orderby: by, order: dir, ...(by.startsWith('meta_value') ? { metaKey } : {}) });
  }
  if (out.length > 20) return { line: 0, message: 'Paling banyak 20 pilihan urutan.' };
  return out;
}

/** Sort options as the form shows them. */
export function formatSortOptions(options: readonly SortOption[]): string {
  return options.map((o) => [o.label, o.orderby, o.order, ...(o.metaKey ? [o.metaKey] : [])].join(' | ')).join('\n');
}

/** Hierarchy levels, top first, one a line: `label | placeholder`. */
export function parseLevels(text: string): Array<{ label: string; placeholder: string }> | LineProblem {
  const out: Array<{ label: string; placeholder: string }> = [];
  for (const { line, cells } of rows(text)) {
    const [label = '', placeholder = ''] = cells;
    if (!label) return { line, message: `Baris ${line}: isi label tingkat.` };
    if (label.length > FILTER_LIMITS.text || placeholder.length > FILTER_LIMITS.text) {
      return { line, message: `Baris ${line}: label dan teks kosong paling panjang ${FILTER_LIMITS.text} karakter.` };
    }
    out.push({ label, placeholder });
  }
  if (out.length > 5) return { line: 0, message: 'Paling banyak 5 tingkat.' };
  return out;
}

/** Hierarchy levels as the form shows them. */
export function formatLevels(levels: ReadonlyArray<{ label: string; placeholder: string }>): string {
  return levels.map((l) => `${l.label} | ${l.placeholder}`).join('\n');
}

/** Alphabet letters separated by spaces or commas (1 to 3 characters each, at most 40). */
export function parseLetters(text: string): string[] | LineProblem {
  const letters = text.split(/[\s,]+/).filter(Boolean);
  const long = letters.find((l) => [...l].length > 3);
  if (long) return { line: 0, message: `“${long.slice(0, 20)}” lebih dari 3 karakter; pisahkan huruf dengan spasi.` };
  if (letters.length > 40) return { line: 0, message: 'Paling banyak 40 huruf.' };
  return letters;
}

/** A taxonomy, meta key or term slug: what a query var may be (original-wire.md §2.2 keys). */
export const QUERY_VAR = /^[a-z0-9_-]{1,64}$/;

// -- the list -------------------------------------------------------------------------------------

/** A page or template that shows a filter (a `smart-filter` widget naming it). */
export interface FilterUse {
  postId: number;
  title: string;
  type: string;
  status: string;
  /** Its public address when it is a published page; null otherwise. */
  url: string | null;
}

/** One filter of the staff list. */
export interface StaffFilterRow {
  id: number;
  name: string;
  label: string;
  type: string;
  queryType: string;
  queryVar: string;
  queryVarSuffix: string;
  uses: FilterUse[];
  /** The stored row does not parse (changed by hand): listed, not editable; it can be deleted. */
  broken: boolean;
}

/** The pages' titles for a message, quoted: “Berita”, “Galeri” dan “Beranda”. */
export function usesText(uses: readonly FilterUse[]): string {
  const titles = uses.map((u) => `“${u.title}”`);
  if (titles.length <= 1) return titles.join('');
  return `${titles.slice(0, -1).join(', ')} dan ${titles.at(-1)}`;
}
