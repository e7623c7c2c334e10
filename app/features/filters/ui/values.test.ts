import { describe, expect, test } from 'vitest';
import { DATE_RANGE, FEE_RANGE, filterGroupOf, NEWS_CATEGORY, publicFilterOf } from '../filters.fixtures';
import type { PublicFilter } from '../model';
import { isoWeek } from './calendar-dates';
import { inPeriod, pickedPeriod } from './date-filters';
import { readTyped } from './date-picker';
import { createGroupStore } from './group-store';
import { chooseLevel, deepestValue, resetLevels } from './hierarchy-filter';
import { activeItems, checkboxValue, describeValue, itemsOf, searchValue, sortIndex, sortValue } from './values';

// The news category: not counted.
const f = (over: Partial<PublicFilter>): PublicFilter =>
  publicFilterOf({
    ...NEWS_CATEGORY,
    indexer: { enabled: false, rule: 'show', counterMode: 'default', showCounter: false },
    ...over,
  });

describe('values (original-wire.md §2.3)', () => {
  test('items of a value: one-item lists read back as strings; operator entries are no items', () => {
    expect(itemsOf('12')).toEqual(['12']);
    expect(itemsOf(['12', '15', 'operator_AND'])).toEqual(['12', '15']);
    expect(itemsOf('')).toEqual([]);
    expect(itemsOf(null)).toEqual([]);
    expect(itemsOf({ orderby: 'date' })).toEqual([]);
  });

  test('checkbox lists get the operator appended, and nothing chosen is no value', () => {
    expect(checkboxValue(['12', '15'], 'OR')).toEqual(['12', '15', 'operator_OR']);
    expect(checkboxValue(['12'])).toEqual(['12']);
    expect(checkboxValue([], 'AND')).toBeNull();
  });

  test('sorting choices as query values and back', () => {
    const options = [
      { label: 'Terbaru', orderby: 'date', order: 'DESC' },
      { label: 'Biaya', orderby: 'meta_value_num', order: 'ASC', metaKey: 'biaya' },
    ] as const;
    expect(sortValue(options[1])).toEqual({ orderby: 'meta_value_num', order: 'ASC', meta_key: 'biaya' });
    expect(sortIndex({ orderby: 'meta_value_num', order: 'ASC', meta_key: 'biaya' }, [...options])).toBe(1);
    expect(sortIndex('{"orderby":"date","order":"DESC"}', [...options])).toBe(0);
    expect(sortIndex({ orderby: 'date', order: 'ASC' }, [...options])).toBe(-1);
    expect(sortIndex('not json', [...options])).toBe(-1);
  });

  test('search text shorter than the minimum letters is empty (spec 001 §5)', () => {
    expect(searchValue('  ab ', 3)).toBeNull();
    expect(searchValue('abc', 3)).toBe('abc');
    expect(searchValue('   ', 0)).toBeNull();
  });
});

describe('active filters (spec 001 §4-5)', () => {
  const seed = filterGroupOf({
    provider: 'epro-posts',
    queryId: 'berita',
    props: { found_posts: 1, max_num_pages: 1, page: 1 },
    baseUrl: '/berita/',
  });
  const category = f({});
  const sorting = f({ id: 2, type: 'sorting', queryType: 'sort', queryKey: '_sort_standard', label: 'Urutkan' });
  const range = f({
    ...FEE_RANGE,
    id: 3,
    settings: { min: 0, max: 500000, step: 1000, prefix: 'Rp', thousandsSeparator: '.' },
  });
  const store = createGroupStore({
    ...seed,
    query: {
      _tax_query_category: ['12', '15', 'operator_OR'],
      _sort_standard: { orderby: 'date', order: 'DESC' },
      '_meta_query_biaya|range': '10000_200000',
    },
  });
  store.setState({
    filters: {
      1: { filter: category, labels: { '12': 'Prestasi', '15': 'Kegiatan' } },
      2: { filter: sorting, labels: {} },
      3: { filter: range, labels: {} },
    },
  });

  test('one entry per filter, sorting left out, values named by their labels and formats', () => {
    expect(activeItems(store.getState(), false)).toEqual([
      { filterId: 1, key: '_tax_query_category', item: null, label: 'Kategori', value: 'Prestasi, Kegiatan' },
      { filterId: 3, key: '_meta_query_biaya|range', item: null, label: 'Biaya', value: 'Rp10.000 – Rp200.000' },
    ]);
  });

  test('tags: one per chosen value of a list', () => {
    expect(activeItems(store.getState(), true).map((i) => [i.item, i.value])).toEqual([
      ['12', 'Prestasi'],
      ['15', 'Kegiatan'],
      [null, 'Rp10.000 – Rp200.000'],
    ]);
  });

  test('nothing active: nothing listed', () => {
    const empty = createGroupStore(seed);
    empty.setState({ filters: store.getState().filters });
    expect(activeItems(empty.getState(), false)).toEqual([]);
  });

  test('date filters sharing a key: a month chosen is named by the month filter, never the week one', () => {
    const dates = createGroupStore({ ...seed, query: { '_date_query_|date': '2025.3.1-2025.3.31' } });
    dates.setState({
      filters: {
        23: { filter: f({ ...DATE_RANGE, id: 23 }), labels: {} },
        24: {
          filter: f({
            ...DATE_RANGE,
            id: 24,
            type: 'date-period',
            activeLabel: 'Minggu',
            settings: { periodType: 'week' },
          }),
          labels: {},
        },
        25: {
          filter: f({
            ...DATE_RANGE,
            id: 25,
            type: 'date-period',
            activeLabel: 'Bulan',
            settings: { periodType: 'month' },
          }),
          labels: {},
        },
      },
    });
    expect(activeItems(dates.getState(), false).map((i) => [i.filterId, i.label])).toEqual([[25, 'Bulan']]);
    dates.setState({ query: { '_date_query_|date': '2025.3.3-2025.3.9' } });
    expect(activeItems(dates.getState(), false).map((i) => [i.filterId, i.label])).toEqual([[24, 'Minggu']]);
    // Any other range is the date range's.
    dates.setState({ query: { '_date_query_|date': '2025.3.3-2025.3.20' } });
    expect(activeItems(dates.getState(), false).map((i) => [i.filterId, i.label])).toEqual([[23, 'Tanggal']]);
  });

  test('dates in the filter format; open ends', () => {
    const dates = f({ ...DATE_RANGE, settings: { dateFormat: 'dd.mm.yy' } });
    expect(describeValue({ filter: dates, labels: {} }, '2024.1.5-2024.2.10')).toBe('05.01.2024 – 10.02.2024');
    expect(describeValue({ filter: dates, labels: {} }, '2024.1.5-')).toBe('≥ 05.01.2024');
  });
});

describe('hierarchical select (spec 001 §4)', () => {
  const levels = [
    { label: 'Bidang', placeholder: 'Semua bidang', value: '3', options: [{ value: '3', label: 'Olahraga' }] },
    { label: 'Kegiatan', placeholder: 'Semua kegiatan', value: '31', options: [{ value: '31', label: 'Futsal' }] },
    { label: 'Tingkat', placeholder: 'Semua', value: '', options: [{ value: '311', label: 'Pemula' }] },
  ];
  test('choosing a level resets the deeper ones and empties their options', () => {
    const next = chooseLevel(levels, 0, '4');
    expect(next.map((l) => [l.value, l.options.length])).toEqual([
      ['4', 1],
      ['', 0],
      ['', 0],
    ]);
    expect(deepestValue(next)).toBe('4');
    expect(deepestValue(levels)).toBe('31');
    expect(deepestValue(chooseLevel(levels, 0, ''))).toBeNull();
  });
  test("remove-all keeps only the first level's options", () => {
    expect(resetLevels(levels).map((l) => [l.value, l.options.length])).toEqual([
      ['', 1],
      ['', 0],
      ['', 0],
    ]);
  });
});

describe('date picker and period helpers', () => {
  test.each([
    [{ year: 2024, month: 1, day: 1 }, 1],
    [{ year: 2023, month: 1, day: 1 }, 52],
    [{ year: 2020, month: 12, day: 31 }, 53],
    [{ year: 2025, month: 12, day: 29 }, 1],
    [{ year: 2024, month: 6, day: 15 }, 24],
  ])('ISO week of %o is %d', (date, week) => expect(isoWeek(date)).toBe(week));

  test('in week mode a day inside the chosen week changes nothing (spec 001 §5)', () => {
    const week = { from: new Date(2024, 5, 10), to: new Date(2024, 5, 16) };
    expect(pickedPeriod('week', week, new Date(2024, 5, 12))).toBeNull();
    expect(pickedPeriod('week', week, new Date(2024, 5, 19))).toEqual({
      from: new Date(2024, 5, 17),
      to: new Date(2024, 5, 23),
    });
    expect(pickedPeriod('month', null, new Date(2024, 1, 20))).toEqual({
      from: new Date(2024, 1, 1),
      to: new Date(2024, 1, 29),
    });
    expect(inPeriod(week, new Date(2024, 5, 16))).toBe(true);
    expect(inPeriod(null, new Date(2024, 5, 16))).toBe(false);
  });
});

describe('typed dates (spec 001 §5)', () => {
  test('the filter format reads; dots count as slashes; junk is undefined, empty is null', () => {
    expect(readTyped('dd/mm/yy', '05/01/2024')).toEqual(new Date(2024, 0, 5));
    expect(readTyped('dd/mm/yy', '05.01.2024')).toEqual(new Date(2024, 0, 5));
    expect(readTyped('dd.mm.yy', '05.01.2024')).toEqual(new Date(2024, 0, 5));
    expect(readTyped('mm/dd/yy', '13/45/2024')).toBeUndefined();
    expect(readTyped('mm/dd/yy', '')).toBeNull();
  });
});
