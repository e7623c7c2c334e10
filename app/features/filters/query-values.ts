import { z } from 'zod';
import { type TermTree, withDescendants } from '../../content/terms';
import { jsonOrUndefined } from '../../lib/json';
import { schoolDayEnd, schoolDayStart } from '../../lib/school-time';
import { fromWireDate, parseDateRange } from './date-format';
import type { FilterQuery, FilterValue } from './model';
import { parseRangeValue } from './range';
import { toCalendarDate } from './ui/calendar-dates';

/**
 * Reading a filter state's values (pure, no database): the wire's query cleaned into a
 * `FilterQuery`, and each value read into what a condition needs (term choice, range, day range,
 * sort, search text, letters). A value that makes no sense reads as null and is dropped, never an error.
 */

/** Bounds on a filter state as sent: more is cut off, not refused. */
export const QUERY_LIMITS = { keys: 60, list: 200, text: 500, objectKeys: 10 } as const;

/**
 * A filter state from the wire or the address (`query[…]`, `filters[…]`, `query_args[…]`): a record
 * of strings, lists of strings and small string records. Numbers become text; anything else is dropped.
 */
export function normalizeQuery(input: unknown): FilterQuery {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: FilterQuery = {};
  let keys = 0;
  for (const [key, raw] of Object.entries(value)) {
    if (keys >= QUERY_LIMITS.keys) break;
    if (key.length === 0 || key.length > 200) continue;
    const v = normalizeValue(raw);
    if (v === null) continue;
    out[key] = v;
    keys++;
  }
  return out;
}

function normalizeValue(raw: unknown): FilterValue | null {
  const scalar = (x: unknown) =>
    typeof x === 'string'
      ? x.slice(0, QUERY_LIMITS.text)
      : typeof x === 'number' && Number.isFinite(x)
        ? String(x)
        : typeof x === 'boolean'
          ? String(x)
          : null;
  if (Array.isArray(raw)) {
    const list = raw
      .slice(0, QUERY_LIMITS.list)
      .map(scalar)
      .filter((x): x is string => x !== null);
    return list.length > 0 ? list : null;
  }
  if (typeof raw === 'object' && raw !== null) {
    const obj: Record<string, string> = {};
    for (const [k, x] of Object.entries(raw).slice(0, QUERY_LIMITS.objectKeys)) {
      const s = scalar(x);
      if (s !== null) obj[k] = s;
    }
    return Object.keys(obj).length > 0 ? obj : null;
  }
  return scalar(raw);
}

/** zod for a filter state field: never fails, cleans (see normalizeQuery). */
export const filterQueryInput = z.unknown().transform(normalizeQuery);

// -- reading values (pure) ----------------------------------------------------------------------

/** Several values of one filter: a list, or a comma-joined text (as the address writes lists). */
export function valueList(value: FilterValue): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => v.split(','));
  if (typeof value === 'string') return value.split(',');
  return [];
}

export interface TermChoice {
  ids: number[];
  /** OR: an item with any of the terms (or a term below one); AND: with every term itself (original-wire.md §2.3). */
  operator: 'AND' | 'OR';
  /**
   * Some value named no term of the taxonomy (a deleted term, an id from another taxonomy, junk). It
   * matches nothing, so it is not dropped: alone, or under AND, the filter finds no item.
   */
  unknown?: true;
}

/**
 * Term ids of a taxonomy filter (`['12', '15', 'operator_AND']`); `12hc3,5` (a hierarchy chain written
 * into the address) reads as 12. A value naming no term of the taxonomy is kept as `unknown` (it
 * matches nothing), never dropped: dropping it would widen the listing to every item. A hierarchical
 * select keeps only the deepest chosen terms (a chosen parent of a chosen child adds nothing).
 * Null when the value holds no item at all.
 */
export function readTermChoice(value: FilterValue, tree: TermTree, hierarchical: boolean): TermChoice | null {
  let operator: 'AND' | 'OR' = 'OR';
  const ids: number[] = [];
  let unknown = false;
  for (const raw of valueList(value)) {
    const v = raw.trim();
    if (v === '') continue;
    if (v === 'operator_AND' || v === 'operator_OR') {
      operator = v === 'operator_AND' ? 'AND' : 'OR';
      continue;
    }
    const m = /^(\d{1,9})(?:hc[\d,]*)?$/.exec(v);
    const id = m ? Number(m[1]) : Number.NaN;
    if (!tree.terms.has(id)) unknown = true;
    else if (!ids.includes(id)) ids.push(id);
  }
  let chosen = ids;
  if (hierarchical) {
    chosen = ids.filter((id) => !ids.some((other) => other !== id && withDescendants(tree, id).includes(other)));
    operator = 'OR';
  }
  if (chosen.length === 0 && !unknown) return null;
  const choice: TermChoice = { ids: [...chosen].sort((a, b) => a - b), operator };
  if (unknown) choice.unknown = true;
  return choice;
}

/** A number as the filters write it (`10`, `-2.5`); null for anything else. */
export function readNumber(text: string): number | null {
  const t = text.trim();
  if (!/^-?\d{1,15}(\.\d{1,10})?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export interface NumberRange {
  min: number;
  max: number;
}

/**
 * A range value `min_max` (original-wire.md §2.3). With the filter's bounds the range module clamps it
 * (reversed ends swapped, ends held inside the bounds and on the step grid) and the full bounds mean no
 * filter (spec 001 §5); without bounds reversed ends are swapped. Junk is null.
 */
export function readRange(text: string, settings: { min?: number; max?: number; step?: number }): NumberRange | null {
  const { min, max, step } = settings;
  if (min !== undefined && max !== undefined) {
    const range = parseRangeValue(text, { min, max, step: step ?? 1 });
    if (!range) return null;
    if (range[0] <= Math.min(min, max) && range[1] >= Math.max(min, max)) return null;
    return { min: range[0], max: range[1] };
  }
  const m = /^\s*(-?\d{1,15}(?:\.\d{1,10})?)_(-?\d{1,15}(?:\.\d{1,10})?)\s*$/.exec(text);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a <= b ? { min: a, max: b } : { min: b, max: a };
}

/** Inclusive day range as half-open ISO bounds: `from` ≤ t < `before`; either end may be open. */
export interface DayRange {
  from: string | null;
  before: string | null;
}

/**
 * A date filter's value `Y.M.D-Y.M.D` (open ends allowed; one date alone, as a day period sends it,
 * means that day) as bounds in the school's time zone. An impossible date leaves its end open;
 * reversed ends are swapped; nothing usable is null.
 */
export function readDayRange(value: FilterValue): DayRange | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let { from, to } = text.includes('-') ? parseDateRange(text) : { from: fromWireDate(text), to: fromWireDate(text) };
  if (!from && !to) return null;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    from: from ? schoolDayStart(toCalendarDate(from)) : null,
    before: to ? schoolDayEnd(toCalendarDate(to)) : null,
  };
}

export interface SortSpec {
  orderby: 'date' | 'title' | 'meta_value_num' | 'meta_value';
  order: 'ASC' | 'DESC';
  metaKey?: string;
}

const sortInput = z.object({
  orderby: z.enum(['date', 'title', 'meta_value_num', 'meta_value']),
  order: z
    .string()
    .transform((o) => o.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC']))
    .default('DESC'),
  meta_key: z.string().max(100).optional(),
});

/** A sorting value (`{"orderby":"date","order":"DESC"}` as JSON text or an object); meta sorts only on keys a sorting filter offers. */
export function readSort(value: FilterValue, metaKeys: ReadonlySet<string>): SortSpec | null {
  // Text that is not JSON reads as undefined, which the schema refuses.
  const parsed = sortInput.safeParse(typeof value === 'string' ? jsonOrUndefined(value) : value);
  if (!parsed.success) return null;
  const { orderby, order, meta_key } = parsed.data;
  if (orderby === 'meta_value' || orderby === 'meta_value_num') {
    if (!meta_key || !metaKeys.has(meta_key)) return null;
    return { orderby, order, metaKey: meta_key };
  }
  return { orderby, order };
}

/** Search text, or null when shorter than the filter's minimum letters (spec 001 §5) or empty. */
export function readSearch(value: FilterValue, minLetters: number): string | null {
  const text = (Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '').trim().slice(0, 200);
  if (text.length === 0 || text.length < minLetters) return null;
  return text;
}

/** Alphabet letters (one or a list), limited to the filter's own letters when it lists them. */
export function readLetters(value: FilterValue, allowed: readonly string[] | undefined): string[] | null {
  const ok = allowed?.map((l) => l.toLowerCase());
  const letters = [
    ...new Set(
      valueList(value)
        .map((l) => l.trim().toLowerCase())
        .filter((l) => /^[\p{L}\p{N}]{1,3}$/u.test(l) && (!ok || ok.includes(l))),
    ),
  ].slice(0, 40);
  return letters.length > 0 ? letters.sort() : null;
}

/** A LIKE pattern matching the lower-cased text anywhere, its wildcards escaped with `\`. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
