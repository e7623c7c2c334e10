import type { Kysely } from 'kysely';
import { withId } from '../dialect';

/**
 * Issue 23: the content change log. Every write of `post`, `post_meta` and `post_term` goes through
 * `content/posts-write.server.ts`, which appends a row here in the same transaction: which post, which
 * part of it (`post`: its row; `meta`: meta keys; `terms`: taxonomies; `deleted`) and the names touched.
 * A reader (the filter index of the speed issue) follows the ids. On PostgreSQL an id may commit after a
 * higher one, so a reader that keeps its place by id reads again from a little before it.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('content_change')
    .addColumn('id', 'integer', withId(db))
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('part', 'varchar(10)', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_change_post').on('content_change').columns(['post_id', 'id']).execute();
}
