import { sql } from 'kysely';
import type { Db } from '~/db';
import { serialized } from '~/db/serialized.server';
import { type ApprovalState, nextApproval } from './model';

/** Likes and dislikes (call 12): one vote per voter, counts always counted from the votes. */

/** Likes and dislikes of one review, counted from the votes. */
async function voteCounts(db: Db, reviewId: number): Promise<{ like: number; dislike: number }> {
  const row = await db
    .selectFrom('review_vote')
    .select((eb) => [
      eb.fn.sum<number>(sql`case when vote = 1 then 1 else 0 end`).as('likes'),
      eb.fn.sum<number>(sql`case when vote = -1 then 1 else 0 end`).as('dislikes'),
    ])
    .where('review_id', '=', reviewId)
    .executeTakeFirstOrThrow();
  return { like: Number(row.likes ?? 0), dislike: Number(row.dislikes ?? 0) };
}

export interface ApprovalResult {
  like: number;
  dislike: number;
  approval: ApprovalState;
}

/**
 * Call 12: toggles the voter's stored vote by the state machine (the client's `current_state` is not
 * trusted). One voter's toggles of one review run one at a time in every process (`serialized`), so
 * a burst of them always answers and ends in the state their number gives; counts are then read from
 * the votes, so many voters at once on one review always add up, without locking the review.
 */
export async function toggleVote(
  db: Db,
  reviewId: number,
  voter: string,
  type: 'like' | 'dislike',
): Promise<ApprovalResult> {
  const state = await serialized(db, `review-vote:${reviewId}:${voter}`, async (trx) => {
    const mine = trx.selectFrom('review_vote').where('review_id', '=', reviewId).where('voter_key', '=', voter);
    const stored = await mine.select('vote').executeTakeFirst();
    const next = nextApproval({ like: stored?.vote === 1, dislike: stored?.vote === -1 }, type);
    const vote = next.like ? 1 : next.dislike ? -1 : 0;
    if (vote === 0) {
      await trx.deleteFrom('review_vote').where('review_id', '=', reviewId).where('voter_key', '=', voter).execute();
    } else {
      await trx
        .insertInto('review_vote')
        .values({ review_id: reviewId, voter_key: voter, vote })
        .onConflict((oc) => oc.columns(['review_id', 'voter_key']).doUpdateSet({ vote }))
        .execute();
    }
    return next;
  });
  const counts = await voteCounts(db, reviewId);
  return { ...counts, approval: state };
}
