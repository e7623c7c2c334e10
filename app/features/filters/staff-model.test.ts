import { describe, expect, test } from 'vitest';
import { holds } from '~/ui/settings-form/model';
import { loadContent } from '../../../seed/load';
import { filterFormFields, NEW_FILTER_VALUES, readFilterForm, typedValues, valuesOfRecord } from './staff-form';
import {
  type FilterFormField,
  fieldApplies,
  fitsWireShape,
  formatManualOptions,
  parseLetters,
  parseLevels,
  parseManualOptions,
  parseSortOptions,
  QUERY_TYPE_CONDITIONS,
  resolveQuery,
  usesText,
} from './staff-model';

/** A form as posted: a new filter's form with some fields changed. */
type Posted = Partial<Record<FilterFormField | 'versi', string>>;
const form = (over: Posted) => readFilterForm({ ...NEW_FILTER_VALUES, ...over } as Record<string, string>);
const errorsOf = (over: Posted) => {
  const read = form(over);
  return read.ok ? {} : read.errors;
};

describe('the form and the record', () => {
  test('every seeded filter makes its form, and that form makes the same record again', () => {
    const { filters } = loadContent();
    expect(filters.length).toBeGreaterThan(15);
    for (const { record, optionImages } of filters) {
      // The seed names a picture by key; the database holds its media id.
      const stored =
        record.source.kind === 'manual'
          ? {
              ...record,
              source: {
                ...record.source,
                options: record.source.options.map((o, j) => (optionImages[j] ? { ...o, imageId: 100 + j } : o)),
              },
            }
          : record;
      const read = readFilterForm({ ...valuesOfRecord(stored), versi: '3' });
      expect(read.ok ? null : read.errors, stored.name).toBeNull();
      if (!read.ok) continue;
      const { id: _, ...rest } = stored;
      expect(read.form.draft, stored.name).toEqual(JSON.parse(JSON.stringify(rest)));
      expect(read.form.version).toBe(3);
    }
  });

  test('a checkboxes filter on a taxonomy', () => {
    const parsed = form({ nama: 'Galeri: tingkat', label: 'Tingkat', var_kueri: 'tingkat', induk: 'smp' });
    expect(parsed.ok && parsed.form.draft).toEqual({
      name: 'Galeri: tingkat',
      type: 'checkboxes',
      label: 'Tingkat',
      activeLabel: 'Tingkat',
      queryType: 'tax_query',
      queryVar: 'tingkat',
      queryVarSuffix: '',
      applyType: 'ajax',
      source: { kind: 'taxonomy', taxonomy: 'tingkat', parent: 'smp' },
      indexer: { enabled: true, rule: 'show', counterMode: 'default', showCounter: true },
      settings: {},
    });
  });

  test('fields of other types are ignored; the fixed query parts are set whatever was sent', () => {
    const parsed = form({
      nama: 'Cari',
      label: 'Cari',
      jenis: 'search',
      jenis_kueri: '_s',
      var_kueri: 'junk here',
      min: 'abc',
      urutan: 'rusak',
      opsi: 'x | y',
      min_huruf: '3',
      indeks: 'ya',
    });
    expect(parsed.ok && parsed.form.draft).toMatchObject({
      queryType: '_s',
      queryVar: 'query',
      queryVarSuffix: 'search',
      source: { kind: 'none' },
      indexer: { enabled: false, showCounter: false },
      settings: { minLetters: 3 },
    });
  });

  test('bad input is named on its field', () => {
    expect(errorsOf({ nama: 'x', label: 'x'.repeat(201), var_kueri: 'category' })).toEqual({
      label: 'Label paling panjang 200 karakter.',
    });
    expect(errorsOf({ nama: 'x', label: 'x', var_kueri: 'Kategori <b>' })).toEqual({
      var_kueri: 'Nama kueri hanya huruf kecil, angka, tanda - dan _ (tanpa spasi).',
    });
    expect(errorsOf({ nama: 'x', label: 'x', jenis: 'range', jenis_kueri: 'tax_query' })).toMatchObject({
      jenis_kueri: expect.stringContaining('tidak dapat memakai'),
    });
    expect(
      errorsOf({
        nama: 'x',
        label: 'x',
        jenis: 'range',
        jenis_kueri: 'meta_query',
        var_kueri: 'biaya',
        min: '5',
        max: '5',
        langkah: '0',
      }),
    ).toEqual({
      max: 'Nilai terbesar harus di atas nilai terkecil.',
      langkah: expect.stringContaining('lebih dari 0'),
    });
    expect(errorsOf({ jenis: 'bukan', nama: 'x', label: 'x' })).toEqual({ jenis: 'Pilih jenis filter.' });
    expect(
      errorsOf({
        nama: 'x',
        label: 'x',
        jenis_kueri: 'meta_query',
        var_kueri: 'warna',
        sumber: 'manual',
        opsi: 'a | A\na | B',
      }),
    ).toEqual({
      opsi: 'Baris 2: nilai “a” sudah dipakai opsi lain.',
    });
    expect(
      errorsOf({
        nama: 'x',
        label: 'x',
        jenis: 'color-image',
        jenis_kueri: 'meta_query',
        var_kueri: 'warna',
        sumber: 'manual',
        opsi: 'a | A | #ff0000\nb | B',
        swatch: 'color',
      }),
    ).toEqual({ opsi: expect.stringContaining('Baris 2') });
    expect(errorsOf({ nama: 'x', label: 'x', var_kueri: 'category', versi: 'abc' })).toEqual({
      versi: 'Muat ulang formulir ini.',
    });
  });
});

describe('the generated form', () => {
  const fields = filterFormFields({ taxonomies: ['kategori-galeri'], metaKeys: ['biaya', 'tahun'] });

  test('its fieldsets and the names it posts', () => {
    expect(fields.map((f) => f.label)).toEqual([
      'Filter',
      'Kueri',
      'Opsi',
      'Jumlah per opsi',
      'Pengaturan menurut jenis',
    ]);
    const names = fields.flatMap((f) => (f.kind === 'group' ? f.fields.map((g) => g.name) : []));
    expect(names).toHaveLength(37);
    expect(Object.keys(typedValues({})).sort()).toEqual([...names].sort());
    expect(names.slice(0, 8)).toEqual([
      'nama',
      'jenis',
      'label',
      'label_aktif',
      'penerapan',
      'jenis_kueri',
      'var_kueri',
      'kotak_kustom',
    ]);
  });

  test('labels, hints and choices in Bahasa Indonesia; the query name suggests what the site stores', () => {
    const field = (name: string) =>
      fields.flatMap((f) => (f.kind === 'group' ? f.fields : [f])).find((f) => f.name === name);
    expect(field('jenis')).toMatchObject({ label: 'Jenis filter', hint: '', empty: null });
    expect(field('jenis')?.kind === 'choice' && field('jenis')).toMatchObject({
      options: expect.arrayContaining([{ value: 'range', label: 'Rentang angka' }]),
    });
    expect(field('var_kueri')).toMatchObject({
      hint: 'Nama taksonomi (kategori-galeri) atau kunci meta (biaya, tahun).',
      verbatim: true,
      suggestions: [
        { value: 'kategori-galeri', when: { not: { field: 'jenis_kueri', in: ['meta_query'] } } },
        { value: 'biaya', when: { field: 'jenis_kueri', in: ['meta_query'] } },
        { value: 'tahun', when: { field: 'jenis_kueri', in: ['meta_query'] } },
      ],
    });
    expect(field('operator')).toMatchObject({
      empty: 'Bawaan (ATAU)',
      options: [{ label: 'ATAU: salah satu' }, { label: 'DAN: semuanya' }],
    });
    expect(field('opsi')?.hint).toBe(
      'Satu opsi per baris: `nilai | label`, lalu boleh `| #rrggbb` (warna) dan/atau `| nomor gambar`.',
    );
    expect(field('batas_opsi')).toMatchObject({ kind: 'number', integer: true, min: 0, max: 100 });
    expect(field('aturan')).toMatchObject({ empty: null, options: [{ label: 'Tetap tampilkan' }, {}, {}] });
    const typed = fields.at(-1);
    expect(typed?.kind === 'group' && typed.legendBy?.legends.range).toBe('Pengaturan rentang angka');
  });
});

describe('the query of a type', () => {
  test.each([
    ['checkboxes', 'meta_query', 'hari', true, { queryVar: 'hari', queryVarSuffix: 'is_custom_checkbox' }],
    ['checkboxes', 'meta_query', 'hari', false, { queryVar: 'hari', queryVarSuffix: '' }],
    ['range', 'meta_query', 'biaya', false, { queryVar: 'biaya', queryVarSuffix: 'range' }],
    ['sorting', 'sort', 'x', false, { queryVar: 'standard', queryVarSuffix: '' }],
    ['date-range', 'date_query', 'x', false, { queryVar: '', queryVarSuffix: 'date' }],
    ['alphabet', 'alphabet', 'x', false, { queryVar: '', queryVarSuffix: '' }],
  ] as const)('%s on %s', (type, queryType, queryVar, custom, want) => {
    const got = resolveQuery(type, queryType, queryVar, custom);
    expect(got).toMatchObject(want);
    expect(got && fitsWireShape({ type, ...got })).toBe(true);
  });
  test('a type that cannot query that way', () => {
    expect(resolveQuery('hierarchy', 'meta_query', 'x', false)).toBeNull();
  });
  test('which fields a type and query use', () => {
    expect(fieldApplies('checkboxes', 'tax_query', 'induk')).toBe(true);
    expect(fieldApplies('checkboxes', 'tax_query', 'opsi')).toBe(false);
    expect(fieldApplies('checkboxes', 'meta_query', 'kotak_kustom')).toBe(true);
    expect(fieldApplies('range', 'meta_query', 'min')).toBe(true);
    expect(fieldApplies('select', 'meta_query', 'min')).toBe(false);
    expect(fieldApplies('rating', 'meta_query', 'indeks')).toBe(true);
    expect(fieldApplies('search', '_s', 'var_kueri')).toBe(false);
    expect(fieldApplies('search', '_s', 'label')).toBe(true);
    // A meta filter's options: the stored values' key, or a list.
    expect(fieldApplies('select', 'meta_query', 'kunci_meta', 'meta-values')).toBe(true);
    expect(fieldApplies('select', 'meta_query', 'opsi', 'meta-values')).toBe(false);
    expect(fieldApplies('select', 'meta_query', 'opsi', 'manual')).toBe(true);
  });
  test('each query type is offered for the types that can query that way', () => {
    const offered = (type: string) =>
      Object.entries(QUERY_TYPE_CONDITIONS)
        .filter(([, when]) => holds(when, { jenis: type }))
        .map(([q]) => q);
    expect(offered('checkboxes')).toEqual(['tax_query', 'meta_query']);
    expect(offered('range')).toEqual(['meta_query']);
    expect(offered('search')).toEqual(['meta_query', '_s']);
    expect(offered('date-period')).toEqual(['meta_query', 'date_query']);
  });
});

describe('the list fields', () => {
  test('manual options', () => {
    expect(parseManualOptions('merah | Merah | #D32F2F\n\n aula | Aula | 12 \nkosong')).toEqual([
      { value: 'merah', label: 'Merah', color: '#d32f2f' },
      { value: 'aula', label: 'Aula', imageId: 12 },
      { value: 'kosong', label: 'kosong' },
    ]);
    expect(parseManualOptions(' | A')).toEqual({ line: 1, message: 'Baris 1: isi nilai opsi sebelum tanda |.' });
    expect(parseManualOptions('a | A | biru')).toMatchObject({ line: 1 });
    const options = [{ value: 'a', label: 'A', color: '#000000', imageId: 3 }];
    expect(parseManualOptions(formatManualOptions(options))).toEqual(options);
  });
  test('sort options, levels and letters', () => {
    expect(parseSortOptions('Termurah | meta_value_num | asc | biaya\nTerbaru | date | DESC')).toEqual([
      { label: 'Termurah', orderby: 'meta_value_num', order: 'ASC', metaKey: 'biaya' },
      { label: 'Terbaru', orderby: 'date', order: 'DESC' },
    ]);
    expect(parseSortOptions('Biaya | meta_value | ASC')).toMatchObject({ line: 1 });
    expect(parseSortOptions('Baru | newest | DESC')).toMatchObject({ line: 1 });
    expect(parseLevels('Bidang | Semua bidang\nKegiatan')).toEqual([
      { label: 'Bidang', placeholder: 'Semua bidang' },
      { label: 'Kegiatan', placeholder: '' },
    ]);
    expect(parseLetters('A, B C')).toEqual(['A', 'B', 'C']);
    expect(parseLetters('ABCD')).toMatchObject({ line: 0 });
  });
  test('page lists', () => {
    const use = (title: string) => ({ postId: 1, title, type: 'page', status: 'publish', url: null });
    expect(usesText([use('Berita')])).toBe('“Berita”');
    expect(usesText([use('Berita'), use('Galeri'), use('Beranda')])).toBe('“Berita”, “Galeri” dan “Beranda”');
  });
});
