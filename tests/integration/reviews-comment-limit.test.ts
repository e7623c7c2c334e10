import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { restRoutes } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import { COMMENTS_PER_REVIEW, type CommentsPage, type ReviewItem, type ReviewsPage } from '~/features/reviews/model';
import { dispatchRest } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';

/** Spec 000 §1: a review shows its newest 50 comment threads, each with its replies. */
describe.each(DIALECTS)('comments per review on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
  });
  afterAll(() => dispose());

  test(`a review with ${COMMENTS_PER_REVIEW + 5} threads lists the newest ${COMMENTS_PER_REVIEW}, with their replies`, async () => {
    const review = await conn.db
      .selectFrom('review')
      .innerJoin('post', 'post.id', 'review.post_id')
      .select(['review.id', 'review.post_id'])
      .where('review.approved', '=', 1)
      .where('post.type', '=', 'ekskul')
      .orderBy('review.id')
      .executeTakeFirstOrThrow();
    await conn.db.deleteFrom('review_comment').where('review_id', '=', review.id).execute();
    const comment = (content: string, parent: number | null) => ({
      review_id: review.id,
      parent_id: parent,
      post_id: review.post_id,
      author_key: 'guest_limit',
      user_id: null,
      author_name: 'Tamu',
      author_mail: 'tamu@example.com',
      content,
      created_at: new Date().toISOString(),
    });
    const tops: number[] = [];
    for (let i = 1; i <= COMMENTS_PER_REVIEW + 5; i++) {
      const row = await conn.db
        .insertInto('review_comment')
        .values(comment(`utas ${i}`, null))
        .returning('id')
        .executeTakeFirstOrThrow();
      tops.push(row.id);
    }
    // A reply to the oldest thread (cut off) and to the newest (shown); both newer than every thread.
    await conn.db
      .insertInto('review_comment')
      .values(comment('balasan lama', tops[0] as number))
      .execute();
    await conn.db
      .insertInto('review_comment')
      .values(comment('balasan baru', tops.at(-1) as number))
      .execute();

    const path = 'jet-reviews-api/v1/get-public-reviews-list';
    let item: ReviewItem | undefined;
    for (let page = 0; !item && page < 50; page++) {
      const res = await dispatchRest(
        new Request(`http://school.test/wp-json/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ source: 'post', source_id: review.post_id, page, page_size: 10 }),
        }),
        appContext(conn),
        restRoutes,
        path,
      );
      const body = (await res.json()) as { data: ReviewsPage };
      if (body.data.list.length === 0) break;
      item = body.data.list.find((r) => r.id === review.id);
    }
    expect(item).toBeDefined();
    const threads = item?.comments ?? [];
    expect(threads).toHaveLength(COMMENTS_PER_REVIEW);
    expect(threads[0]?.content).toBe(`utas ${COMMENTS_PER_REVIEW + 5}`);
    expect(threads.at(-1)?.content).toBe('utas 6');
    expect(threads[0]?.children.map((c) => c.content)).toEqual(['balasan baru']);
    expect(JSON.stringify(threads)).not.toContain('balasan lama');
    expect(item?.comments_total).toBe(COMMENTS_PER_REVIEW + 5);

    // Issue 21: the threads past the newest 50 come a page at a time, with their replies.
    const commentsPage = async (body: Record<string, unknown>) => {
      const route = 'jet-reviews-api/v1/get-review-comments';
      const res = await dispatchRest(
        new Request(`http://school.test/wp-json/${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        appContext(conn),
        restRoutes,
        route,
      );
      return { status: res.status, body: (await res.json()) as { success: boolean; data: CommentsPage } };
    };
    const first = await commentsPage({ review_id: review.id, page: 0 });
    const second = await commentsPage({ review_id: review.id, page: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: COMMENTS_PER_REVIEW + 5, page: 0, page_size: COMMENTS_PER_REVIEW });
    // Page 1 (0-based 0) is what call 9 carries; page 2 has the rest, in order, none twice.
    expect(first.body.data.list.map((c) => c.id)).toEqual(threads.map((c) => c.id));
    const contents = [...first.body.data.list, ...second.body.data.list].map((c) => c.content);
    expect(contents).toEqual(
      Array.from({ length: COMMENTS_PER_REVIEW + 5 }, (_, i) => `utas ${COMMENTS_PER_REVIEW + 5 - i}`),
    );
    expect(second.body.data.list).toHaveLength(5);
    expect(second.body.data.list.at(-1)?.children.map((c) => c.content)).toEqual(['balasan lama']);
    expect(new Set([...first.body.data.list, ...second.body.data.list].map((c) => c.id)).size).toBe(
      COMMENTS_PER_REVIEW + 5,
    );

    // Past the end: an empty page. A page that is no whole number from 0: a clear 400. Never a 500.
    const past = await commentsPage({ review_id: review.id, page: 2 });
    expect(past.status).toBe(200);
    expect(past.body.data.list).toEqual([]);
    expect((await commentsPage({ review_id: review.id, page: 99_999 })).body.data.list).toEqual([]);
    for (const page of [-1, 1.5, 'dua', '1e3', null, 10_000_000]) {
      const bad = await commentsPage({ review_id: review.id, page });
      expect(bad.status, String(page)).toBe(400);
    }
    for (const reviewId of [0, -3, 'x', undefined]) {
      expect((await commentsPage({ review_id: reviewId, page: 0 })).status, String(reviewId)).toBe(400);
    }
    // No such review, or one not approved: the original's answer for what it does not know.
    const missing = await commentsPage({ review_id: 987_654, page: 0 });
    expect(missing).toEqual({ status: 200, body: { success: false, message: 'Error' } });
  });
});
