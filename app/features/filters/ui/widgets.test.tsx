import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, test } from 'vitest';
import { DATE_RANGE, FEE_RANGE, filterGroupOf, publicFilterOf } from '../filters.fixtures';
import type { FilterOption, PublicFilter } from '../model';
import { FilterGroupsProvider } from './filter-groups';
import { filterWidgetComponents, loadFilterWidgets } from './lazy-widgets';

/** Server renders of the filter widgets: the HTML a visitor without JavaScript gets, and what hydration expects. */

const group = filterGroupOf({
  query: { '_tax_query_kategori-galeri': ['12'], '_meta_query_biaya|range': '100000_300000' },
  page: 2,
  props: { found_posts: 20, max_num_pages: 4, page: 2 },
  indexed: { tax_query: { 'kategori-galeri': { '12': 4, '15': 0, '18': 2 } } },
});

// Counted, with the options nothing is found for hidden.
const filter = (over: Partial<PublicFilter>): PublicFilter =>
  publicFilterOf({
    label: 'Kategori kegiatan',
    indexer: { enabled: true, rule: 'hide', counterMode: 'default', showCounter: true },
    ...over,
  });

const options: FilterOption[] = [
  { value: '12', label: 'Pentas seni' },
  { value: '15', label: 'Lomba' },
  { value: '18', label: 'Upacara' },
];

function page(children: ReactNode, withApplyButton: string[] = []) {
  return renderToString(
    <FilterGroupsProvider groups={[group]} withApplyButton={withApplyButton}>
      {children}
    </FilterGroupsProvider>,
  );
}

/** The first `<name …>` start tag holding `attr`. */
function tag(html: string, name: string, attr: string): string {
  return html.match(new RegExp(`<${name}\\b[^>]*${attr.replace(/[[\]|]/g, '\\$&')}[^>]*>`))?.[0] ?? '';
}

const SmartFilter = filterWidgetComponents['smart-filter']!;

/** A `smart-filter` widget of the test group, rendered on a page. */
function renderFilter(f: PublicFilter, opts: FilterOption[] = [], withApplyButton: string[] = []) {
  return page(
    <SmartFilter filter={f} provider="jet-engine" queryId="galeri" options={opts} value={null} group={group} />,
    withApplyButton,
  );
}
const Pagination = filterWidgetComponents['smart-filter-pagination']!;

beforeAll(async () => {
  await loadFilterWidgets();
});

describe('a group without JavaScript is a GET form (legacy keys, original-wire.md §2.7)', () => {
  test('the form, its provider field and the checkboxes named by the query key', () => {
    const html = renderFilter(filter({}), options);
    const form = tag(html, 'form', 'id="jsf-form-jet-engine-galeri"');
    for (const attr of ['method="get"', 'action="/galeri/"', 'hidden=""']) expect(form).toContain(attr);
    expect(html).toContain('<input type="hidden" name="jet-smart-filters" value="jet-engine/galeri"/>');
    const twelve = tag(html, 'input', 'value="12"');
    for (const attr of [
      'type="checkbox"',
      'name="_tax_query_kategori-galeri[]"',
      'form="jsf-form-jet-engine-galeri"',
      'checked=""',
    ]) {
      expect(twelve).toContain(attr);
    }
    expect(tag(html, 'input', 'value="18"')).not.toContain('checked');
    expect(html).toContain('<legend class="jet-filter-label">Kategori kegiatan</legend>');
    // Counts and the hide rule: Lomba counts 0 and is hidden; the others show their counters.
    expect(html).toContain('(4)');
    expect(html).toMatch(/jet-filter-row-hide" hidden=""><input[^>]*value="15"/);
    expect(html).toContain('<noscript><button type="submit" form="jsf-form-jet-engine-galeri"');
  });

  test('more/less and dropdown are native disclosures (usable without JavaScript); the operator is not a field', () => {
    const many = filter({ settings: { moreLess: 2, operator: 'OR' } });
    const html = renderFilter(many, options);
    expect(html).toMatch(
      /<details class="jet-filter-items-moreless"><summary[^>]*>Lebih banyak \(1\)<\/summary><label[^>]*><input[^>]*value="18"/,
    );
    expect(html).not.toContain('operator_');
    const dropdown = filter({ settings: { dropdown: true, placeholder: 'Pilih kategori' } });
    const closed = renderFilter(dropdown, options);
    expect(closed).toMatch(/<details class="jet-filter-items-dropdown"><summary[^>]*>Pentas seni<\/summary>/);
  });

  test('with an apply button on the page the filters bring no button of their own', () => {
    const html = renderFilter(filter({}), options, ['jet-engine/galeri']);
    expect(html).not.toContain('<noscript>');
  });

  test('a filter whose options are all hidden is hidden', () => {
    const html = renderFilter(filter({}), [{ value: '15', label: 'Lomba' }]);
    expect(html).toMatch(/<div class="jet-smart-filters-checkboxes jet-filter"[^>]*hidden=""/);
  });

  test('sorting choices are sent as JSON, the search box by its key', () => {
    const sorting = filter({
      id: 2,
      type: 'sorting',
      queryType: 'sort',
      queryVar: 'standard',
      queryKey: '_sort_standard',
      label: 'Urutkan',
      settings: { sortOptions: [{ label: 'Judul A-Z', orderby: 'title', order: 'ASC' }] },
    });
    const html = renderFilter(sorting, []);
    expect(html).toContain('value="{&quot;orderby&quot;:&quot;title&quot;,&quot;order&quot;:&quot;ASC&quot;}"');
    const search = filter({
      id: 3,
      type: 'search',
      queryType: '_s',
      queryVar: 'query',
      queryKey: '__s_query|search',
      label: 'Cari',
    });
    const box = renderFilter(search, []);
    expect(tag(box, 'input', 'name="__s_query|search"')).toContain('type="search"');
    expect(box).toMatch(/<button type="submit" form="jsf-form-jet-engine-galeri"[^>]*>Cari<\/button>/);
  });

  test('the range shows the applied value in its number boxes and a two-thumb slider', () => {
    const range = filter({
      ...FEE_RANGE,
      id: 4,
      queryVarSuffix: 'range',
      settings: { min: 0, max: 500000, step: 50000, prefix: 'Rp', thousandsSeparator: '.' },
    });
    const html = renderFilter(range, []);
    expect(html.match(/type="range"/g)).toHaveLength(2);
    const low = tag(html, 'input', 'type="number"');
    expect(low).toContain('name="_meta_query_biaya|range[]"');
    expect(low).toContain('value="100000"');
    // The thumbs speak the site's language whatever the server's locale (no hydration mismatch).
    expect(html).toContain('aria-valuetext="100.000"');
    expect(html).toContain('Rp100.000');
    expect(html).toContain('Rp300.000');
  });

  test('date range boxes show the applied dates in the filter format', () => {
    const dates = filter({ ...DATE_RANGE, id: 5, settings: { dateFormat: 'dd/mm/yy' } });
    const dated = { ...group, query: { '_date_query_|date': '2024.1.5-2024.2.10' } };
    const html = renderToString(
      <FilterGroupsProvider groups={[dated]} withApplyButton={[]}>
        <SmartFilter filter={dates} provider="jet-engine" queryId="galeri" options={[]} value={null} group={dated} />
      </FilterGroupsProvider>,
    );
    expect(html).toMatch(/value="05\/01\/2024"/);
    expect(html).toMatch(/value="10\/02\/2024"/);
    expect(html).toContain('aria-label="Pilih tanggal: Dari"');
  });
});

describe('pagination (spec 001 §5)', () => {
  const settings = {
    provider: 'jet-engine',
    queryId: 'galeri',
    prevNext: true,
    prevText: 'Sebelumnya',
    nextText: 'Berikutnya',
    midSize: 0,
    endSize: 0,
    topOffset: 0,
  };
  test('real links to the filtered address of each page; the current one marked', () => {
    const html = page(<Pagination {...settings} group={group} />);
    expect(html).toContain(
      'href="/galeri/?jet-smart-filters=jet-engine:galeri&amp;tax=kategori-galeri:12&amp;meta=biaya!range:100000_300000&amp;pagenum=3"',
    );
    expect(html).toMatch(/aria-current="page"[^>]*>2</);
    expect(html).toContain('rel="prev"');
    expect(html).toContain(
      'href="/galeri/?jet-smart-filters=jet-engine:galeri&amp;tax=kategori-galeri:12&amp;meta=biaya!range:100000_300000"',
    );
  });
  test('no pagination below two pages', () => {
    const one = { ...group, props: { found_posts: 3, max_num_pages: 1, page: 1 }, page: 1 };
    expect(page(<Pagination {...settings} group={one} />)).not.toContain('<nav');
  });
});

test('outside a page (a template) a filter widget is an island the page mounts later', () => {
  const html = renderToString(
    <SmartFilter
      filter={filter({})}
      provider="jet-engine"
      queryId="galeri"
      options={options}
      value={null}
      group={group}
    />,
  );
  expect(html).toContain('data-jsf-island="SmartFilter"');
  expect(html).toContain('jet-checkboxes-list');
});

describe('the phone "Filter" control (issue 13)', () => {
  const Panel = filterWidgetComponents['smart-filter-panel']!;
  const range = filter({ ...FEE_RANGE, id: 3, settings: { min: 0, max: 500000, step: 1000 } });
  test('a closed disclosure (never `open` from the server) counting the active filters', () => {
    const withFilters = {
      ...group,
      filters: { 1: { filter: filter({}), labels: {} }, 3: { filter: range, labels: {} } },
    };
    const html = page(<Panel provider="jet-engine" queryId="galeri" label="Filter" group={withFilters} />);
    expect(tag(html, 'details', 'jsf-panel')).not.toMatch(/\bopen\b/);
    expect(html).toMatch(/<summary class="jsf-panel__toggle"><span class="jsf-panel__label">Filter<\/span>/);
    expect(html).toContain('class="jsf-panel__count">2<span class="visually-hidden"> aktif</span>');
  });
  test('nothing active: no count', () => {
    const html = page(<Panel provider="jet-engine" queryId="galeri" label="Filter" group={{ ...group, query: {} }} />);
    expect(html).toContain('jsf-panel__toggle');
    expect(html).not.toContain('jsf-panel__count');
  });
});

test('a month chosen leaves the week filter on its placeholder (they share the date key, issue 13)', () => {
  const period = (id: number, periodType: 'week' | 'month', placeholder: string) =>
    filter({
      id,
      type: 'date-period',
      queryType: 'date_query',
      queryVar: '',
      queryVarSuffix: 'date',
      queryKey: '_date_query_|date',
      indexer: { enabled: false, rule: 'show', counterMode: 'default', showCounter: false },
      settings: { periodType, placeholder, dateFormat: 'dd/mm/yy' },
    });
  const march = { ...group, query: { '_date_query_|date': '2025.3.1-2025.3.31' } };
  const render = (f: PublicFilter) =>
    page(<SmartFilter filter={f} provider="jet-engine" queryId="galeri" options={[]} value={null} group={march} />);
  expect(render(period(24, 'week', 'Pilih minggu'))).toContain('class="jet-date-period__label">Pilih minggu<');
  expect(render(period(25, 'month', 'Pilih bulan'))).not.toContain('Pilih bulan');
});
