import type { Kysely } from 'kysely';
import { withId } from '../dialect';

/**
 * The news editor (issue 14): each save of a post keeps the version it replaces (title, excerpt,
 * content), so staff can read an earlier version and restore it. A revision goes with its post.
 * And an index for an author's own list of posts.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('post_revision')
    .addColumn('id', 'integer', withId(db))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'varchar(24)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_revision_by_post').on('post_revision').columns(['post_id', 'id']).execute();
  // An author's list in the staff area reads only their posts, newest first (as post_listing does for all).
  await db.schema
    .createIndex('post_by_author')
    .on('post')
    .columns(['author_id', 'type', 'status', 'published_at', 'id'])
    .execute();
}
