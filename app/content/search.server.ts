import { type RawBuilder, sql } from 'kysely';
import type { Db, Dialect } from '~/db';
import { ftsMatchExpression, type MatchOptions, searchTerms, tsQueryExpression } from './search';

/**
 * A condition on `post.id` for the visitor's search text, on either dialect
 * (DESIGN.md: FTS5 on SQLite, full-text on PostgreSQL, behind one interface). Null when the text has no words.
 */
export function postMatches(dialect: Dialect, text: string): RawBuilder<boolean> | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  if (dialect === 'postgres') {
    return sql<boolean>`post.search_vector @@ to_tsquery('simple', ${tsQueryExpression(terms)})`;
  }
  return sql<boolean>`post.id in (select rowid from post_fts where post_fts match ${ftsMatchExpression(terms)})`;
}

/** A ranked search: published items of these types (and terms), best first. */
export interface RankedQuery {
  text: string;
  /** Post types to search; none means no results. */
  types: readonly string[];
  /** When given, an item must carry one of these terms (ids, children already included); empty: no results. */
  termIds?: readonly number[];
  /** How many ids to answer. */
  limit: number;
  /** The words next to each other, in order. */
  phrase?: boolean;
}

/**
 * Item ids best first: items with every word in the title before the others (a title match outranks
 * any body match), newest first within each (the higher id first): WordPress's search order (the
 * original's: title tiers, then date), without its phrase tiers. Exact over every match: each tier's
 * index is read newest first and stops at `limit`.
 *
 * No relevance score within a tier (bm25, ts_rank): FTS5's bm25 counts, on every query, the items
 * holding each word by reading all of that word's entries, and takes no counts from outside; for the
 * common words of a school's news at 100,000 posts that alone is 2 to 8 ms a query (issue 24), the
 * call's whole budget. PostgreSQL keeps the same order, so both dialects answer alike.
 */
export async function rankedPostIds(db: Db, dialect: Dialect, q: RankedQuery): Promise<number[]> {
  const terms = searchTerms(q.text);
  if (terms.length === 0 || q.types.length === 0 || q.limit < 1 || q.termIds?.length === 0) return [];
  const options: MatchOptions = { phrase: q.phrase };
  const tiers = sql.join(
    [newestMatches(dialect, 'title', terms, options, q), newestMatches(dialect, 'anywhere', terms, options, q)],
    sql` union all `,
  );
  // An item of the title tier is in the other too: it keeps its best tier. Taking the newest `limit`
  // of each tier is enough: an item is left out of its tier only behind `limit` items ranked above it.
  const { rows } = await sql<{ id: number }>`
    select id from (${tiers}) tier
    group by id
    order by min(tier.tier), id desc
    limit ${q.limit}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** One tier's newest `limit` matches, with the tier's number: the title index (0006) or the whole-item index. */
function newestMatches(
  dialect: Dialect,
  where: 'title' | 'anywhere',
  terms: string[],
  options: MatchOptions,
  q: RankedQuery,
): RawBuilder<unknown> {
  const tier = where === 'title' ? 0 : 1;
  const types = sql.join(q.types.map((t) => sql`${t}`));
  const carries = q.termIds
    ? sql`and exists (select 1 from post_term where post_term.post_id = post.id and post_term.term_id in (${sql.join(
        q.termIds.map((id) => sql`${id}`),
      )}))`
    : sql``;
  if (dialect === 'postgres') {
    // `title_vector` (0006) holds the title alone. The planner reads newest first by the primary key
    // when most rows match, or collects the GIN index's matches when few do.
    const vector = sql.ref(where === 'title' ? 'title_vector' : 'search_vector');
    return sql`(select id, ${sql.lit(tier)} as tier from post
      where ${vector} @@ to_tsquery('simple', ${tsQueryExpression(terms, options)})
        and status = 'publish' and type in (${types}) ${carries}
      order by id desc limit ${q.limit})`;
  }
  // CROSS JOIN keeps the full-text index the outer loop, read newest first (its rowid is the post id).
  const index = sql.raw(where === 'title' ? 'post_title_fts' : 'post_fts');
  return sql`select * from (select post.id as id, ${sql.lit(tier)} as tier
      from ${index} cross join post on post.id = ${index}.rowid
      where ${index} match ${ftsMatchExpression(terms, options)}
        and post.status = 'publish' and post.type in (${types}) ${carries}
      order by ${index}.rowid desc limit ${q.limit})`;
}
