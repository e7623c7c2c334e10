import { describe, expect, test } from 'vitest';
import type { ReviewItem } from '~/features/reviews/model';
import { starsOf } from '~/features/reviews/rating-meta.server';
import { DIALECTS } from '../support/databases';
import { type Answer, type ReviewedPost, type ReviewUser, reviewsSuite, type WpError } from '../support/reviews-wire';

/** Moderating reviews: who may, and what the list and the rating meta do after. */
describe.each(DIALECTS)('reviews on %s', (dialect) => {
  let ekskul: ReviewedPost[];
  let admin: ReviewUser;
  let parent: ReviewUser;
  const { rest, list, reviewCount, ratingMeta, publicAverage } = reviewsSuite(dialect, (opened) => {
    ({ ekskul, admin, parent } = opened);
  });

  // -- moderation -----------------------------------------------------------------------------

  test('moderation is for editors and administrators only', async () => {
    const target = ekskul[13] as { id: number };
    const review = (await list(target.id)).body.data.list[3] as ReviewItem;
    const guestTry = await rest<WpError>('moderate-review', { review_id: review.id, operation: 'delete' });
    expect(guestTry.status).toBe(401);
    const userTry = await rest<WpError>(
      'moderate-review',
      { review_id: review.id, operation: 'delete' },
      { as: parent },
    );
    expect(userTry.status).toBe(403);
    expect(userTry.body.data.status).toBe(403);
    expect(await reviewCount(target.id)).toBe(10);
    const bad = await rest<WpError>('moderate-review', { review_id: review.id, operation: 'burn' }, { as: admin });
    expect(bad.status).toBe(400);
    const missing = await rest<WpError>('moderate-review', { review_id: 99999999, operation: 'pin' }, { as: admin });
    expect(missing.status).toBe(400);
  });

  test('pin, unpin, unapprove and delete: the list and the rating meta follow', async () => {
    const target = ekskul[14] as { id: number };
    const moderate = (reviewId: number, operation: string) =>
      rest<Answer<{ item: ReviewItem | null; rating: number; total: number }>>(
        'moderate-review',
        { review_id: reviewId, operation },
        { as: admin },
      );
    const items = (await list(target.id)).body.data.list;
    const last = items[items.length - 1] as ReviewItem;
    const pinned = await moderate(last.id, 'pin');
    expect(pinned.body.data.item?.pinned).toBe(true);
    const firstTwo = (await list(target.id)).body.data.list.slice(0, 2).map((r) => r.id);
    expect(firstTwo).toContain(last.id);
    await moderate(last.id, 'unpin');
    expect((await list(target.id)).body.data.list.slice(0, 1).map((r) => r.id)).not.toContain(last.id);

    // Take away the best-rated review: the average and the meta go down.
    const best = [...items].sort((a, b) => b.rating - a.rating)[0] as ReviewItem;
    const before = await ratingMeta(target.id);
    const hidden = await moderate(best.id, 'unapprove');
    expect(hidden.body.data.item?.approved).toBe(false);
    expect(hidden.body.data.total).toBe(9);
    expect(await ratingMeta(target.id)).toBe(starsOf(hidden.body.data.rating));
    expect(hidden.body.data.rating).toBeCloseTo(await publicAverage(target.id), 2);
    expect(await ratingMeta(target.id)).toBeLessThanOrEqual(before as number);
    expect((await list(target.id)).body.data.list.some((r) => r.id === best.id)).toBe(false);
    const deleted = await moderate(best.id, 'delete');
    expect(deleted.body.data.item).toBeNull();
    expect(await reviewCount(target.id)).toBe(9);
    expect((await moderate(best.id, 'approve')).status).toBe(400);
  });
});
