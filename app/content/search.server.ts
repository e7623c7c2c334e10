import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '~/db';
import { ftsMatchExpression, searchTerms } from './search';

/**
 * A condition on `post.id` for the visitor's search text, on either dialect
 * (DESIGN.md: FTS5 on SQLite, full-text on PostgreSQL, behind one interface). Null when the text has no words.
 */
export function postMatches(dialect: Dialect, text: string): RawBuilder<boolean> | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  if (dialect === 'postgres') {
    const query = terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ');
    return sql<boolean>`post.search_vector @@ to_tsquery('simple', ${query})`;
  }
  return sql<boolean>`post.id in (select rowid from post_fts where post_fts match ${ftsMatchExpression(terms)})`;
}
