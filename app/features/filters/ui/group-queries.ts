import type { FilterOption, FilterValue, IndexedData, PublicFilter } from '../model';
import type { GroupState } from './group-store';

/** Reading a group's state: what the filter widgets (loaded on demand) ask of it. */

/** A value the query holds: not null, not '', not an empty list (spec 001 §5 "an empty value means inactive"). */
export function isActiveValue(value: FilterValue | null | undefined): value is FilterValue {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value !== '';
  if (Array.isArray(value)) return value.some((v) => v !== '' && !v.startsWith('operator_'));
  return Object.keys(value).length > 0;
}

/** The value a filter shows: its pending value when it has one, else the applied one. */
export function currentValue(state: GroupState, key: string): FilterValue | null {
  if (key in state.pending) return state.pending[key] ?? null;
  return state.query[key] ?? null;
}

/** The counts a filter shows: its own after its counter mode, else the group's latest. */
export function countsFor(state: GroupState, filter: PublicFilter): Record<string, number> | null {
  if (!filter.indexer.enabled) return null;
  const own = state.shownCounts[filter.id];
  if (own) return own;
  return indexedSlice(state.indexed, filter) ?? null;
}

/** The counts of one filter inside a group's indexed data. */
export function indexedSlice(indexed: IndexedData, filter: PublicFilter): Record<string, number> | undefined {
  if (filter.queryType !== 'tax_query' && filter.queryType !== 'meta_query') return undefined;
  return indexed[filter.queryType]?.[filter.queryVar];
}

/** Option labels by value (for the active-filters list). */
export function labelsOf(options: FilterOption[]): Record<string, string> {
  return Object.fromEntries(options.map((o) => [o.value, o.label]));
}
