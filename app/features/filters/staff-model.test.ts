import { describe, expect, test } from 'vitest';
import { loadContent } from '../../../seed/load';
import { filterFormErrors, filterFormSchema } from './staff-form';
import {
  EMPTY_FILTER,
  type FilterFormValues,
  fieldApplies,
  filterIdParam,
  fitsWireShape,
  formatManualOptions,
  parseLetters,
  parseLevels,
  parseManualOptions,
  parseSortOptions,
  resolveQuery,
  usesText,
  valuesOfRecord,
} from './staff-model';

const form = (over: Partial<FilterFormValues> & { versi?: string }) =>
  filterFormSchema.safeParse({ ...EMPTY_FILTER, ...over });
const errorsOf = (over: Partial<FilterFormValues> & { versi?: string }) => {
  const parsed = form(over);
  return parsed.success ? {} : filterFormErrors(parsed.error.issues);
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
      const parsed = filterFormSchema.safeParse({ ...valuesOfRecord(stored), versi: '3' });
      expect(parsed.success ? null : filterFormErrors(parsed.error.issues), stored.name).toBeNull();
      if (!parsed.success) continue;
      const { id: _, ...rest } = stored;
      expect(parsed.data.draft, stored.name).toEqual(JSON.parse(JSON.stringify(rest)));
      expect(parsed.data.version).toBe(3);
    }
  });

  test('a checkboxes filter on a taxonomy', () => {
    const parsed = form({ nama: 'Galeri: tingkat', label: 'Tingkat', var_kueri: 'tingkat', induk: 'smp' });
    expect(parsed.success && parsed.data.draft).toEqual({
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
    expect(parsed.success && parsed.data.draft).toMatchObject({
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
  test('ids and page lists', () => {
    expect(filterIdParam('12')).toBe(12);
    expect(filterIdParam('012')).toBeNull();
    expect(filterIdParam('1e3')).toBeNull();
    const use = (title: string) => ({ postId: 1, title, type: 'page', status: 'publish', url: null });
    expect(usesText([use('Berita')])).toBe('“Berita”');
    expect(usesText([use('Berita'), use('Galeri'), use('Beranda')])).toBe('“Berita”, “Galeri” dan “Beranda”');
  });
});
