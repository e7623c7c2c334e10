import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { PostCondition, PostOrder } from '~/content/posts.server';
import { postMatches } from '~/content/search.server';
import type { Database, Db, Dialect } from '~/db';
import { type TermTree, withDescendants } from '../../content/terms';
import { getTermTree } from '../../content/terms.server';
import { type FilterQuery, type FilterValue, queryKeyOf } from './model';
import {
  type DayRange,
  likePattern,
  type NumberRange,
  readDayRange,
  readLetters,
  readNumber,
  readRange,
  readSearch,
  readSort,
  readTermChoice,
  type SortSpec,
  type TermChoice,
  valueList,
} from './query-values';
import type { FilterRecord } from './settings';

/**
 * A group's filter state as SQL conditions on `post` (original-wire.md §2.2-2.3, kovatz `query.php`):
 * only query keys of the group's own filter records count (a whitelist), every value is a bound
 * parameter (original-wire.md §10), and a value that makes no sense is dropped, never an error.
 */

/**
 * The items a condition admits as a one-column `id` query (possibly beyond the listing's post types,
 * which the indexer checks itself); relation conditions read only `post_term` / `post_meta`.
 */
export type IdList = (types: readonly string[]) => Expression<unknown>;

/**
 * The same condition as data, for the in-memory filter index (filter-index.server.ts): term and meta
 * tests it answers from its sets. A condition without one (dates, search, letters, text patterns) is
 * read from SQL by its `ids` list.
 */
export type IndexTest =
  | { kind: 'none' }
  | { kind: 'terms-any'; taxonomy: string; ids: readonly number[] }
  | { kind: 'terms-all'; taxonomy: string; ids: readonly number[] }
  | { kind: 'meta-equals'; key: string; texts: readonly string[]; numbers: readonly number[] }
  /** `value_number` within any of the ranges (bounds included; a missing bound is open). */
  | { kind: 'meta-number'; key: string; ranges: ReadonlyArray<{ min?: number; max?: number }> };

/** A condition in both forms: on the listing's `post` row, and as the list of items it admits. */
export interface Condition {
  where: PostCondition;
  ids: IdList;
  test?: IndexTest;
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

// -- conditions (SQL, parameterised) ------------------------------------------------------------

type MetaMatch = (eb: ExpressionBuilder<Database, 'post_meta'>) => Expression<SqlBool>;

/** A condition on related rows: the item's id is in the list. */
function relation(list: () => Expression<unknown> & { readonly isSelectQueryBuilder: true }): Condition {
  // Built when asked for: with the filter index, most conditions never become SQL.
  return { where: (eb) => eb('post.id', 'in', list() as never), ids: () => list() };
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
function withMeta(db: Db, key: string, match: MetaMatch, test?: IndexTest): Condition {
  const condition = relation(() =>
    db.selectFrom('post_meta').select('post_meta.post_id as id').where('post_meta.meta_key', '=', key).where(match),
  );
  return test ? { ...condition, test } : condition;
}

/** Items carrying any of the terms or a term below one (OR), or every term itself (AND). */
export function termCondition(db: Db, tree: TermTree, choice: TermChoice): Condition {
  // A value naming no term matches no item: alone or under AND, nothing passes.
  if (choice.unknown && (choice.operator === 'AND' || choice.ids.length === 0)) return nothing(db);
  if (choice.operator === 'AND') {
    return {
      test: { kind: 'terms-all', taxonomy: tree.taxonomy, ids: choice.ids },
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
  return {
    ...relation(() =>
      db.selectFrom('post_term').select('post_term.post_id as id').where('post_term.term_id', 'in', ids),
    ),
    test: { kind: 'terms-any', taxonomy: tree.taxonomy, ids },
  };
}

/** A condition no item meets (its list is empty on both dialects; `in ()` is not valid SQL). */
function nothing(db: Db): Condition {
  return {
    ...relation(() => db.selectFrom('post_term').select('post_term.post_id as id').where(sql<boolean>`1 = 0`)),
    test: { kind: 'none' },
  };
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
        condition: withMeta(
          db,
          key,
          (eb) =>
            eb.or([
              eb('post_meta.value_text', 'in', values),
              ...(numbers.length > 0 ? [eb('post_meta.value_number', 'in', numbers)] : []),
            ]),
          { kind: 'meta-equals', key, texts: values, numbers },
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
        condition: withMeta(
          db,
          key,
          (eb) => eb.or(ranges.map((r) => eb.between('post_meta.value_number', r.min, r.max))),
          { kind: 'meta-number', key, ranges },
        ),
      };
    }
    case 'rating': {
      const n = readNumber(typeof value === 'string' ? value : (valueList(value)[0] ?? ''));
      if (n === null || n <= 0) return null;
      const stars = Math.min(n, record.settings.stars ?? 5);
      return {
        canonical: stars,
        condition: withMeta(db, key, (eb) => eb('post_meta.value_number', '>=', stars), {
          kind: 'meta-number',
          key,
          ranges: [{ min: stars }],
        }),
      };
    }
    case 'compare-less':
    case 'compare-greater': {
      const n = readNumber(typeof value === 'string' ? value : '');
      if (n === null) return null;
      const op = record.queryVarSuffix === 'compare-less' ? '<=' : '>=';
      const range = op === '<=' ? { max: n } : { min: n };
      return {
        canonical: [op, n],
        condition: withMeta(db, key, (eb) => eb('post_meta.value_number', op, n), {
          kind: 'meta-number',
          key,
          ranges: [range],
        }),
      };
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
