import type { FilterGroupState, PublicFilter } from './model';
import { type FilterRecord, filterRecord } from './settings';

/** What a test says of a stored filter: its type and query at least; `id` is 1 unless given. */
export type FilterRecordSpec = Partial<FilterRecord> & Pick<FilterRecord, 'type' | 'queryType' | 'queryVar'>;

/** A stored filter record, parsed by its schema: a plain, unindexed AJAX filter but for what `spec` sets. */
export function filterRecordOf(spec: FilterRecordSpec): FilterRecord {
  const id = spec.id ?? 1;
  return filterRecord.parse({
    id,
    name: `f${id}`,
    label: 'L',
    activeLabel: 'L',
    queryVarSuffix: '',
    applyType: 'ajax',
    source: { kind: 'none' },
    indexer: { enabled: false, rule: 'show', counterMode: 'default', showCounter: false },
    settings: {},
    ...spec,
  });
}

/** The school-fee range filter as the browser gets it, without its id and settings (each test sets those). */
export const FEE_RANGE = {
  type: 'range',
  queryType: 'meta_query',
  queryVar: 'biaya',
  queryKey: '_meta_query_biaya|range',
  label: 'Biaya',
  activeLabel: 'Biaya',
} as const satisfies Partial<PublicFilter>;

/** The date range filter on posts' dates as the browser gets it, without its id and settings. */
export const DATE_RANGE = {
  type: 'date-range',
  queryType: 'date_query',
  queryVar: '',
  queryVarSuffix: 'date',
  queryKey: '_date_query_|date',
  label: 'Tanggal',
  activeLabel: 'Tanggal',
} as const satisfies Partial<PublicFilter>;

/** The news category filter's keys (a taxonomy filter on posts' categories). */
export const NEWS_CATEGORY = { queryVar: 'category', queryKey: '_tax_query_category' } as const;

/** The gallery's category checkboxes as the browser gets them (AJAX, counted), but for what `over` sets. */
export function publicFilterOf(over: Partial<PublicFilter>): PublicFilter {
  return {
    id: 1,
    type: 'checkboxes',
    label: 'Kategori',
    activeLabel: 'Kategori',
    queryType: 'tax_query',
    queryVar: 'kategori-galeri',
    queryVarSuffix: '',
    queryKey: '_tax_query_kategori-galeri',
    applyType: 'ajax',
    indexer: { enabled: true, rule: 'show', counterMode: 'default', showCounter: true },
    settings: {},
    ...over,
  };
}

/** The gallery's filter group on its first page with nothing chosen, but for what `over` sets. */
export function filterGroupOf(over: Partial<FilterGroupState>): FilterGroupState {
  return {
    provider: 'jet-engine',
    queryId: 'galeri',
    query: {},
    page: 1,
    props: { found_posts: 9, max_num_pages: 2, page: 1 },
    indexed: {},
    urlType: 'plain',
    baseUrl: '/galeri/',
    ...over,
  };
}
