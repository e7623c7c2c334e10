import type { MediaView } from '~/content/media';
import type { FILTER_URL_TYPES } from '~/content/options-vocabulary';
import type { ApplyType, CounterMode, FilterType, IndexerRule, PeriodType, QueryType } from './vocabulary';

/**
 * Smart filters (spec 001 §1-9, original-wire.md §2): the shared vocabulary of the server, the
 * browser and the URL codec. Types only and tiny pure helpers; the rules live in their own modules
 * (url-state, date-format, range, pagination, indexer-rules, date-period).
 */

/** Listings a filter group can narrow: the listing grid (JetEngine) and the posts list (Elementor Pro posts). */
export const PROVIDERS = ['jet-engine', 'epro-posts'] as const;
export type Provider = (typeof PROVIDERS)[number];
/** spec 001 §9: the query id when a listing names none. */
export const DEFAULT_QUERY_ID = 'default';

// The record's kinds (filter type, query type …) are lists in vocabulary.ts: the staff screens use the
// lists, the public browser code only their types, so the lists stay out of every page's JavaScript.
export type {
  ApplyType,
  CounterMode,
  FilterType,
  IndexerRule,
  PeriodType,
  QueryType,
} from './vocabulary';

/**
 * A filter's value in the query (original-wire.md §2.3): one option ('12'), several
 * (['12', '15', 'operator_OR']), a range ('10_100'), a date range ('2024.1.5-2024.2.10'),
 * search text, or a sort object ({ orderby: 'date', order: 'DESC' }).
 */
export type FilterValue = string | string[] | { [field: string]: string };

/** A group's filter state: query key (`_tax_query_category`, `_meta_query_biaya|range` …) → value. */
export type FilterQuery = Record<string, FilterValue>;

/** What an address says about one group's filters (plain, permalink or legacy form). */
export interface FilterAddress {
  provider: string;
  queryId: string;
  query: FilterQuery;
  /** `pagenum` / `jet_paged`; 1 without one. */
  page: number;
}

export type UrlType = (typeof FILTER_URL_TYPES)[number];

/** `provider/queryId`: the key of a group in settings, indexed data and the wire. */
export function groupKey(provider: string, queryId: string): string {
  return `${provider}/${queryId || DEFAULT_QUERY_ID}`;
}

/** original-wire.md §2.2: `_` + queryType + `_` + queryVar, plus `|suffix` when there is one. */
export function queryKeyOf(f: { queryType: QueryType; queryVar: string; queryVarSuffix: string }): string {
  const key = `_${f.queryType}_${f.queryVar}`;
  return f.queryVarSuffix ? `${key}|${f.queryVarSuffix}` : key;
}

/** The query key of the pagination (never written into `query`, spec 001 §3 "Pagination"). */
export const PAGED_KEY = 'jet_paged';

/** One sorting choice of a sorting filter. */
export interface SortOption {
  label: string;
  orderby: 'date' | 'title' | 'meta_value_num' | 'meta_value';
  order: 'ASC' | 'DESC';
  metaKey?: string;
}

/** Type-specific settings of a filter record (all optional; defaults are the spec's). */
export interface FilterControlSettings {
  /** checkboxes: a relational operator switch for several choices (AND/OR). */
  operator?: 'AND' | 'OR';
  /** checkboxes: show this many options, then a "more" toggle (0: all). */
  moreLess?: number;
  /** checkboxes: options in a dropdown. */
  dropdown?: boolean;
  /** select, search, dropdowns, date inputs. */
  placeholder?: string;
  /** hierarchy: one label and placeholder per level, top first. */
  levels?: Array<{ label: string; placeholder: string }>;
  /** range (spec 001 §9: no thousands separator, no decimal separator, 0 decimals). */
  min?: number;
  max?: number;
  step?: number;
  prefix?: string;
  suffix?: string;
  thousandsSeparator?: string;
  decimalSeparator?: string;
  decimals?: number;
  /** date-range, date-period: datepicker format letters (default mm/dd/yy). */
  dateFormat?: string;
  /** date-period */
  periodType?: PeriodType;
  /** search: shorter text counts as empty. */
  minLetters?: number;
  /** sorting */
  sortOptions?: SortOption[];
  /** alphabet */
  letters?: string[];
  multiple?: boolean;
  /** rating */
  stars?: number;
  /** color-image */
  swatch?: 'color' | 'image';
}

/** A filter as the browser gets it (the stored record without server-only parts). */
export interface PublicFilter {
  id: number;
  type: FilterType;
  label: string;
  /** Label in the active filters list. */
  activeLabel: string;
  queryType: QueryType;
  queryVar: string;
  queryVarSuffix: string;
  queryKey: string;
  applyType: ApplyType;
  indexer: { enabled: boolean; rule: IndexerRule; counterMode: CounterMode; showCounter: boolean };
  settings: FilterControlSettings;
}

/** One choice of a filter, with its count when the filter is indexed. */
export interface FilterOption {
  value: string;
  label: string;
  /** Items the listing would show with this option chosen and the other filters kept. */
  count?: number;
  color?: string;
  image?: MediaView | null;
  /** Taxonomy options: depth below the filter's top level (0 = top). */
  depth?: number;
}

/** One level of a hierarchical select: its options for the current choice above it. */
export interface HierarchyLevel {
  label: string;
  placeholder: string;
  options: FilterOption[];
  value: string;
}

/** Props of the `smart-filter` widget (one stored filter record on a page). */
export interface FilterWidgetProps {
  filter: PublicFilter;
  provider: Provider;
  queryId: string;
  options: FilterOption[];
  /** hierarchy only */
  levels?: HierarchyLevel[];
  /** The value read from the address, null when the filter is empty. */
  value: FilterValue | null;
  /** Other groups on the page that take the filter's value too (spec 001 §3-4 "additional providers"). */
  additionalProviders: Array<{ provider: Provider; queryId: string }>;
}

/** Indexed counts of one group (original-wire.md §2.9): queryType → queryVar → option value → count. */
export type IndexedData = Partial<Record<'tax_query' | 'meta_query', Record<string, Record<string, number>>>>;

/** `pagination` of the filtering answer and the page settings' props per group. */
export interface ListingProps {
  found_posts: number;
  max_num_pages: number;
  page: number;
}

/** A group as the page starts it: the state read from the address and its listing's props. */
export interface FilterGroupState {
  provider: Provider;
  queryId: string;
  query: FilterQuery;
  page: number;
  props: ListingProps;
  indexed: IndexedData;
  urlType: UrlType;
  /** The page's address without any `jsf/…` tail or filter parameters (original-wire.md §2.1 baseurl). */
  baseUrl: string;
  /**
   * The group's filters with the labels of their chosen values, by filter id: the active-filters list
   * names the state from the first render (without JavaScript too); mounted filters add the rest.
   */
  filters?: Record<number, { filter: PublicFilter; labels: Record<string, string> }>;
}

/**
 * Answer of `jet_smart_filters` (original-wire.md §2.8) with the fields our own client reads as well:
 * `listing` carries the items' HTML (the same as `content`) and the pager numbers.
 */
export interface FilteringAnswer {
  content: string;
  pagination: ListingProps;
  is_data?: 1;
  jetFiltersIndexedData?: Record<string, IndexedData>;
  fragments?: Record<string, string>;
}
