import { describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { starsOf } from '~/features/reviews/rating-meta.server';
import { DIALECTS } from '../support/databases';
import { type Answer, type ReviewedPost, reviewsSuite } from '../support/reviews-wire';

/** The public list of an activity's reviews (call 9) and the rating meta the seed leaves with it. */
describe.each(DIALECTS)('reviews on %s', (dialect) => {
  let conn: Connection;
  let ekskul: ReviewedPost[];
  let newsReviewed: number;
  let galeri: number;
  const { rest, list, ratingMeta, publicAverage } = reviewsSuite(dialect, (opened) => {
    ({ conn, ekskul, newsReviewed, galeri } = opened);
  });

  // -- call 9 ---------------------------------------------------------------------------------

  test('the list: approved reviews, pinned first then newest, with total and average; no e-mail', async () => {
    const target = ekskul[0] as { id: number };
    const { status, body } = await list(target.id);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const { list: items, total, rating } = body.data;
    expect(total).toBe(10);
    expect(items).toHaveLength(10);
    expect(rating).toBeCloseTo(await publicAverage(target.id), 2);
    expect(starsOf(rating)).toBe(await ratingMeta(target.id));
    expect(items[0]?.pinned).toBe(true);
    const rest = items.slice(1);
    expect(rest.every((r) => !r.pinned)).toBe(true);
    const dates = rest.map((r) => r.date.raw);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const item of items) {
      expect(item.author.mail).toBe('');
      expect(item.author.avatar).toBe('');
      expect(item.approved).toBe(true);
      expect(item.type_slug).toBe('ekskul');
      expect(item.rating_data.map((f) => f.field_label)).toEqual(['Pelatih', 'Kegiatan', 'Fasilitas']);
      expect(item.date.human_diff).toMatch(/yang lalu|baru saja/);
    }
    // The seeded comments come as a tree: one answered comment, the answer by staff.
    const withReply = items.find((i) => i.comments.some((c) => c.children.length > 0));
    expect(withReply?.comments[0]?.children[0]?.verifications[0]?.slug).toBe('staff');
  });

  test('the list pages without repeating a review', async () => {
    const target = ekskul[1] as { id: number };
    const first = await list(target.id, { page: 0, page_size: 4 });
    const second = await list(target.id, { page: 1, page_size: 4 });
    const third = await list(target.id, { page: 2, page_size: 4 });
    const ids = [...first.body.data.list, ...second.body.data.list, ...third.body.data.list].map((r) => r.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    expect(third.body.data.list).toHaveLength(2);
    expect((await list(target.id, { page: 9 })).body.data.list).toEqual([]);
  });

  test.each<[string, Record<string, unknown>]>([
    ['an unknown post', { source_id: 999999 }],
    ['no source id', { source_id: undefined }],
    ['a post type without reviews', { source_id: 'page' }],
    ['the simple widget’s source', { source_id: 'galeri' }],
    ['another source kind', { source: 'user' }],
  ])('the list of %s answers {success:false, message:"Error"}', async (_name, over) => {
    const page = await conn.db.selectFrom('post').select('id').where('type', '=', 'page').executeTakeFirstOrThrow();
    const fields: Record<string, unknown> = { source: 'post', source_id: ekskul[0]?.id, page: 0, ...over };
    if (over.source_id === 'page') fields.source_id = page.id;
    if (over.source_id === 'galeri') fields.source_id = galeri;
    const { status, body } = await rest<Answer>('get-public-reviews-list', fields, { nonce: false });
    expect(status).toBe(200);
    expect(body).toEqual({ success: false, message: 'Error' });
  });

  // -- loaders --------------------------------------------------------------------------------

  test('the reviews already seeded on news keep their averages in the meta', async () => {
    const { body } = await list(newsReviewed);
    expect(body.data.total).toBe(3);
    expect(await ratingMeta(newsReviewed)).toBe(starsOf(body.data.rating));
  });
});
