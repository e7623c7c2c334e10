import { DEFAULT_DATE_FORMAT, formatDate, parseDateRange } from '../date-format';
import { periodShown } from '../date-period';
import type { FilterValue, PublicFilter, SortOption } from '../model';
import { formatNumber, parseRangeValue } from '../range';
import type { GroupFilter, GroupState } from './group-store';

/** How the controls read and write their values (original-wire.md §2.3), and how active filters name them. */

/** The chosen items of a value: a one-item list reads back from the address as a string; operator entries are not items. */
export function itemsOf(value: FilterValue | null | undefined): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((v) => v !== '' && !v.startsWith('operator_'));
  return [];
}

/** A checkbox list's value: the items, with `operator_AND`/`operator_OR` appended when the filter sets one. */
export function checkboxValue(items: string[], operator?: 'AND' | 'OR'): FilterValue | null {
  if (items.length === 0) return null;
  return operator ? [...items, `operator_${operator}`] : items;
}

/** Adds or removes one item. */
export function toggleItem(items: string[], item: string): string[] {
  return items.includes(item) ? items.filter((i) => i !== item) : [...items, item];
}

/** A sorting choice as the query holds it (original-wire.md §2.3: `meta_key` for meta sorts). */
export function sortValue(option: SortOption): Record<string, string> {
  const value: Record<string, string> = { orderby: option.orderby, order: option.order };
  if (option.metaKey) value.meta_key = option.metaKey;
  return value;
}

/** Which sorting choice a query value is (-1: none). */
export function sortIndex(value: FilterValue | null, options: SortOption[]): number {
  let sort: unknown = value;
  if (typeof value === 'string') {
    try {
      sort = JSON.parse(value);
    } catch {
      return -1;
    }
  }
  if (!sort || typeof sort !== 'object' || Array.isArray(sort)) return -1;
  const s = sort as Record<string, string>;
  return options.findIndex(
    (o) => o.orderby === s.orderby && o.order === s.order && (o.metaKey ?? '') === (s.meta_key ?? ''),
  );
}

/** spec 001 §5: search text shorter than the minimum letters counts as empty. */
export function searchValue(text: string, minLetters = 0): string | null {
  const trimmed = text.trim();
  return trimmed.length === 0 || trimmed.length < minLetters ? null : trimmed;
}

/** The bounds of a range filter's slider (spec 001 §5), from its settings. */
export function rangeBounds(filter: PublicFilter): { min: number; max: number; step: number } {
  const { min = 0, max = 100, step = 1 } = filter.settings;
  return { min, max, step };
}

/** One active filter (or, for tags, one active value) of a group. */
export interface ActiveItem {
  filterId: number;
  key: string;
  /** The list item a tag removes; null: the whole filter. */
  item: string | null;
  label: string;
  value: string;
}

/** spec 001 §4-5: filters the active lists leave out. */
const NOT_LISTED = new Set(['sorting']);

/**
 * The group's active filters in the order the filters were registered: one entry per filter, or with
 * `tags` one per chosen value of a list. Sorting (and pagination, never a filter) are left out.
 */
export function activeItems(state: GroupState, tags: boolean): ActiveItem[] {
  const items: ActiveItem[] = [];
  const seen = new Set<string>();
  const entries = Object.values(state.filters);
  for (const first of entries) {
    const key = first.filter.queryKey;
    if (NOT_LISTED.has(first.filter.type) || seen.has(key)) continue;
    seen.add(key);
    const value = state.query[key];
    if (value === undefined) continue;
    // Date filters share a key: a period of a date-period filter's type is named by it, any other by the first.
    const entry = entries.find((e) => e.filter.queryKey === key && isPeriodOf(e.filter, value)) ?? first;
    const { filter } = entry;
    const label = filter.activeLabel || filter.label;
    const list = Array.isArray(value) ? itemsOf(value) : null;
    if (tags && list && list.length > 1) {
      for (const item of list) {
        items.push({ filterId: filter.id, key, item, label, value: entry.labels[item] ?? item });
      }
      continue;
    }
    const text = describeValue(entry, value);
    if (text) items.push({ filterId: filter.id, key, item: null, label, value: text });
  }
  return items;
}

/** Whether a value is exactly a period of a date-period filter's type (a month for the month filter). */
function isPeriodOf(filter: PublicFilter, value: FilterValue): boolean {
  if (filter.type !== 'date-period' || typeof value !== 'string') return false;
  return periodShown(value, filter.settings.periodType ?? 'day') !== null;
}

/** How an active filter names its value: option labels, a formatted range or dates, the search text. */
export function describeValue(entry: GroupFilter, value: FilterValue): string {
  const { filter, labels } = entry;
  if (filter.type === 'range' && typeof value === 'string') {
    const range = parseRangeValue(value, rangeBounds(filter));
    if (!range) return value;
    const format = filter.settings;
    return `${formatNumber(range[0], format)} – ${formatNumber(range[1], format)}`;
  }
  if ((filter.type === 'date-range' || filter.type === 'date-period') && typeof value === 'string') {
    const { from, to } = parseDateRange(value);
    const format = filter.settings.dateFormat || DEFAULT_DATE_FORMAT;
    const a = formatDate(format, from);
    const b = formatDate(format, to);
    return a && b ? (a === b ? a : `${a} – ${b}`) : a ? `≥ ${a}` : b ? `≤ ${b}` : value;
  }
  if (filter.type === 'rating') {
    const n = itemsOf(value)[0];
    return n ? `${n} ★` : '';
  }
  const items = itemsOf(value);
  if (items.length > 0) return items.map((i) => labels[i] ?? i).join(', ');
  return typeof value === 'string' ? value : '';
}
