import { describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import type { ReviewItem } from '~/features/reviews/model';
import { DIALECTS } from '../support/databases';
import {
  type Answer,
  freshGuest,
  type ReviewedPost,
  type ReviewUser,
  reviewsSuite,
  type WpError,
} from '../support/reviews-wire';

/** Likes and dislikes of a review (call 12). */
describe.each(DIALECTS)('reviews on %s', (dialect) => {
  let conn: Connection;
  let ekskul: ReviewedPost[];
  let student: ReviewUser;
  const { rest, list, setSource, resetEkskul } = reviewsSuite(dialect, (opened) => {
    ({ conn, ekskul, student } = opened);
  });

  // -- call 12 --------------------------------------------------------------------------------

  test('likes and dislikes follow the stored vote, not the client’s current_state', async () => {
    const target = ekskul[10] as { id: number };
    const review = (await list(target.id)).body.data.list[0] as ReviewItem;
    const guest = freshGuest();
    const vote = (type: 'like' | 'dislike', current_state = { like: false, dislike: false }) =>
      rest<Answer<{ like: number; dislike: number; approval: { like: boolean; dislike: boolean } }>>(
        'update-review-approval',
        { review_id: review.id, type, inc: true, current_state, author_id: guest },
      );
    const like = await vote('like');
    expect(like.status).toBe(200);
    expect(like.body.data).toEqual({
      like: review.like + 1,
      dislike: review.dislike,
      approval: { like: true, dislike: false },
    });
    // The client claims no vote; the stored like is taken back.
    const again = await vote('like', { like: false, dislike: false });
    expect(again.body.data).toEqual({
      like: review.like,
      dislike: review.dislike,
      approval: { like: false, dislike: false },
    });
    const dislike = await vote('dislike', { like: true, dislike: false });
    expect(dislike.body.data).toEqual({
      like: review.like,
      dislike: review.dislike + 1,
      approval: { like: false, dislike: true },
    });
    const moved = await vote('like');
    expect(moved.body.data).toEqual({
      like: review.like + 1,
      dislike: review.dislike,
      approval: { like: true, dislike: false },
    });
    const shown = (await list(target.id, { author_id: guest })).body.data.list.find((r) => r.id === review.id);
    expect(shown).toMatchObject({ like: review.like + 1, approval: { like: true, dislike: false } });

    // A signed-in user votes as themselves.
    const mine = await rest<Answer<{ like: number }>>(
      'update-review-approval',
      { review_id: review.id, type: 'like', author_id: guest },
      { as: student },
    );
    expect(mine.body.data.like).toBe(review.like + 2);
    const forUser = (await list(target.id, {}, { as: student })).body.data.list.find((r) => r.id === review.id);
    expect(forUser?.approval).toEqual({ like: true, dislike: false });
  });

  test('votes: a missing review is 400, a guest with a malformed id 400, approval closed 403', async () => {
    const target = ekskul[11] as { id: number };
    const review = (await list(target.id)).body.data.list[0] as ReviewItem;
    const missing = await rest<WpError>('update-review-approval', {
      review_id: 99999999,
      type: 'like',
      author_id: freshGuest(),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/review_id/);
    // Without author_id a guest is given an id (tests/integration/original-clients.test.ts); a malformed one is refused.
    expect(
      (await rest('update-review-approval', { review_id: review.id, type: 'like', author_id: 'nobody' })).status,
    ).toBe(400);
    expect(
      (await rest('update-review-approval', { review_id: review.id, type: 'love', author_id: freshGuest() })).status,
    ).toBe(400);
    await setSource('ekskul', { approval_allowed: 0 });
    try {
      const closed = await rest<WpError>('update-review-approval', {
        review_id: review.id,
        type: 'like',
        author_id: freshGuest(),
      });
      expect(closed.status).toBe(403);
    } finally {
      await resetEkskul();
    }
    const votes = await conn.db
      .selectFrom('review_vote')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('review_id', '=', review.id)
      .executeTakeFirstOrThrow();
    expect(Number(votes.n)).toBe(review.like + review.dislike);
  });

  test('200 guests liking one review at once, then taking it back, give exact counts', async () => {
    const target = ekskul[12] as { id: number };
    const review = (await list(target.id)).body.data.list[0] as ReviewItem;
    const guests = Array.from({ length: 200 }, () => freshGuest());
    const toggle = () =>
      Promise.all(
        guests.map((g) =>
          rest<Answer<{ like: number }>>('update-review-approval', {
            review_id: review.id,
            type: 'like',
            author_id: g,
          }),
        ),
      );
    const liked = await toggle();
    expect(liked.every((a) => a.status === 200 && a.body.success)).toBe(true);
    // Each answer counts the votes at its moment; the largest is the final count.
    expect(Math.max(...liked.map((a) => a.body.data.like))).toBe(review.like + 200);
    let shown = (await list(target.id)).body.data.list.find((r) => r.id === review.id);
    expect(shown?.like).toBe(review.like + 200);
    expect(shown?.dislike).toBe(review.dislike);

    const undone = await toggle();
    expect(undone.every((a) => a.status === 200)).toBe(true);
    expect(Math.min(...undone.map((a) => a.body.data.like))).toBe(review.like);
    shown = (await list(target.id)).body.data.list.find((r) => r.id === review.id);
    expect(shown?.like).toBe(review.like);
  });
});
