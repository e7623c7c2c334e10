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
 * How many of the newest matches are ranked, per tier. Ranking every match of a common word (most of
 * 100,000 posts) costs tens of milliseconds; the newest few hundred are read in index order and cost
 * a few. A query matching fewer items than this is ranked exactly.
 */
export const RANK_WINDOW = 200;

/**
 * Item ids best first: items with every word in the title come before the others (a title match
 * outranks any body match), and within each tier the database's own ranking orders the newest
 * RANK_WINDOW matches (FTS5 bm25, with the title weighted over the excerpt over the body; PostgreSQL
 * ts_rank, with the weights A, B, C that `search_vector` gives them). Ties go to the higher id.
 */
export async function rankedPostIds(db: Db, dialect: Dialect, q: RankedQuery): Promise<number[]> {
  const terms = searchTerms(q.text);
  if (terms.length === 0 || q.types.length === 0 || q.limit < 1 || q.termIds?.length === 0) return [];
  const options: MatchOptions = { phrase: q.phrase };
  const inTitle = await rankedTier(db, dialect, 'title', terms, options, q, q.limit);
  if (inTitle.length >= q.limit) return inTitle;
  const anywhere = await rankedTier(db, dialect, 'anywhere', terms, options, q, q.limit + inTitle.length);
  const seen = new Set(inTitle);
  return [...inTitle, ...anywhere.filter((id) => !seen.has(id))].slice(0, q.limit);
}

/**
 * One tier: the newest RANK_WINDOW matches in the title index (0006) or the whole-item index, ranked,
 * the best `limit`. The index is read newest first and stops at the window; only those rows are ranked.
 */
async function rankedTier(
  db: Db,
  dialect: Dialect,
  where: 'title' | 'anywhere',
  terms: string[],
  options: MatchOptions,
  q: RankedQuery,
  limit: number,
): Promise<number[]> {
  const types = sql.join(q.types.map((t) => sql`${t}`));
  const carries = q.termIds
    ? sql`and exists (select 1 from post_term where post_term.post_id = post.id and post_term.term_id in (${sql.join(
        q.termIds.map((id) => sql`${id}`),
      )}))`
    : sql``;
  if (dialect === 'postgres') {
    const query = sql`to_tsquery('simple', ${tsQueryExpression(terms, options)})`;
    // `title_vector` (0006) holds the title alone. The planner reads newest first by the primary key
    // when most rows match, or collects the GIN index's matches when few do.
    const vector = sql.ref(where === 'title' ? 'title_vector' : 'search_vector');
    const { rows } = await sql<{ id: number }>`
      select id from (
        select id, ${vector} as vector from post
        where ${vector} @@ ${query} and status = 'publish' and type in (${types}) ${carries}
        order by id desc limit ${RANK_WINDOW}
      ) candidate
      order by ts_rank(vector, ${query}) desc, id desc
      limit ${limit}`.execute(db);
    return rows.map((r) => Number(r.id));
  }
  // CROSS JOIN keeps the full-text index the outer loop, read newest first; bm25 is computed only for
  // the rows that pass. Weights of post_fts: title 10, excerpt 4, body 2 (as ts_rank's A, B, C).
  const index = sql.raw(where === 'title' ? 'post_title_fts' : 'post_fts');
  const rank = where === 'title' ? sql`bm25(post_title_fts)` : sql`bm25(post_fts, 10.0, 4.0, 2.0)`;
  const { rows } = await sql<{ id: number }>`
    select id from (
      select post.id as id, ${rank} as score
      from ${index} cross join post on post.id = ${index}.rowid
      where ${index} match ${ftsMatchExpression(terms, options)}
        and post.status = 'publish' and post.type in (${types}) ${carries}
      order by ${index}.rowid desc limit ${RANK_WINDOW}
    ) candidate
    order by score, id desc
    limit ${limit}`.execute(db);
  return rows.map((r) => Number(r.id));
}
