import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, test } from 'vitest';
import { BIDANG_TREE as TREE } from '~/content/terms.fixtures';
import type { Database } from '~/db';
import { filterRecordOf as record } from './filters.fixtures';
import { planFilters } from './query.server';
import {
  likePattern,
  normalizeQuery,
  readDayRange,
  readLetters,
  readRange,
  readSearch,
  readSort,
  readTermChoice,
  valueList,
} from './query-values';

/** A database that only compiles: the plan's SQL and parameters, without running anything. */
function compiler(dialect: 'sqlite' | 'postgres') {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (dialect === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
      createQueryCompiler: () => (dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}

describe('normalizeQuery', () => {
  test('keeps strings, lists and small records; numbers become text; junk is dropped', () => {
    expect(
      normalizeQuery({
        a: 'x',
        b: ['1', 2, null, { z: 1 }],
        c: { orderby: 'date', order: 'DESC', n: 5, bad: [] },
        d: null,
        e: [],
        f: true,
      }),
    ).toEqual({ a: 'x', b: ['1', '2'], c: { orderby: 'date', order: 'DESC', n: '5' }, f: 'true' });
  });
  test('not an object: nothing', () => {
    expect(normalizeQuery('nope')).toEqual({});
    expect(normalizeQuery([1, 2])).toEqual({});
    expect(normalizeQuery(undefined)).toEqual({});
  });
  test('huge lists and many keys are cut, not refused', () => {
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'v']));
    expect(Object.keys(normalizeQuery(many))).toHaveLength(60);
    const list = normalizeQuery({ k: Array.from({ length: 5000 }, (_, i) => String(i)) }).k as string[];
    expect(list).toHaveLength(200);
  });
});

test('valueList splits comma-joined text as the address writes lists', () => {
  expect(valueList('1,2')).toEqual(['1', '2']);
  expect(valueList(['1', '2,3'])).toEqual(['1', '2', '3']);
  expect(valueList({ a: 'b' })).toEqual([]);
});

describe('readTermChoice', () => {
  test('ids of the taxonomy with the operator entry; a value naming no term is kept as unknown', () => {
    expect(readTermChoice(['2', '99', 'x', "1' or 1=1", 'operator_AND', '3'], TREE, false)).toEqual({
      ids: [2, 3],
      operator: 'AND',
      unknown: true,
    });
    expect(readTermChoice('3,2', TREE, false)).toEqual({ ids: [2, 3], operator: 'OR' });
    expect(readTermChoice(['99'], TREE, false)).toEqual({ ids: [], operator: 'OR', unknown: true });
    expect(readTermChoice(['', 'operator_OR'], TREE, false)).toBeNull();
  });
  test('a hierarchy keeps the deepest chosen terms (also `12hc…` chains)', () => {
    expect(readTermChoice(['4', '5', '6'], TREE, true)).toEqual({ ids: [6], operator: 'OR' });
    expect(readTermChoice('6hc4,5', TREE, true)).toEqual({ ids: [6], operator: 'OR' });
  });
});

describe('readRange', () => {
  const bounds = { min: 0, max: 200000, step: 5000 };
  test.each([
    ['10000_50000', { min: 10000, max: 50000 }],
    ['50000_10000', { min: 10000, max: 50000 }],
    ['-100_20000', { min: 0, max: 20000 }],
    ['0_200000', null],
    ['abc', null],
    ['1_2_3', null],
    ["0_1'; drop", null],
  ])('%s → %j', (text, expected) => expect(readRange(text, bounds)).toEqual(expected));
  test('without bounds reversed ends are swapped', () => {
    expect(readRange('9_-3', {})).toEqual({ min: -3, max: 9 });
  });
});

describe('readDayRange (Asia/Jakarta days as UTC bounds)', () => {
  test('both ends inclusive', () => {
    expect(readDayRange('2024.1.5-2024.2.10')).toEqual({
      from: '2024-01-04T17:00:00.000Z',
      before: '2024-02-10T17:00:00.000Z',
    });
  });
  test('open ends, one day, reversed ends', () => {
    expect(readDayRange('2024.1.5-')).toEqual({ from: '2024-01-04T17:00:00.000Z', before: null });
    expect(readDayRange('-2024.2.10')).toEqual({ from: null, before: '2024-02-10T17:00:00.000Z' });
    expect(readDayRange('2024.3.1')).toEqual({ from: '2024-02-29T17:00:00.000Z', before: '2024-03-01T17:00:00.000Z' });
    expect(readDayRange('2024.2.10-2024.1.5')).toEqual(readDayRange('2024.1.5-2024.2.10'));
  });
  test('impossible dates are ignored', () => {
    expect(readDayRange('2024.2.30-2024.13.1')).toBeNull();
    expect(readDayRange('2023.2.29-2024.1.1')).toEqual({ from: null, before: '2024-01-01T17:00:00.000Z' });
    expect(readDayRange('kemarin')).toBeNull();
    expect(readDayRange(['2024.1.1'])).toBeNull();
  });
});

describe('readSort', () => {
  const keys = new Set(['biaya']);
  test('JSON text or object; order upper-cased', () => {
    expect(readSort('{"orderby":"title","order":"asc"}', keys)).toEqual({ orderby: 'title', order: 'ASC' });
    expect(readSort({ orderby: 'meta_value_num', order: 'DESC', meta_key: 'biaya' }, keys)).toEqual({
      orderby: 'meta_value_num',
      order: 'DESC',
      metaKey: 'biaya',
    });
  });
  test('meta keys no sorting filter offers, unknown fields and junk: no sort', () => {
    expect(readSort({ orderby: 'meta_value', meta_key: 'password_hash' }, keys)).toBeNull();
    expect(readSort({ orderby: 'rand' }, keys)).toBeNull();
    expect(readSort('{"orderby":"title","order":"sideways"}', keys)).toBeNull();
    expect(readSort('not json', keys)).toBeNull();
  });
});

test('readSearch honours the minimum letters', () => {
  expect(readSearch('ab', 3)).toBeNull();
  expect(readSearch('  lomba ', 3)).toBe('lomba');
  expect(readSearch(['a', 'b'], 0)).toBe('a b');
});

test('readLetters: the filter own letters only, lower-cased, no duplicates', () => {
  expect(readLetters(['B', 'a', 'b', '%', 'ab_'], ['A', 'B'])).toEqual(['a', 'b']);
  expect(readLetters('z', ['A'])).toBeNull();
  expect(readLetters('z', undefined)).toEqual(['z']);
});

test('likePattern escapes the wildcards', () => {
  expect(likePattern('50%_OFF\\')).toBe('%50\\%\\_off\\\\%');
});

describe('planFilters', () => {
  const records = [
    record({ id: 1, type: 'alphabet', queryType: 'alphabet', queryVar: '' }),
    record({ id: 2, type: 'checkboxes', queryType: 'meta_query', queryVar: 'hari' }),
    record({
      id: 3,
      type: 'range',
      queryType: 'meta_query',
      queryVar: 'biaya',
      queryVarSuffix: 'range',
      settings: { min: 0, max: 100 },
    }),
    record({ id: 4, type: 'date-range', queryType: 'date_query', queryVar: '', queryVarSuffix: 'date' }),
    record({
      id: 5,
      type: 'sorting',
      queryType: 'sort',
      queryVar: 'standard',
      settings: { sortOptions: [{ label: 'Biaya', orderby: 'meta_value_num', order: 'ASC', metaKey: 'biaya' }] },
    }),
  ];

  test.each(['sqlite', 'postgres'] as const)(
    'only the group keys count, values are parameters (%s)',
    async (dialect) => {
      const db = compiler(dialect);
      const plan = await planFilters(db, dialect, records, {
        _alphabet_: "a' or 1=1 --",
        _meta_query_hari: ["Senin'); drop table post; --", 'Rabu'],
        '_meta_query_biaya|range': '80_20',
        '_date_query_|date': '2024.1.5-2024.1.6',
        _sort_standard: { orderby: 'meta_value_num', order: 'ASC', meta_key: 'biaya' },
        _meta_query_password: 'x',
        _tax_query_category: ['1'],
      });
      expect(plan.conditions.map((c) => c.key)).toEqual([
        '_date_query_|date',
        '_meta_query_biaya|range',
        '_meta_query_hari',
      ]);
      expect(Object.keys(plan.applied).sort()).toEqual([
        '_date_query_|date',
        '_meta_query_biaya|range',
        '_meta_query_hari',
        '_sort_standard',
      ]);
      let query = db.selectFrom('post').select('post.id');
      for (const c of plan.conditions) query = query.where(c.where);
      for (const o of plan.order ?? []) query = query.orderBy(o.by, o.direction);
      const compiled = query.compile();
      expect(compiled.sql).not.toContain('drop table');
      expect(compiled.sql).not.toContain('Rabu');
      expect(compiled.parameters).toEqual(
        expect.arrayContaining(["Senin'); drop table post; --", 'Rabu', 20, 80, '2024-01-04T17:00:00.000Z', 'biaya']),
      );
    },
  );

  test('the cache key names the effect, not the spelling', async () => {
    const db = compiler('sqlite');
    const a = await planFilters(db, 'sqlite', records, { _meta_query_hari: ['Rabu', 'Senin'], _alphabet_: '%' });
    const b = await planFilters(db, 'sqlite', records, { _meta_query_hari: 'Senin,Rabu', junk: 'x' });
    expect(a.cacheKey).toBe(b.cacheKey);
    const c = await planFilters(db, 'sqlite', records, { _meta_query_hari: 'Senin' });
    expect(c.cacheKey).not.toBe(a.cacheKey);
  });
});
