/**
 * The kinds a stored filter record names (spec 001): lists for the server's schemas and the staff
 * screens. Public browser code imports only their types (through model.ts).
 */

/** The filter control a stored filter record shows. */
export const FILTER_TYPES = [
  'checkboxes',
  'select',
  'hierarchy',
  'radio',
  'rating',
  'color-image',
  'alphabet',
  'search',
  'sorting',
  'range',
  'date-range',
  'date-period',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export const QUERY_TYPES = ['tax_query', 'meta_query', 'date_query', 'sort', '_s', 'alphabet'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/** spec 001 §4: reload and mixed apply on the apply button, the others on change. */
export const APPLY_TYPES = ['ajax', 'ajax-ontyping', 'reload', 'mixed'] as const;
export type ApplyType = (typeof APPLY_TYPES)[number];

export const INDEXER_RULES = ['show', 'hide', 'disable'] as const;
export type IndexerRule = (typeof INDEXER_RULES)[number];
export const COUNTER_MODES = ['default', 'other_changed', 'never'] as const;
export type CounterMode = (typeof COUNTER_MODES)[number];

export const PERIOD_TYPES = ['day', 'week', 'month', 'year', 'range'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
