import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Database, Db, Dialect } from '~/db';
import type { PostCondition, PostOrder } from '~/features/listing/index.server';
import { postMatches } from '~/features/search/index.server';
import { fromWireDate, parseDateRange } from './date-format';
import { getTermTree, type TermTree, withDescendants } from './filters.server';
import { type FilterQuery, type FilterValue, queryKeyOf } from './model';
import { parseRangeValue } from './range';
import type { FilterRecord } from './settings';

/**
 * A group's filter state as SQL conditions on `post` (original-wire.md §2.2-2.3, kovatz `query.php`):
 * only query keys of the group's own filter records count (a whitelist), every value is a bound
 * parameter (original-wire.md §10), and a value that makes no sense is dropped, never an error.
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

/**
 * The items a condition admits as a one-column `id` query (possibly beyond the listing's post types,
 * which the indexer checks itself); relation conditions read only `post_term` / `post_meta`.
 */
export type IdList = (types: readonly string[]) => Expression<unknown>;

/** A condition in both forms: on the listing's `post` row, and as the list of items it admits. */
export interface Condition {
  where: PostCondition;
  ids: IdList;
}

/** One active filter: its query key and its condition (the indexer leaves one key out at a time). */
export interface FilterCondition extends Condition {
  key: string;
  /** The condition's effect as text (names remembered counts without this key or that). */
  canonical: string;
}

/** A group's state turned into SQL. */
export interface FilterPlan {
  conditions: FilterCondition[];
  /** Sorting filter's order; undefined: the listing's own (newest first). */
  order?: PostOrder[];
  /** The accepted part of the state, as sent (values cleaned): what the page shows as chosen. */
  applied: FilterQuery;
  /** The effect in a canonical text: names the remembered totals and counts. */
  cacheKey: string;
}

/**
 * Builds the conditions for a state, given the filter records shown for the group. Keys that no
 * record has, and values that mean nothing for their record, are ignored.
 */
export async function planFilters(
  db: Db,
  dialect: Dialect,
  records: readonly FilterRecord[],
  query: FilterQuery,
): Promise<FilterPlan> {
  const byKey = new Map<string, FilterRecord>();
  for (const r of records) if (!byKey.has(queryKeyOf(r))) byKey.set(queryKeyOf(r), r);
  const sortKeys = new Set(
    records.flatMap((r) =>
      r.type === 'sorting' ? (r.settings.sortOptions ?? []).flatMap((o) => o.metaKey ?? []) : [],
    ),
  );
  const conditions: FilterCondition[] = [];
  const applied: FilterQuery = {};
  const canonical: Array<[string, unknown]> = [];
  let order: PostOrder[] | undefined;
  for (const key of Object.keys(query).sort()) {
    const record = byKey.get(key);
    const value = query[key];
    if (!record || value === undefined) continue;
    let effect: { condition?: Condition; order?: PostOrder[]; canonical: unknown } | null = null;
    switch (record.queryType) {
      case 'tax_query': {
        if (!record.queryVar) break;
        const tree = await getTermTree(db, record.queryVar);
        const choice = readTermChoice(value, tree, record.type === 'hierarchy');
        if (choice) effect = { condition: termCondition(db, tree, choice), canonical: choice };
        break;
      }
      case 'meta_query':
        effect = metaEffect(db, record, value);
        break;
      case 'date_query': {
        const range = readDayRange(value);
        if (range) effect = { condition: onPost(db, dateCondition(range)), canonical: range };
        break;
      }
      case 'sort': {
        const sort = readSort(value, sortKeys);
        if (sort) effect = { order: sortOrder(sort, dialect), canonical: sort };
        break;
      }
      case '_s': {
        const text = readSearch(value, record.settings.minLetters ?? 0);
        const match = text ? postMatches(dialect, text) : null;
        if (text && match) effect = { condition: onPost(db, () => match), canonical: text.toLowerCase() };
        break;
      }
      case 'alphabet': {
        const letters = readLetters(value, record.settings.letters);
        if (letters) effect = { condition: onPost(db, alphabetCondition(letters)), canonical: letters };
        break;
      }
    }
    if (!effect) continue;
    applied[key] = value;
    canonical.push([key, effect.canonical]);
    if (effect.condition)
      conditions.push({ key, ...effect.condition, canonical: JSON.stringify([key, effect.canonical]) });
    if (effect.order) order = effect.order;
  }
  return { conditions, order, applied, cacheKey: JSON.stringify(canonical) };
}

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
}

/**
 * Term ids of a taxonomy filter (`['12', '15', 'operator_AND']`). Ids outside the taxonomy are
 * dropped; `12hc3,5` (a hierarchy chain written into the address) reads as 12. A hierarchical
 * select keeps only the deepest chosen terms (a chosen parent of a chosen child adds nothing).
 */
export function readTermChoice(value: FilterValue, tree: TermTree, hierarchical: boolean): TermChoice | null {
  let operator: 'AND' | 'OR' = 'OR';
  const ids: number[] = [];
  for (const raw of valueList(value)) {
    const v = raw.trim();
    if (v === 'operator_AND' || v === 'operator_OR') {
      operator = v === 'operator_AND' ? 'AND' : 'OR';
      continue;
    }
    const m = /^(\d{1,9})(?:hc[\d,]*)?$/.exec(v);
    if (!m) continue;
    const id = Number(m[1]);
    if (tree.terms.has(id) && !ids.includes(id)) ids.push(id);
  }
  let chosen = ids;
  if (hierarchical) {
    chosen = ids.filter((id) => !ids.some((other) => other !== id && withDescendants(tree, id).includes(other)));
    operator = 'OR';
  }
  if (chosen.length === 0) return null;
  return { ids: [...chosen].sort((a, b) => a - b), operator };
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

/** The school's time zone: WIB, UTC+7 all year (no daylight saving). */
const JAKARTA_OFFSET_MS = 7 * 3600_000;

/** Start of a calendar day (a local-midnight Date from the date module) in Asia/Jakarta, as the ISO UTC text `published_at` holds. */
function jakartaDayStart(day: Date, plusDays = 0): string {
  return new Date(
    Date.UTC(day.getFullYear(), day.getMonth(), day.getDate() + plusDays) - JAKARTA_OFFSET_MS,
  ).toISOString();
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
  return { from: from ? jakartaDayStart(from) : null, before: to ? jakartaDayStart(to, 1) : null };
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
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = sortInput.safeParse(raw);
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

// -- conditions (SQL, parameterised) ------------------------------------------------------------

type MetaMatch = (eb: ExpressionBuilder<Database, 'post_meta'>) => Expression<SqlBool>;

/** A condition on related rows: the item's id is in the list. */
function relation(list: Expression<unknown> & { readonly isSelectQueryBuilder: true }): Condition {
  return { where: (eb) => eb('post.id', 'in', list as never), ids: () => list };
}

/** A condition on the item's own columns; its list reads the listing's post types only. */
function onPost(db: Db, where: PostCondition): Condition {
  return {
    where,
    ids: (types) =>
      db
        .selectFrom('post')
        .select('post.id as id')
        .where('post.type', 'in', [...types])
        .where('post.status', '=', 'publish')
        .where(where),
  };
}

/** Items with a meta row of `key` that matches. */
function withMeta(db: Db, key: string, match: MetaMatch): Condition {
  return relation(
    db.selectFrom('post_meta').select('post_meta.post_id as id').where('post_meta.meta_key', '=', key).where(match),
  );
}

/** Items carrying any of the terms or a term below one (OR), or every term itself (AND). */
export function termCondition(db: Db, tree: TermTree, choice: TermChoice): Condition {
  if (choice.operator === 'AND') {
    return {
      where: (eb) =>
        eb.and(
          choice.ids.map((id) =>
            eb(
              'post.id',
              'in',
              eb.selectFrom('post_term').select('post_term.post_id').where('post_term.term_id', '=', id),
            ),
          ),
        ),
      ids: () =>
        db
          .selectFrom('post_term')
          .select('post_term.post_id as id')
          .where('post_term.term_id', 'in', choice.ids)
          .groupBy('post_term.post_id')
          .having((eb) => eb.fn.count('post_term.term_id').distinct(), '=', choice.ids.length),
    };
  }
  const ids = [...new Set(choice.ids.flatMap((id) => withDescendants(tree, id)))];
  return relation(db.selectFrom('post_term').select('post_term.post_id as id').where('post_term.term_id', 'in', ids));
}

/** Published in the day range (Asia/Jakarta days). */
function dateCondition(range: DayRange): PostCondition {
  return (eb) =>
    eb.and([
      ...(range.from ? [eb('post.published_at', '>=', range.from)] : []),
      ...(range.before ? [eb('post.published_at', '<', range.before)] : []),
    ]);
}

/**
 * Titles starting with one of the letters (original-wire.md §10: a bound value, not a REGEXP built from
 * text): the title's first characters, lower-cased, equal the letters, the same on SQLite and PostgreSQL.
 * The length is a literal so that an index on `lower(substr(title, 1, 1))` serves one-letter choices.
 */
function alphabetCondition(letters: string[]): PostCondition {
  const lengths = [...new Set(letters.map((l) => [...l].length))];
  return (eb) =>
    eb.or(
      lengths.map((n) => {
        const same = letters.filter((l) => [...l].length === n);
        return sql<boolean>`lower(substr(post.title, 1, ${sql.lit(n)})) in (${sql.join(same)})`;
      }),
    );
}

/** A meta filter by its suffix (original-wire.md §2.2): equality, ranges, rating, comparisons, search, dates. */
function metaEffect(
  db: Db,
  record: FilterRecord,
  value: FilterValue,
): { condition: Condition; canonical: unknown } | null {
  const key = record.queryVar;
  if (!key) return null;
  switch (record.queryVarSuffix) {
    case '':
    case 'is_custom_checkbox': {
      const values = [...new Set(valueList(value).map((v) => v.trim()))].filter((v) => v !== '').sort();
      if (values.length === 0) return null;
      const numbers = values.map(readNumber).filter((n): n is number => n !== null);
      return {
        canonical: values,
        condition: withMeta(db, key, (eb) =>
          eb.or([
            eb('post_meta.value_text', 'in', values),
            ...(numbers.length > 0 ? [eb('post_meta.value_number', 'in', numbers)] : []),
          ]),
        ),
      };
    }
    case 'range':
    case 'check-range': {
      const texts =
        record.queryVarSuffix === 'range'
          ? [typeof value === 'string' ? value : (valueList(value)[0] ?? '')]
          : valueList(value);
      const ranges = texts.map((t) => readRange(t, record.settings)).filter((r): r is NumberRange => r !== null);
      if (ranges.length === 0) return null;
      return {
        canonical: ranges,
        condition: withMeta(db, key, (eb) =>
          eb.or(ranges.map((r) => eb.between('post_meta.value_number', r.min, r.max))),
        ),
      };
    }
    case 'rating': {
      const n = readNumber(typeof value === 'string' ? value : (valueList(value)[0] ?? ''));
      if (n === null || n <= 0) return null;
      const stars = Math.min(n, record.settings.stars ?? 5);
      return { canonical: stars, condition: withMeta(db, key, (eb) => eb('post_meta.value_number', '>=', stars)) };
    }
    case 'compare-less':
    case 'compare-greater': {
      const n = readNumber(typeof value === 'string' ? value : '');
      if (n === null) return null;
      const op = record.queryVarSuffix === 'compare-less' ? '<=' : '>=';
      return { canonical: [op, n], condition: withMeta(db, key, (eb) => eb('post_meta.value_number', op, n)) };
    }
    case 'compare-like':
    case 'search': {
      const text = readSearch(value, record.settings.minLetters ?? 0);
      if (!text) return null;
      const pattern = likePattern(text);
      return {
        canonical: text.toLowerCase(),
        condition: withMeta(db, key, () => sql<boolean>`lower(post_meta.value_text) like ${pattern} escape '\\'`),
      };
    }
    case 'date': {
      const range = readDayRange(value);
      if (!range) return null;
      return {
        canonical: range,
        condition: withMeta(db, key, (eb) =>
          eb.and([
            ...(range.from ? [eb('post_meta.value_date', '>=', range.from)] : []),
            ...(range.before ? [eb('post_meta.value_date', '<', range.before)] : []),
          ]),
        ),
      };
    }
    default:
      return null;
  }
}

/** The order of a sort choice; the listing adds the id as the last key (original-wire.md §9.7). */
export function sortOrder(sort: SortSpec, dialect: Dialect): PostOrder[] {
  const direction = sort.order === 'ASC' ? 'asc' : 'desc';
  // Byte order of the lower-cased text on both dialects, so that both list the same sequence.
  const collate = dialect === 'postgres' ? sql` collate "C"` : sql``;
  const metaKey = sort.metaKey ?? '';
  const metaValue = (eb: ExpressionBuilder<Database, 'post'>, column: 'value_number' | 'value_text') =>
    eb
      .selectFrom('post_meta')
      .select(`post_meta.${column}`)
      .whereRef('post_meta.post_id', '=', 'post.id')
      .where('post_meta.meta_key', '=', metaKey)
      .orderBy('post_meta.id')
      .limit(1);
  switch (sort.orderby) {
    case 'date':
      return [{ by: (eb) => eb.ref('post.published_at'), direction }];
    case 'title':
      return [{ by: () => sql`lower(post.title)${collate}`, direction }];
    case 'meta_value_num':
      return [{ by: (eb) => metaValue(eb, 'value_number'), direction, nullsLast: true }];
    case 'meta_value':
      return [{ by: (eb) => sql`lower((${metaValue(eb, 'value_text')}))${collate}`, direction, nullsLast: true }];
  }
}
