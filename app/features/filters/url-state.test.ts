import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type FilterAddress, type FilterQuery, PROVIDERS, type UrlType } from './model';
import { baseUrlOf, isFilterParam, readFilterAddress, writeFilterAddress } from './url-state';

const ORIGIN = 'https://smp.test';
const read = (href: string) => readFilterAddress(new URL(href, ORIGIN));
function write(href: string, address: FilterAddress, urlType: UrlType = 'plain'): string {
  const { pathname, search } = new URL(href, ORIGIN);
  return writeFilterAddress({ pathname, search }, address, urlType);
}
const galeri = (query: FilterQuery, page = 1): FilterAddress => ({
  provider: 'jet-engine',
  queryId: 'galeri',
  query,
  page,
});

// original-wire.md §2.5-2.7: the exact examples.
const TAX = galeri({ _tax_query_category: ['12', '15', 'operator_OR'], _tax_query_post_tag: '7' });
const META = galeri({ '_meta_query_harga|range': '10_100', '_meta_query_kelas|compare-less': '9' });
const DATE_SORT = galeri(
  { '_date_query_|date': '2024.1.5-2024.2.10', _sort_standard: { orderby: 'date', order: 'DESC' } },
  2,
);
const SEARCH: FilterAddress = {
  provider: 'epro-posts',
  queryId: 'default',
  query: { '__s_query|search': 'lomba', _alphabet_: ['a', 'b'] },
  page: 1,
};

describe('the plain form (original-wire.md §2.5)', () => {
  test.each([
    ['/galeri/?jsf=jet-engine:galeri&tax=category:12%2C15%2Coperator_OR;post_tag:7', TAX],
    ['/galeri/?jsf=jet-engine:galeri&meta=harga!range:10_100;kelas!compare-less:9', META],
    ['/galeri/?jsf=jet-engine:galeri&date=2024.1.5-2024.2.10&sort=orderby:date;order:DESC&pagenum=2', DATE_SORT],
    ['/berita/?jsf=epro-posts&_s=lomba&alphabet=a%2Cb', SEARCH],
  ])('reads %s', (href, address) => {
    expect(read(href)).toEqual(address);
    // The spec's own parameter name reads the same.
    expect(read(href.replace('jsf=', 'jet-smart-filters='))).toEqual(address);
  });

  test.each([
    [TAX, '/galeri/?jet-smart-filters=jet-engine:galeri&tax=category:12%2C15%2Coperator_OR;post_tag:7'],
    [META, '/galeri/?jet-smart-filters=jet-engine:galeri&meta=harga!range:10_100;kelas!compare-less:9'],
    [
      DATE_SORT,
      '/galeri/?jet-smart-filters=jet-engine:galeri&date=2024.1.5-2024.2.10&sort=orderby:date;order:DESC&pagenum=2',
    ],
    [SEARCH, '/berita/?jet-smart-filters=epro-posts&_s=lomba&alphabet=a%2Cb'],
  ])('writes the spec form: %o', (address, href) => {
    const page = href.startsWith('/berita/') ? '/berita/' : '/galeri/';
    expect(write(page, address)).toBe(href);
  });

  test('the original client`s encoded sort and meta search read too', () => {
    expect(read('/?jsf=jet-engine&sort=orderby%3Atitle%3Border%3AASC')?.query).toEqual({
      _sort_standard: { orderby: 'title', order: 'ASC' },
    });
    expect(read('/?jsf=jet-engine&_s=lomba!meta%3Dnama')?.query).toEqual({ '_meta_query_nama|search': 'lomba' });
    expect(read('/?jsf=jet-engine&_s=lomba!meta=nama')?.query).toEqual({ '_meta_query_nama|search': 'lomba' });
    expect(read('/?jsf=jet-engine&search=lomba+renang')?.query).toEqual({ '__s_query|search': 'lomba renang' });
  });

  test('a meta search is written with `_s` when it is the only search, else as a meta pair', () => {
    const one = galeri({ '_meta_query_nama|search': 'budi' });
    expect(write('/galeri/', one)).toBe('/galeri/?jet-smart-filters=jet-engine:galeri&_s=budi!meta=nama');
    const two = galeri({ '__s_query|search': 'lomba', '_meta_query_nama|search': 'budi, ani' });
    expect(write('/galeri/', two)).toBe(
      '/galeri/?jet-smart-filters=jet-engine:galeri&_s=lomba&meta=nama!search:budi%2C%20ani',
    );
    expect(read(write('/galeri/', two))).toEqual(two);
  });

  test('values with separators and other characters are encoded', () => {
    const address = galeri({ '__s_query|search': 'a;b:c/d&e?f#g%h!i+j k' });
    expect(write('/galeri/', address)).toBe(
      '/galeri/?jet-smart-filters=jet-engine:galeri&_s=a%3Bb%3Ac%2Fd%26e%3Ff%23g%25h%21i%2Bj%20k',
    );
    expect(read(write('/galeri/', address))).toEqual(address);
  });
});

describe('the permalink form (original-wire.md §2.6)', () => {
  test.each([
    [
      '/galeri/jsf/jet-engine/tax/category:12%2C15/',
      { provider: 'jet-engine', queryId: 'default', query: { _tax_query_category: ['12', '15'] }, page: 1 },
    ],
    [
      '/galeri/jsf/jet-engine:galeri/tax/category:12;post_tag:7/meta/harga!range:10_100/pagenum/2/',
      galeri({ _tax_query_category: '12', _tax_query_post_tag: '7', '_meta_query_harga|range': '10_100' }, 2),
    ],
    [
      '/berita/jsf/epro-posts/search/lomba/sort/orderby:title;order:ASC/',
      {
        provider: 'epro-posts',
        queryId: 'default',
        query: { '__s_query|search': 'lomba', _sort_standard: { orderby: 'title', order: 'ASC' } },
        page: 1,
      },
    ],
  ])('reads and writes %s', (href, address) => {
    expect(read(href)).toEqual(address);
    const page = href.slice(0, href.indexOf('jsf/'));
    expect(write(page, address, 'permalink')).toBe(href);
  });

  test('segments are read by position, so a value may equal a type name', () => {
    expect(read('/berita/jsf/epro-posts/search/tax/tax/category:1/')?.query).toEqual({
      '__s_query|search': 'tax',
      _tax_query_category: '1',
    });
  });

  test('unknown types and empty values are skipped without shifting the pairs', () => {
    expect(read('/galeri/jsf/jet-engine/color/merah/tax//meta/kelas:7/extra')?.query).toEqual({
      _meta_query_kelas: '7',
    });
  });

  test('`/` in a value is encoded and reads back (the original server could not read it)', () => {
    const address = galeri({ '__s_query|search': 'IPA/IPS' });
    expect(write('/galeri/', address, 'permalink')).toBe('/galeri/jsf/jet-engine:galeri/search/IPA%2FIPS/');
    expect(read(write('/galeri/', address, 'permalink'))).toEqual(address);
  });

  test('a value of `.` or `..` cannot be a path segment and is left out', () => {
    const address = galeri({ '__s_query|search': '..', _tax_query_category: '3' });
    expect(write('/galeri/', address, 'permalink')).toBe('/galeri/jsf/jet-engine:galeri/tax/category:3/');
    expect(write('/galeri/?ref=1', galeri({ '__s_query|search': '.' }), 'permalink')).toBe('/galeri/?ref=1');
  });

  test('foreign parameters follow the path', () => {
    expect(write('/galeri/?ref=menu&tax=old:1', galeri({ _tax_query_category: '3' }), 'permalink')).toBe(
      '/galeri/jsf/jet-engine:galeri/tax/category:3/?ref=menu',
    );
  });
});

describe('the legacy form (original-wire.md §2.7)', () => {
  test('raw query keys with provider/queryId', () => {
    expect(
      read(
        '/galeri/?jet-smart-filters=jet-engine/galeri&_tax_query_category=12&_meta_query_harga|range=10_100&jet_paged=2',
      ),
    ).toEqual(galeri({ _tax_query_category: '12', '_meta_query_harga|range': '10_100' }, 2));
  });

  test('a form without JavaScript: repeated key[] fields and + for spaces', () => {
    const href =
      '/galeri/?jet-smart-filters=jet-engine%2Fgaleri&_tax_query_category%5B%5D=12&_tax_query_category%5B%5D=15' +
      '&__s_query%7Csearch=lomba+renang&_alphabet_[]=a&_date_query_%7Cdate=2024.1.5-';
    expect(read(href)).toEqual(
      galeri({
        _tax_query_category: ['12', '15'],
        '__s_query|search': 'lomba renang',
        _alphabet_: ['a'],
        '_date_query_|date': '2024.1.5-',
      }),
    );
  });

  test('comma-joined lists, JSON sort, and search text keeps its commas', () => {
    const sort = encodeURIComponent('{"orderby":"meta_value_num","order":"ASC","meta_key":"harga"}');
    expect(
      read(`/?jet-smart-filters=jet-engine&_tax_query_category=12,15&_sort_standard=${sort}&__s_query|search=a,b`)
        ?.query,
    ).toEqual({
      _tax_query_category: ['12', '15'],
      _sort_standard: { orderby: 'meta_value_num', order: 'ASC', meta_key: 'harga' },
      '__s_query|search': 'a,b',
    });
  });
});

describe('the provider', () => {
  test.each([
    ['/?jsf=jet-engine', 'jet-engine', 'default'],
    ['/?jsf=jet-engine:', 'jet-engine', 'default'],
    ['/?jsf=jet-engine:galeri', 'jet-engine', 'galeri'],
    ['/?jsf=jet-engine/galeri', 'jet-engine', 'galeri'],
    ['/?jsf=jet-engine%3Agaleri%2Fputra', 'jet-engine', 'galeri/putra'],
    ['/?jet-smart-filters=epro-posts&jsf=jet-engine', 'epro-posts', 'default'],
    ['/x/jsf/jet-engine:galeri/?jsf=epro-posts', 'jet-engine', 'galeri'],
  ])('%s names %s/%s', (href, provider, queryId) => {
    expect(read(href)).toMatchObject({ provider, queryId });
  });

  test.each([
    '/galeri/',
    '/galeri/?tax=category:1&_tax_query_category=1',
    '/?jsf=',
    '/?jsf=:galeri',
    '/?jsf=%zz',
    '/galeri/jsf/',
  ])('%s names no provider', (href) => {
    expect(read(href)).toBeNull();
  });

  test('the default query id is not written', () => {
    expect(write('/', { ...TAX, queryId: 'default' })).toMatch(/^\/\?jet-smart-filters=jet-engine&tax=/);
  });
});

describe('junk never throws', () => {
  test.each([
    [
      'malformed percent-encoding in a value',
      '/?jsf=jet-engine&tax=category:%E0%A4%A;post_tag:7&_s=%',
      {
        _tax_query_post_tag: '7',
      },
    ],
    ['malformed names', '/?jsf=jet-engine&%zz=1&tax=%zz:1', {}],
    ['pairs without field or value', '/?jsf=jet-engine&tax=;;:;a:;:b&meta=x&sort=orderby;:DESC', {}],
    ['unknown types and keys', '/?jsf=jet-engine&color=red&_tax_query_=1&_sort_other=x&_meta_query_a|b|c=1', {}],
    ['empty values', '/?jsf=jet-engine&_s=&date=&alphabet=&_tax_query_category=', {}],
    ['bad JSON sort', '/?jsf=jet-engine&_sort_standard=%7Bnope', {}],
    ['a list of empty items', '/?jsf=jet-engine&_tax_query_category=,,', {}],
  ])('%s', (_, href, query) => {
    expect(read(href)).toEqual({ provider: 'jet-engine', queryId: 'default', query, page: 1 });
  });

  test.each([
    ['pagenum=0', 1],
    ['pagenum=-3', 1],
    ['pagenum=abc', 1],
    ['pagenum=2.5', 1],
    ['pagenum=100001', 1],
    ['pagenum=99999999999999999999', 1],
    ['pagenum=100000', 100_000],
    ['jet_paged=7', 7],
  ])('%s is page %d', (param, page) => {
    expect(read(`/?jsf=jet-engine&${param}`)?.page).toBe(page);
  });

  test('sizes are capped: 50 keys, 100 items, 200 characters', () => {
    const many = Array.from({ length: 60 }, (_, i) => `_tax_query_t${i}=1`).join('&');
    expect(Object.keys(read(`/?jsf=jet-engine&${many}`)!.query)).toHaveLength(50);
    const items = Array.from({ length: 150 }, (_, i) => i + 1).join('%2C');
    expect(read(`/?jsf=jet-engine&tax=category:${items}`)!.query._tax_query_category).toHaveLength(100);
    // Code points, not UTF-16 units: an emoji is never cut in half.
    const long = read(`/?jsf=jet-engine&_s=${encodeURIComponent('😀'.repeat(300))}`)!.query['__s_query|search'];
    expect(long).toBe('😀'.repeat(200));
  });
});

describe('writing', () => {
  test('an empty state on page 1 is the base address with the foreign parameters', () => {
    const empty = galeri({});
    expect(write('/galeri/jsf/jet-engine/tax/category:1/?ref=menu&tax=category:1', empty)).toBe('/galeri/?ref=menu');
    expect(write('/galeri/?jsf=jet-engine&tax=category:1&_s=x', empty, 'permalink')).toBe('/galeri/');
  });

  test('page 1 writes no pagenum; a page alone is written', () => {
    expect(write('/galeri/', galeri({ _tax_query_category: '3' }, 1))).not.toContain('pagenum');
    expect(write('/galeri/', galeri({}, 3))).toBe('/galeri/?jet-smart-filters=jet-engine:galeri&pagenum=3');
    expect(write('/galeri/', galeri({}, 3), 'permalink')).toBe('/galeri/jsf/jet-engine:galeri/pagenum/3/');
  });

  test('foreign parameters are kept in order, old filter parameters are dropped', () => {
    const from = '/galeri?nocache=1&tax=category:1&utm_source=wa&jsf=epro-posts&_tax_query_x[]=2&jet_paged=4&q=%20a';
    expect(write(from, galeri({ _tax_query_category: '3' }))).toBe(
      '/galeri/?nocache=1&utm_source=wa&q=%20a&jet-smart-filters=jet-engine:galeri&tax=category:3',
    );
  });

  test('types are written in the order of their first key', () => {
    const address = galeri({ _alphabet_: 'b', _tax_query_category: '1', '__s_query|search': 'x', _tax_query_y: '2' });
    expect(write('/', address)).toBe('/?jet-smart-filters=jet-engine:galeri&alphabet=b&tax=category:1;y:2&_s=x');
  });

  test('lone surrogates become U+FFFD instead of throwing', () => {
    const written = write('/', galeri({ '__s_query|search': 'a\uD800b' }));
    expect(read(written)?.query).toEqual({ '__s_query|search': 'a\uFFFDb' });
  });
});

describe('helpers', () => {
  test.each([
    ['/', '/'],
    ['', '/'],
    ['/galeri', '/galeri/'],
    ['/galeri/', '/galeri/'],
    ['/galeri//', '/galeri/'],
    ['//evil.test/galeri', '/evil.test/galeri/'],
    ['/galeri/jsf/jet-engine/tax/category:1/', '/galeri/'],
    ['/jsf/jet-engine/', '/'],
    ['/berita/kegiatan/jsf', '/berita/kegiatan/'],
    ['/jsfoo/bar/', '/jsfoo/bar/'],
  ])('baseUrlOf(%j) = %j', (pathname, base) => expect(baseUrlOf(pathname)).toBe(base));

  test.each([
    ['jsf', true],
    ['jet-smart-filters', true],
    ['pagenum', true],
    ['jet_paged', true],
    ['search', true],
    ['_tax_query_category', true],
    ['_tax_query_category[]', true],
    ['_meta_query_harga|range', true],
    ['__s_query|search', true],
    ['_sort_standard', true],
    ['_alphabet_', true],
    ['ref', false],
    ['utm_source', false],
    ['taxonomy', false],
    ['s', false],
  ])('isFilterParam(%j) = %s', (name, expected) => expect(isFilterParam(name)).toBe(expected));
});

describe('round trips (property)', () => {
  const slug = fc.stringMatching(/^[a-z][a-z0-9_-]{0,11}$/);
  const special = fc.constantFrom(
    ';',
    ':',
    '/',
    '&',
    '?',
    '#',
    '%',
    ' ',
    '!',
    '+',
    '=',
    '.',
    '|',
    '"',
    "'",
    '\\',
    '<',
    '~',
    '%2C',
    '%zz',
    '!meta=x',
    'é',
    '日本',
    '😀',
    '\t',
    'operator_OR',
  );
  const unit = fc.oneof(special, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }));
  const text = fc.string({ unit, minLength: 1, maxLength: 12 }).filter((s) => s !== '.' && s !== '..');
  /** tax/meta/alphabet items: a comma would split them (documented limit). */
  const token = text.filter((s) => !s.includes(','));
  const list = fc.oneof(
    token,
    fc.array(token, { minLength: 2, maxLength: 5 }),
    fc
      .tuple(fc.array(token, { minLength: 1, maxLength: 4 }), fc.constantFrom('operator_AND', 'operator_OR'))
      .map(([items, op]) => [...items, op]),
  );
  const wireDate = fc
    .tuple(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
    .map(([y, m, d]) => `${y}.${m}.${d}`);
  const dateRange = fc
    .tuple(fc.option(wireDate), fc.option(wireDate))
    .filter(([a, b]) => a !== null || b !== null)
    .map(([a, b]) => `${a ?? ''}-${b ?? ''}`);
  const sort = fc
    .record(
      {
        orderby: fc.constantFrom('date', 'title', 'meta_value_num', 'meta_value'),
        order: fc.constantFrom('ASC', 'DESC'),
        meta_key: slug,
      },
      { requiredKeys: ['orderby', 'order'] },
    )
    .map((s): Record<string, string> => ({ ...s }));
  const suffix = fc.constantFrom(
    'range',
    'compare-less',
    'compare-greater',
    'compare-like',
    'is_custom_checkbox',
    'check-range',
    'rating',
  );
  const entry: fc.Arbitrary<[string, FilterQuery[string]]> = fc.oneof(
    fc.tuple(
      slug.map((v) => `_tax_query_${v}`),
      list,
    ),
    fc.tuple(
      fc.tuple(slug, fc.option(suffix)).map(([v, s]) => (s ? `_meta_query_${v}|${s}` : `_meta_query_${v}`)),
      list,
    ),
    fc.tuple(
      slug.map((v) => `_meta_query_${v}|search`),
      text,
    ),
    fc.tuple(
      slug.map((v) => `_meta_query_${v}|date`),
      dateRange,
    ),
    fc.tuple(fc.constant('_date_query_|date'), dateRange),
    fc.tuple(fc.constant('_sort_standard'), sort),
    fc.tuple(fc.constant('__s_query|search'), text),
    fc.tuple(fc.constant('_alphabet_'), fc.oneof(token, fc.array(token, { minLength: 2, maxLength: 4 }))),
  );
  const address: fc.Arbitrary<FilterAddress> = fc.record({
    provider: fc.constantFrom(...PROVIDERS),
    queryId: fc.oneof(fc.constant('default'), slug, text),
    query: fc.uniqueArray(entry, { selector: ([key]) => key, maxLength: 8 }).map((e) => Object.fromEntries(e)),
    page: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 100_000 })),
  });
  const pathname = fc.constantFrom('/', '/galeri/', '/berita/kegiatan', '/galeri/jsf/jet-engine/tax/category:1/');
  const foreign = fc.array(
    fc.tuple(fc.constantFrom('ref', 'utm_source', 'nocache', 'lang', 'q', 'x[]', 'taxonomy'), fc.string()),
    { maxLength: 3 },
  );
  const stale = fc.subarray([
    'tax=category:9',
    'jsf=epro-posts',
    '_tax_query_x=1',
    'jet_paged=3',
    'pagenum=4',
    '_s=old',
  ]);

  test.each(['plain', 'permalink'] as const)('write → read gives the same address (%s)', (urlType) => {
    fc.assert(
      fc.property(address, pathname, foreign, stale, (a, path, params, old) => {
        const foreignRaw = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
        const search = [...old.slice(0, 2), ...foreignRaw, ...old.slice(2)].join('&');
        const written = writeFilterAddress({ pathname: path, search: search ? `?${search}` : '' }, a, urlType);
        const url = new URL(written, ORIGIN);

        expect(url.pathname.startsWith(baseUrlOf(path))).toBe(true);
        const empty = Object.keys(a.query).length === 0 && a.page === 1;
        expect(readFilterAddress(url)).toEqual(empty ? null : a);
        // Foreign parameters survive, in order; stale filter parameters do not.
        const kept = [...url.searchParams].filter(([k]) => !isFilterParam(k));
        expect(kept).toEqual(params);
        if (urlType === 'permalink' || empty) expect([...url.searchParams]).toEqual(params);
      }),
      { numRuns: 300 },
    );
  });

  test('reading any address never throws', () => {
    const junk = fc.string({
      unit: fc.oneof(
        special,
        fc.constantFrom('jsf', 'tax', 'jsf/', '/', '=', '&', '[]', '%'),
        fc.string({ unit: 'binary', maxLength: 2 }),
      ),
      maxLength: 40,
    });
    fc.assert(
      fc.property(junk, junk, (path, query) => {
        let url: URL;
        try {
          url = new URL(`/${path}?jsf=jet-engine&${query}`, ORIGIN);
        } catch {
          return;
        }
        const address = readFilterAddress(url);
        if (address) expect(address.page).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
