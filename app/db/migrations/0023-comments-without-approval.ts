import type { Kysely } from 'kysely';

/**
 * Issue 23: a review's comments are published as they are written (the original has no comment
 * moderation, and the staff queue moderates reviews, not comments), so `review_comment.approved`
 * was always 1. The column goes; a comment's `approved` in the wire answers stays true.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('review_comment').dropColumn('approved').execute();
}
