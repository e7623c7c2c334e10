import { sql } from 'kysely';
import { replaceMeta } from '~/content/posts-write.server';
import type { Db } from '~/db';
import { isPostgres } from '~/db/dialect';

/**
 * The count and average of a post's approved reviews. Every write that changes them updates
 * them in its own transaction (a new review adds itself; approving, unapproving and deleting
 * recompute them from the reviews) and stores them twice: in `review_summary` (what the
 * list answers, one row instead of an aggregate over thousands of reviews) and, in stars, in the
 * post's `rating` meta, where the smart filters' rating filter and sorting read it
 * (content/filters.yaml), through the content's write side. No import beyond the database and that, so that
 * the seed can use it under plain tsx.
 */

/** Count and average percent (two decimals) of a post's approved reviews, as the list answers them. */
export async function approvedSummary(db: Db, postId: number): Promise<{ total: number; rating: number }> {
  const row = await db
    .selectFrom('review_summary')
    .select(['approved_count', 'rating_sum'])
    .where('post_id', '=', postId)
    .executeTakeFirst();
  // A post never summarised (no review was ever written through the app): count it from the reviews.
  return summaryOf(row ? { count: row.approved_count, sum: row.rating_sum } : await countApproved(db, postId));
}

/** A summary row as the list answers it: the count, and the average percent with two decimals. */
export function summaryOf({ count, sum }: { count: number; sum: number }): { total: number; rating: number } {
  return { total: count, rating: count === 0 ? 0 : Math.round((sum / count) * 100) / 100 };
}

/**
 * Count and sum of the approved reviews' percent: one aggregate over the index `review_rating`. A review without
 * rated fields (the one holding a post's comments brought from a WordPress site, issue 26) is no rating.
 */
async function countApproved(db: Db, postId: number): Promise<{ count: number; sum: number }> {
  const row = await db
    .selectFrom('review')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('rating').as('sum')])
    .where('post_id', '=', postId)
    .where('approved', '=', 1)
    .where('rating_data', '<>', '[]')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), sum: Number(row.sum ?? 0) };
}

/**
 * Serialises the rating-changing writes of one post inside a transaction. SQLite writes one
 * transaction at a time anyway; PostgreSQL locks the post row, so that each transaction's
 * count sees the reviews committed before it.
 */
export async function lockPost(trx: Db, postId: number): Promise<void> {
  if (isPostgres(trx)) await sql`select id from post where id = ${postId} for update`.execute(trx);
}

/**
 * Recomputes a post's summary after its approved reviews changed (call it in the same transaction,
 * after `lockPost`): `review_summary`, and the `rating` meta in stars 0-5 with one decimal. A post
 * left without approved reviews keeps the rating meta it has.
 */
export async function updateRatingSummary(trx: Db, postId: number): Promise<{ count: number; sum: number }> {
  const { count, sum } = await countApproved(trx, postId);
  await trx
    .insertInto('review_summary')
    .values({ post_id: postId, approved_count: count, rating_sum: sum })
    .onConflict((oc) =>
      oc.column('post_id').doUpdateSet((eb) => ({
        approved_count: eb.ref('excluded.approved_count'),
        rating_sum: eb.ref('excluded.rating_sum'),
      })),
    )
    .execute();
  await storeRatingMeta(trx, postId, count, sum);
  return { count, sum };
}

/**
 * Counts one new approved review of `rating` percent into the post's summary (call it in the
 * transaction that inserted the review, after `lockPost`). The summary row is updated in place
 * rather than recomputed from thousands of reviews; a post that has none yet is recomputed.
 */
export async function addToRatingSummary(
  trx: Db,
  postId: number,
  rating: number,
): Promise<{ count: number; sum: number }> {
  const row = await trx
    .updateTable('review_summary')
    .set((eb) => ({
      approved_count: eb('approved_count', '+', 1),
      rating_sum: eb('rating_sum', '+', rating),
    }))
    .where('post_id', '=', postId)
    .returning(['approved_count', 'rating_sum'])
    .executeTakeFirst();
  if (!row) return updateRatingSummary(trx, postId);
  await storeRatingMeta(trx, postId, row.approved_count, row.rating_sum);
  return { count: row.approved_count, sum: row.rating_sum };
}

/** The `rating` meta in stars with one decimal; left as it is when there is no approved review. */
async function storeRatingMeta(trx: Db, postId: number, count: number, sum: number): Promise<void> {
  if (count === 0) return;
  await replaceMeta(trx, postId, { rating: { value_number: starsOf(sum / count) } });
}

/** An average percent as stars with one decimal (92 → 4.6). */
export function starsOf(percent: number): number {
  return Math.round(percent / 2) / 10;
}
