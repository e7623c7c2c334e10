import type { Kysely } from 'kysely';

/**
 * Indexes on the columns that refer to a post without one: deleting a post (staff delete news, albums,
 * events) makes the database look for rows that refer to it, and without an index that is a scan of
 * the whole table per deleted post (`post.parent_id` on 100,000 posts).
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema.createIndex('post_parent').on('post').column('parent_id').execute();
  await db.schema.createIndex('review_comment_post').on('review_comment').column('post_id').execute();
  await db.schema.createIndex('media_job_post').on('media_job').column('post_id').execute();
}
