import { type RawBuilder, sql } from 'kysely';
import { TypedFastBitSet as Items } from 'typedfastbitset';
import { type PostCondition, type TermRef, termSlugCondition } from '~/content/posts.server';
import type { Db, Dialect } from '~/db';
import { rememberFor } from '~/lib/remember.server';
import { chainTo, hasLevels, type TermTree } from '../../content/terms';
import { getTermTree } from '../../content/terms.server';
import { Among, type FilterIndex, readyFilterIndex } from './filter-index.server';
import { type IndexedData, queryKeyOf } from './model';
import type { FilterCondition, FilterPlan } from './query.server';
import type { FilterRecord } from './settings';

/**
 * Indexer counts (original-wire.md §2.9, spec 001 §4 "Indexer counters"): for each option of each
 * indexed filter, how many items the listing would show with that option chosen and the other active
 * filters kept; and the listing's total. In SQL, without the original's per-request re-run of the whole
 * listing (§9.1), and without one listing query per counted filter:
 *
 *   m  the items that can matter: each active filter's items (index lookups) tagged with the filter's
 *      bit and grouped by item, keeping those of the listing that miss at most one filter;
 *   then one GROUP BY per counted filter over m's items carrying every bit but its own, joined to their
 *   terms or meta; total and (while few) the matching ids from the items carrying every bit.
 *
 * PostgreSQL runs it as one statement (m a materialized CTE); SQLite, which would compute such a CTE
 * again for every part of the UNION, keeps m in a temporary table of its connection for the statement.
 * A filter counted while no other is active reads all the listing's items: that answer is the same for
 * every state, and is remembered longer and apart (see rememberedPlain).
 */

/** What a group's listing shows before any filter: its post types and its own conditions. */
export interface GroupBase {
  /** Names the listing in remembered counts (`provider/queryId`). */
  key: string;
  types: readonly string[];
  /** Terms every item of the listing carries (a category of the news list, a grid's own category). */
  terms: readonly TermRef[];
  /** The listing's cap on items in all (0: none): no count exceeds it. */
  maxItems: number;
}

/** One grouped count: a taxonomy's terms, a meta key's values, or a rating's stars. */
export type CountJob =
  | { kind: 'tax'; taxonomy: string; exclude: string }
  | { kind: 'meta'; key: string; exclude: string }
  | { kind: 'rating'; key: string; stars: number; exclude: string };

/** The count a filter record needs, or null when its options have no counts (ranges, dates, search, sorting …). */
export function countJobOf(record: FilterRecord): CountJob | null {
  const exclude = queryKeyOf(record);
  if (!record.queryVar) return null;
  if (record.queryType === 'tax_query') return { kind: 'tax', taxonomy: record.queryVar, exclude };
  if (record.queryType !== 'meta_query') return null;
  if (record.queryVarSuffix === 'rating') {
    return {
      kind: 'rating',
      key: record.queryVar,
      stars: Math.max(1, Math.min(record.settings.stars ?? 5, 10)),
      exclude,
    };
  }
  if (record.queryVarSuffix === '' || record.queryVarSuffix === 'is_custom_checkbox') {
    return { kind: 'meta', key: record.queryVar, exclude };
  }
  return null;
}

/** The listing's total under the plan and the counts of the indexed records. */
export interface Facets {
  total: number;
  indexed: IndexedData;
  /** The matching items' ids when filters are active and leave at most MATCHED_LIMIT: the listing reads them directly. */
  matched?: number[];
  /**
   * From the filter index, with filters active and the listing's default order: the ids of one page of the
   * matching items (capped like the listing), so that the listing reads just them.
   */
  newestPage?: (page: number, perPage: number) => number[];
}

/** Up to this many matching items travel as ids from the count to the listing's page query. */
export const MATCHED_LIMIT = 1000;

// Like listing totals: each process reuses an answer for a few seconds (README "Caches are copies").
const rememberedFacets = rememberFor<Facets>(5_000, 2_000);
// A count with no other filter active reads every item of the listing, and is the same for every
// visitor and every state in which only its own filter is chosen: it is kept apart and as long as a
// cached page (PAGE_CACHE_TTL's default), so that seldom anyone waits for it.
const rememberedPlain = rememberFor<FacetRow[]>(60_000, 500);

/** The listing's own terms as conditions on `post` (the SQL counts). */
function baseConditions(base: GroupBase): PostCondition[] {
  return base.terms.map((t) => termSlugCondition(t.taxonomy, t.slug));
}

/** The counts the records ask for, once each. */
function countJobs(records: readonly FilterRecord[]): CountJob[] {
  const jobs = new Map<string, CountJob>();
  for (const record of records) {
    if (!record.indexer.enabled) continue;
    const job = countJobOf(record);
    if (job) jobs.set(JSON.stringify(job), job);
  }
  return [...jobs.values()];
}

/** The trees of the taxonomies the listing's terms and the counts name. */
async function treesOf(db: Db, base: GroupBase, jobs: readonly CountJob[]): Promise<Map<string, TermTree>> {
  const names = new Set([
    ...base.terms.map((t) => t.taxonomy),
    ...jobs.flatMap((j) => (j.kind === 'tax' ? [j.taxonomy] : [])),
  ]);
  const trees = await Promise.all([...names].map((name) => getTermTree(db, name)));
  return new Map(trees.map((t) => [t.taxonomy, t]));
}

/**
 * The listing's total and the indexed records' counts under the plan. A filter's own condition is
 * left out of its counts (choosing another option replaces it), so they answer "what if I chose this".
 * From the process's filter index once it is built (exact after every write), else from SQL.
 */
export async function countFacets(
  db: Db,
  dialect: Dialect,
  base: GroupBase,
  plan: FilterPlan,
  records: readonly FilterRecord[],
): Promise<Facets> {
  const index = readyFilterIndex(db);
  return index
    ? countFacetsFromIndex(index, db, base, plan, records)
    : countFacetsFromSql(db, dialect, base, plan, records);
}

/**
 * The counts from the filter index. A taxonomy or meta key it does not keep yet (a filter added since it
 * was built) is read in first, once. Conditions it has no sets for (dates, search, letters, text patterns) are read
 * from SQL as lists of items, each on its own.
 */
export async function countFacetsFromIndex(
  index: FilterIndex,
  db: Db,
  base: GroupBase,
  plan: FilterPlan,
  records: readonly FilterRecord[],
): Promise<Facets> {
  const jobs = countJobs(records);
  for (const job of jobs)
    index.want(job.kind === 'tax' ? 'taxonomy' : 'meta', job.kind === 'tax' ? job.taxonomy : job.key);
  for (const term of base.terms) index.want('taxonomy', term.taxonomy);
  for (const { test } of plan.conditions) {
    if (test && 'taxonomy' in test) index.want('taxonomy', test.taxonomy);
    if (test && 'key' in test) index.want('meta', test.key);
  }
  const [trees, fromSql] = await Promise.all([
    treesOf(db, base, jobs),
    Promise.all(plan.conditions.map((c) => (c.test ? null : itemsFromSql(db, c, base.types)))),
    index.catchUp(),
  ]);
  // Everything below is synchronous: the index does not change under it.
  const listing = index.listing(base.types, base.terms, trees);
  const sets = plan.conditions.map((c, i) => fromSql[i] ?? index.itemsOf(c.test as NonNullable<typeof c.test>));
  const keeping = (exclude: string | null) => {
    const out = listing.clone();
    plan.conditions.forEach((c, i) => {
      if (c.key !== exclude) out.intersection(sets[i] as Items);
    });
    return out;
  };
  const all = keeping(null);
  const total = all.size();
  const allAmong = new Among(all);
  const cap = (n: number) => (base.maxItems > 0 ? Math.min(n, base.maxItems) : n);
  const indexed: IndexedData = {};
  for (const job of jobs) {
    const tree = job.kind === 'tax' ? trees.get(job.taxonomy) : undefined;
    const count = () => {
      const among = plan.conditions.some((c) => c.key === job.exclude) ? new Among(keeping(job.exclude)) : allAmong;
      const found =
        job.kind === 'tax'
          ? tree
            ? index.termCounts(tree, among)
            : new Map<number, number>()
          : job.kind === 'meta'
            ? index.metaCounts(job.key, among)
            : index.ratingCounts(job.key, job.stars, among);
      const counts: Record<string, number> = {};
      for (const [value, n] of found) counts[String(value)] = cap(n);
      return counts;
    };
    // Counted among the whole listing (no other filter active): kept until the index or the tree changes.
    const counts = plan.conditions.every((c) => c.key === job.exclude)
      ? index.keep(
          `counts ${JSON.stringify([base.types, base.terms, base.maxItems, job])}`,
          () => Object.freeze(count()),
          tree,
        )
      : count();
    if (job.kind === 'tax') indexed.tax_query = { ...indexed.tax_query, [job.taxonomy]: counts };
    else indexed.meta_query = { ...indexed.meta_query, [job.key]: counts };
  }
  const matched = plan.conditions.length > 0 && total > 0 && total <= MATCHED_LIMIT ? all.array() : undefined;
  const shown = cap(total);
  const newestPage =
    plan.conditions.length > 0 && !plan.order
      ? (page: number, perPage: number) =>
          index.newestPage(all, (page - 1) * perPage, Math.min(perPage, shown - (page - 1) * perPage))
      : undefined;
  return { total, indexed, ...(matched ? { matched } : {}), ...(newestPage ? { newestPage } : {}) };
}

/** The items a condition admits, read from SQL (of the listing's types; the listing narrows them further). */
async function itemsFromSql(db: Db, condition: FilterCondition, types: readonly string[]): Promise<Items> {
  const { rows } = await sql<{ id: number }>`select x.id as id from ${condition.ids(types)} as x`.execute(db);
  return new Items(rows.map((r) => Number(r.id)));
}

/** The counts from SQL (see the top of this file); each process reuses an answer for a few seconds. */
export async function countFacetsFromSql(
  db: Db,
  dialect: Dialect,
  base: GroupBase,
  plan: FilterPlan,
  records: readonly FilterRecord[],
): Promise<Facets> {
  const list = countJobs(records);
  const key = JSON.stringify([base.key, list.map((job) => JSON.stringify(job)), plan.cacheKey]);
  return rememberedFacets(db, key, async () => {
    const trees = await treesOf(db, base, list);
    const numbered = list.map((job, j) => [j, job] as const);
    const plain = numbered.filter(([, job]) => plan.conditions.every((c) => c.key === job.exclude));
    const rest = numbered.filter(([, job]) => plan.conditions.some((c) => c.key !== job.exclude));
    const remembered = (name: string, read: () => Promise<FacetRow[]>) =>
      rememberedPlain(db, JSON.stringify([base.key, name]), read);
    const parts = await Promise.all([
      ...plain.map(([j, job]) =>
        remembered(JSON.stringify(job), () => runCounts(db, base, [], [[0, job]], trees, null, false)).then((rows) =>
          rows.map((r) => ({ ...r, job: j })),
        ),
      ),
      plan.conditions.length > 0
        ? runFacets(db, dialect, base, plan, rest, trees)
        : remembered('total', () => runCounts(db, base, [], [], trees, null, true)),
    ]);
    return readFacets(parts.flat(), list, base.maxItems);
  });
}

interface FacetRow {
  job: number | string;
  num: number | string | null;
  txt: string | null;
  n: number | string;
}

/** SQLite's table of the items that can matter (see below); one connection holds it at a time. */
const ITEMS_TABLE = 'temp.filter_facet_items';

/** The total, the few matching ids and the counts of `jobs` for a plan with active filters. */
async function runFacets(
  db: Db,
  dialect: Dialect,
  base: GroupBase,
  plan: FilterPlan,
  jobs: ReadonlyArray<readonly [number, CountJob]>,
  trees: ReadonlyMap<string, TermTree>,
): Promise<FacetRow[]> {
  const items = itemsSelect(db, base, plan, jobs);
  if (dialect === 'postgres') {
    // PostgreSQL computes a CTE once however often the statement reads it.
    return runCounts(
      db,
      base,
      plan.conditions,
      jobs,
      trees,
      { table: sql`m`, ctes: [sql`m as materialized (${items})`] },
      true,
    );
  }
  // SQLite computes a CTE again for each part of a UNION that reads it: the items go into a temporary
  // table of this connection instead, read by every count, emptied at once. The table stays: creating
  // and dropping one would change the schema, and every prepared statement would be compiled again.
  return db.connection().execute(async (conn) => {
    await sql`create table if not exists ${sql.raw(ITEMS_TABLE)} (id integer primary key, mask integer not null)`.execute(
      conn,
    );
    await sql`delete from ${sql.raw(ITEMS_TABLE)}`.execute(conn);
    await sql`insert into ${sql.raw(ITEMS_TABLE)} (id, mask) ${items}`.execute(conn);
    try {
      return await runCounts(conn, base, plan.conditions, jobs, trees, { table: sql.raw(ITEMS_TABLE), ctes: [] }, true);
    } finally {
      await sql`delete from ${sql.raw(ITEMS_TABLE)}`.execute(conn);
    }
  });
}

/**
 * The items that can matter for some count: those of the listing that meet every active filter, or
 * every one but a filter that is itself counted (the others' counts keep all of them), with `mask`
 * holding a bit per filter they meet. Built from each filter's list of items (index
 * lookups), grouped once; an item listed twice by one filter (two chosen terms) still has its bit once.
 */
function itemsSelect(
  db: Db,
  base: GroupBase,
  plan: FilterPlan,
  jobs: ReadonlyArray<readonly [number, CountJob]>,
): RawBuilder<unknown> {
  const active = plan.conditions;
  const all = (1 << active.length) - 1;
  const lists = active.map((c, i) => sql`select x.id as id, ${sql.lit(1 << i)} as bit from ${c.ids(base.types)} as x`);
  const mask = sql.join(
    active.map((_, i) => sql`max(case when l.bit = ${sql.lit(1 << i)} then ${sql.lit(1 << i)} else 0 end)`),
    sql` + `,
  );
  // Every bit, or every bit but a counted filter's own: fewer items kept, fewer probed (half the time).
  const counted = new Set(jobs.map(([, job]) => job.exclude));
  const wanted = [all, ...active.flatMap((c, i) => (counted.has(c.key) ? [all & ~(1 << i)] : []))];
  let inListing = db
    .selectFrom('post')
    .select(sql.lit(1).as('one'))
    .where('post.id', '=', sql.ref<number>('g.id'))
    .where('post.type', 'in', [...base.types])
    .where('post.status', '=', 'publish');
  for (const c of baseConditions(base)) inListing = inListing.where(c);
  return sql`select g.id as id, g.mask as mask
    from (select l.id as id, ${mask} as mask from (${sql.join(lists, sql` union all `)}) as l group by l.id) as g
    where g.mask in (${sql.join(wanted.map((w) => sql.lit(w)))}) and exists ${inListing}`;
}

/**
 * The total (with the few matching ids) and one GROUP BY per count, over the items table `m` for
 * counts that keep another filter, or over the listing's items `b` for those that keep none.
 */
async function runCounts(
  db: Db,
  base: GroupBase,
  active: readonly FilterCondition[],
  jobs: ReadonlyArray<readonly [number, CountJob]>,
  trees: ReadonlyMap<string, TermTree>,
  items: { table: RawBuilder<unknown>; ctes: RawBuilder<unknown>[] } | null,
  withTotal: boolean,
): Promise<FacetRow[]> {
  const all = (1 << active.length) - 1;
  const m = items?.table ?? sql`m`;
  const bitOf = (key: string) => {
    const i = active.findIndex((c) => c.key === key);
    return i < 0 ? 0 : 1 << i;
  };
  // The listing's items (post types, status, the listing's own conditions), for counts with no other filter.
  let listing = db
    .selectFrom('post')
    .select('post.id as id')
    .where('post.type', 'in', [...base.types])
    .where('post.status', '=', 'publish');
  for (const c of baseConditions(base)) listing = listing.where(c);
  const withs: RawBuilder<unknown>[] = [sql`b as ${listing}`, ...(items?.ctes ?? [])];
  /** Whether the row's item is one of the listing's (a probe of its post by id). */
  const inListing = (alias: string) => {
    let q = db
      .selectFrom('post')
      .select(sql.lit(1).as('one'))
      .where('post.id', '=', sql.ref<number>(`${alias}.post_id`))
      .where('post.type', 'in', [...base.types])
      .where('post.status', '=', 'publish');
    for (const c of baseConditions(base)) q = q.where(c);
    return sql`exists ${q}`;
  };
  const selects: RawBuilder<unknown>[] = [];
  if (withTotal) {
    selects.push(
      active.length > 0
        ? sql`select ${sql.lit(-1)} as job, null as num, null as txt, count(*) as n from ${m} as m where m.mask = ${sql.lit(all)}`
        : sql`select ${sql.lit(-1)} as job, null as num, null as txt, count(*) as n from b`,
    );
  }
  if (withTotal && active.length > 0) {
    // The matching items themselves, while few (one more than the limit tells that there are more).
    selects.push(sql`select * from (select ${sql.lit(-2)} as job, m.id as num, null as txt, ${sql.lit(1)} as n
      from ${m} as m where m.mask = ${sql.lit(all)} limit ${sql.lit(MATCHED_LIMIT + 1)}) as matched`);
  }
  for (const [j, job] of jobs) {
    const kept = all & ~bitOf(job.exclude);
    // The rows a count reads: those of the items with every kept bit, or, when no other filter is
    // active, those of all the listing's items. Terms are found by the item's id (CROSS JOIN keeps the
    // items the outer loop on SQLite; `+` keeps it from probing the (item, term) index once per listed
    // term, a no-op on PostgreSQL). Meta of all the listing's items is read in the key's index order,
    // each row's item looked up by id: half the work of the other way round.
    const from = (joined: RawBuilder<unknown>, alias: string, byIndex = false) =>
      kept !== 0
        ? sql`from ${m} as m cross join ${joined} where ${sql.ref(`${alias}.post_id`)} = m.id and (m.mask & ${sql.lit(kept)}) = ${sql.lit(kept)} and`
        : byIndex
          ? sql`from ${joined} where ${inListing(alias)} and`
          : sql`from b cross join ${joined} where ${sql.ref(`${alias}.post_id`)} = b.id and`;
    const tag = sql.lit(j);
    const termIn = (ids: readonly number[]) => sql`+pt.term_id in (${sql.join(ids.map((id) => sql.lit(id)))})`;
    if (job.kind === 'tax') {
      const tree = trees.get(job.taxonomy);
      const ids = tree ? [...tree.terms.keys()] : [];
      if (!tree || ids.length === 0) continue;
      if (!hasLevels(tree)) {
        selects.push(sql`select ${tag} as job, pt.term_id as num, null as txt, count(*) as n
          ${from(sql`post_term pt`, 'pt')} ${termIn(ids)} group by pt.term_id`);
        continue;
      }
      // A parent counts the distinct items of itself and every term below it: each of an item's terms
      // stands for itself and, level by level, for its ancestors (the tree is known, so a CASE maps them).
      const levels: RawBuilder<unknown>[] = [];
      for (let k = 0; ; k++) {
        const mapped = ids.flatMap((id) => {
          const ancestor = chainTo(tree, id).reverse()[k];
          return ancestor === undefined ? [] : [[id, ancestor] as const];
        });
        if (mapped.length === 0 || k > 20) break;
        const anc =
          k === 0
            ? sql`pt.term_id`
            : sql`case pt.term_id ${sql.join(
                mapped.map(([id, a]) => sql`when ${sql.lit(id)} then ${sql.lit(a)}`),
                sql` `,
              )} end`;
        levels.push(sql`select pt.post_id as post_id, ${anc} as anc
          ${from(sql`post_term pt`, 'pt')} ${termIn(mapped.map(([id]) => id))}`);
      }
      selects.push(sql`select ${tag} as job, x.anc as num, null as txt, count(distinct x.post_id) as n
        from (${sql.join(levels, sql` union all `)}) as x group by x.anc`);
      continue;
    }
    if (job.kind === 'meta' && kept === 0) {
      // Text and number values apart, so that each reads its own index (key, value, item) alone.
      selects.push(sql`select ${tag} as job, null as num, pm.value_text as txt, count(distinct pm.post_id) as n
        ${from(sql`post_meta pm`, 'pm', true)} pm.meta_key = ${job.key} and pm.value_text is not null group by pm.value_text`);
      selects.push(sql`select ${tag} as job, pm.value_number as num, null as txt, count(distinct pm.post_id) as n
        ${from(sql`post_meta pm`, 'pm', true)} pm.meta_key = ${job.key} and pm.value_number is not null group by pm.value_number`);
      continue;
    }
    if (job.kind === 'meta') {
      selects.push(sql`select ${tag} as job, pm.value_number as num, pm.value_text as txt, count(distinct pm.post_id) as n
        ${from(sql`post_meta pm`, 'pm')} pm.meta_key = ${job.key} group by pm.value_text, pm.value_number`);
      continue;
    }
    // Rating: an item with n stars or more counts for the n-star choice (`>=`, like the rating filter).
    const stars = Array.from({ length: job.stars }, (_, i) => sql`(${sql.lit(i + 1)})`);
    withs.push(sql`${sql.ref(`s${j}`)}(star) as (values ${sql.join(stars)})`);
    selects.push(sql`select ${tag} as job, s.star as num, null as txt, count(distinct pm.post_id) as n
      ${from(sql`post_meta pm join ${sql.ref(`s${j}`)} as s on pm.value_number >= s.star`, 'pm', true)} pm.meta_key = ${job.key} group by s.star`);
  }
  if (selects.length === 0) return [];
  return (await sql<FacetRow>`with ${sql.join(withs)} ${sql.join(selects, sql` union all `)}`.execute(db)).rows;
}

function readFacets(rows: readonly FacetRow[], jobs: readonly CountJob[], maxItems: number): Facets {
  const cap = (n: number) => (maxItems > 0 ? Math.min(n, maxItems) : n);
  let total = 0;
  const matched: number[] = [];
  const indexed: IndexedData = {};
  for (const job of jobs) {
    const type = job.kind === 'tax' ? 'tax_query' : 'meta_query';
    const name = job.kind === 'tax' ? job.taxonomy : job.key;
    indexed[type] = { ...indexed[type], [name]: {} };
  }
  for (const row of rows) {
    const j = Number(row.job);
    const n = Number(row.n);
    if (j === -1) {
      total = n;
      continue;
    }
    if (j === -2) {
      matched.push(Number(row.num));
      continue;
    }
    const job = jobs[j];
    if (!job || n <= 0) continue;
    const value = row.txt ?? (row.num === null ? null : String(Number(row.num)));
    if (value === null) continue;
    const type = job.kind === 'tax' ? 'tax_query' : 'meta_query';
    const name = job.kind === 'tax' ? job.taxonomy : job.key;
    const counts = indexed[type]?.[name] as Record<string, number>;
    counts[value] = cap((counts[value] ?? 0) + n);
  }
  return matched.length > 0 && matched.length <= MATCHED_LIMIT ? { total, indexed, matched } : { total, indexed };
}
