import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Live search (issue 24): the word being typed is matched as a prefix, and 0006 kept prefix lists for
 * 2 to 6 letters only. A longer prefix (`pemaparan`, `menyelesai`) made FTS5 merge the entries of every
 * word starting with it into one list before reading the first match: 2 to 4 ms for a common word at
 * 100,000 posts, most of a search's time. Here every prefix length from 2 to 32 letters has its list
 * (FTS5 keeps at most 31). A list holds only the words at least that long, so the longer ones are
 * small: at 100,000 synthetic posts the whole-item index, rebuilt, grows from 152 to 185 MB, and a
 * write adds an entry only to the lists its words are long enough for.
 *
 * The SQLite tables are made again from `post`; their triggers (0001, 0006) name the tables and
 * serve the new ones. PostgreSQL's GIN index reads prefixes from its sorted keys and needs none.
 */
export async function up(db: Kysely<unknown>) {
  if (isPostgres(db)) return;
  const lengths = Array.from({ length: 31 }, (_, i) => i + 2).join(' ');
  const options = sql.raw(`tokenize='unicode61 remove_diacritics 2', prefix='${lengths}'`);
  await sql`drop table post_fts`.execute(db);
  await sql`create virtual table post_fts using fts5(title, excerpt, content, content='post', content_rowid='id', ${options})`.execute(
    db,
  );
  await sql`insert into post_fts(post_fts) values ('rebuild')`.execute(db);
  await sql`drop table post_title_fts`.execute(db);
  await sql`create virtual table post_title_fts using fts5(title, content='post', content_rowid='id', ${options})`.execute(
    db,
  );
  await sql`insert into post_title_fts(post_title_fts) values ('rebuild')`.execute(db);
}
