import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Live search (issue 12) asks after every keystroke from two letters on, with the last word as a prefix,
 * and ranks items with every word in the title first. Two index changes make both cheap:
 *
 * - A title-only index, so that "every word in the title" reads the titles' lists only. Without it
 *   a word common in bodies (most of 100,000 posts) was checked post by post: 500 ms on PostgreSQL,
 *   whose planner does not see the title weight in its estimates.
 * - SQLite: prefix lists for 2 to 6 letters. Without them FTS5 merges the list of every word that
 *   starts with the typed letters (`meny` → menyiapkan, menyampaikan …) on every call. PostgreSQL's
 *   GIN index reads prefixes from its sorted keys and needs none.
 *
 * The SQLite tables are made again from `post` and kept current by triggers, as `post_fts` is since
 * 0001 (its triggers name the table, so they serve the new one); PostgreSQL's indexes are kept by
 * PostgreSQL.
 */
export async function up(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    // Stored, as `search_vector` is: a match on many titles is checked against the stored vector,
    // not by parsing every title again.
    await sql`alter table post add column title_vector tsvector generated always as (to_tsvector('simple', title)) stored`.execute(
      db,
    );
    await sql`create index post_title_search on post using gin (title_vector)`.execute(db);
    return;
  }
  const options = sql.raw(`tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6'`);
  await sql`drop table post_fts`.execute(db);
  await sql`create virtual table post_fts using fts5(title, excerpt, content, content='post', content_rowid='id', ${options})`.execute(
    db,
  );
  await sql`insert into post_fts(post_fts) values ('rebuild')`.execute(db);
  await sql`create virtual table post_title_fts using fts5(title, content='post', content_rowid='id', ${options})`.execute(
    db,
  );
  await sql`insert into post_title_fts(post_title_fts) values ('rebuild')`.execute(db);
  await sql`create trigger post_title_fts_insert after insert on post begin
    insert into post_title_fts(rowid, title) values (new.id, new.title); end`.execute(db);
  await sql`create trigger post_title_fts_delete after delete on post begin
    insert into post_title_fts(post_title_fts, rowid, title) values ('delete', old.id, old.title); end`.execute(db);
  await sql`create trigger post_title_fts_update after update of title on post begin
    insert into post_title_fts(post_title_fts, rowid, title) values ('delete', old.id, old.title);
    insert into post_title_fts(rowid, title) values (new.id, new.title); end`.execute(db);
}
