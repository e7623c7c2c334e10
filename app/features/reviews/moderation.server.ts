import type { Db } from '~/db';
import { Invalid, NotFound } from '~/lib/errors';
import type { ReviewItem } from './model';
import { approvedSummary, lockPost, updateRatingSummary } from './rating-meta.server';
import { reviewItem } from './read.server';
import { type Actor, findReview, userKey } from './sources.server';

/** Moderation from the widget, and the simple widget's removal (call 15). */

/** The moderation route's answer: the review after the change (null once deleted) and the public figures. */
export interface ModerationResult {
  item: ReviewItem | null;
  rating: number;
  total: number;
}

/** What a moderation action sets on a review (`delete` deletes it): the widget's and the staff queue's. */
const REVIEW_CHANGES = {
  approve: { approved: 1, rejected: 0 },
  unapprove: { approved: 0 },
  reject: { approved: 0, rejected: 1 },
  pin: { pinned: 1 },
  unpin: { pinned: 0 },
} as const;

/**
 * Applies a moderation action to reviews of the posts `postIds` (locked by the caller), then recomputes
 * those posts' public summaries unless only pins changed.
 */
export async function applyReviewAction(
  trx: Db,
  reviewIds: number[],
  postIds: number[],
  action: keyof typeof REVIEW_CHANGES | 'delete',
): Promise<void> {
  if (action === 'delete') await trx.deleteFrom('review').where('id', 'in', reviewIds).execute();
  else await trx.updateTable('review').set(REVIEW_CHANGES[action]).where('id', 'in', reviewIds).execute();
  if (action !== 'pin' && action !== 'unpin') {
    for (const postId of postIds) await updateRatingSummary(trx, postId);
  }
}

/**
 * Approves, unapproves, pins, unpins or deletes a review; the rating meta follows in the same
 * transaction. `shown`: whether the public saw the review before or sees it now (the audit's `public`).
 */
export async function moderateReview(
  db: Db,
  reviewId: number,
  operation: 'approve' | 'unapprove' | 'pin' | 'unpin' | 'delete',
  actor: Actor,
): Promise<{ result: ModerationResult; shown: boolean }> {
  const found = await findReview(db, reviewId);
  if (!found) throw new Invalid('review_id: no such review');
  const { source } = found;
  await db.transaction().execute(async (trx) => {
    await lockPost(trx, source.postId);
    await applyReviewAction(trx, [reviewId], [source.postId], operation);
  });
  const [item, summary] = await Promise.all([
    operation === 'delete' ? null : reviewItem(db, reviewId, source, actor),
    approvedSummary(db, source.postId),
  ]);
  return { result: { item, ...summary }, shown: found.review.approved === 1 || operation === 'approve' };
}

/** Deletes the review `userId` wrote of a post (call 15); the rating meta follows. */
export async function removeUserReview(db: Db, postId: number, userId: number): Promise<void> {
  const deleted = await db.transaction().execute(async (trx) => {
    await lockPost(trx, postId);
    const result = await trx
      .deleteFrom('review')
      .where('post_id', '=', postId)
      .where('author_key', '=', userKey(userId))
      .executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) await updateRatingSummary(trx, postId);
    return Number(result.numDeletedRows);
  });
  if (deleted === 0) throw new NotFound('Ulasan tidak ditemukan.', 'review_not_found');
}
