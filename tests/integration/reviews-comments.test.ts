import { describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import type { ReviewComment, ReviewItem } from '~/features/reviews/model';
import { DIALECTS } from '../support/databases';
import {
  type Answer,
  type CallOptions,
  freshGuest,
  type ReviewedPost,
  type ReviewUser,
  reviewsSuite,
  type WpError,
} from '../support/reviews-wire';

/** Comments and replies on a review (call 11). */
describe.each(DIALECTS)('reviews on %s', (dialect) => {
  let conn: Connection;
  let ekskul: ReviewedPost[];
  let editor: ReviewUser;
  const { rest, list, setSource, resetEkskul } = reviewsSuite(dialect, (opened) => {
    ({ conn, ekskul, editor } = opened);
  });

  // -- call 11 --------------------------------------------------------------------------------

  test('comments and replies: two levels, newest first, the parent on the same review', async () => {
    const target = ekskul[9] as { id: number };
    const reviews = (await list(target.id)).body.data.list;
    const [review, other] = reviews as [ReviewItem, ReviewItem];
    const comment = (over: Record<string, unknown>, opts: CallOptions = {}) =>
      rest<Answer<ReviewComment>>(
        'submit-review-comment',
        {
          source: 'post',
          source_id: target.id,
          parent_id: 0,
          review_id: review.id,
          author_id: freshGuest(),
          author_name: 'Tamu Komentar',
          author_mail: 'komentar@contoh.sch.id',
          content: 'Komentar pertama',
          ...over,
        },
        opts,
      );
    const top = await comment({});
    expect(top.status).toBe(200);
    expect(top.body.success).toBe(true);
    expect(top.body.data).toMatchObject({
      source: 'post',
      post_id: target.id,
      parent_id: 0,
      review_id: review.id,
      author: { id: '0', name: 'Tamu Komentar', mail: '', avatar: '' },
      content: 'Komentar pertama',
      approved: true,
      children: [],
      verifications: [],
    });
    const reply = await comment({ parent_id: top.body.data.id, content: 'Balasan' }, { as: editor });
    expect(reply.body.data.parent_id).toBe(top.body.data.id);
    expect(reply.body.data.verifications[0]?.slug).toBe('staff');
    const deeper = await comment({ parent_id: reply.body.data.id, content: 'Balasan atas balasan' });
    expect(deeper.body.data.parent_id).toBe(top.body.data.id);
    const second = await comment({ content: '<b>Komentar kedua</b>' });

    const shown = (await list(target.id)).body.data.list.find((r) => r.id === review.id) as ReviewItem;
    expect(shown.comments[0]?.id).toBe(second.body.data.id);
    expect(shown.comments[0]?.content).toBe('<b>Komentar kedua</b>');
    const thread = shown.comments.find((c) => c.id === top.body.data.id) as ReviewComment;
    expect(thread.children.map((c) => c.content)).toEqual(['Balasan atas balasan', 'Balasan']);
    expect(thread.children.every((c) => c.children.length === 0)).toBe(true);

    const before = await conn.db
      .selectFrom('review_comment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const foreignParent = await comment({ review_id: other.id, parent_id: top.body.data.id });
    expect(foreignParent.status).toBe(400);
    expect((foreignParent.body as unknown as WpError).message).toMatch(/parent_id/);
    expect((await comment({ author_mail: 'bukan-email' })).status).toBe(400);
    expect((await comment({ author_name: '' })).status).toBe(400);
    expect((await comment({ content: '' })).status).toBe(400);
    expect((await comment({ content: 'x'.repeat(2001) })).status).toBe(400);
    expect((await comment({ review_id: 99999999 })).status).toBe(400);
    expect((await comment({ source_id: ekskul[0]?.id })).status).toBe(400);
    const after = await conn.db
      .selectFrom('review_comment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    await setSource('ekskul', { comments_allowed: 0 });
    try {
      expect((await comment({})).status).toBe(403);
    } finally {
      await resetEkskul();
    }
  });
});
