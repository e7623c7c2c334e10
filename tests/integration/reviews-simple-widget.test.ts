import { describe, expect, test } from 'vitest';
import { DIALECTS } from '../support/databases';
import { type ReviewedPost, type ReviewUser, reviewsSuite } from '../support/reviews-wire';

/** The gallery's simple reviews widget (calls 14 and 15). */
describe.each(DIALECTS)('reviews on %s', (dialect) => {
  let ekskul: ReviewedPost[];
  let galeri: number;
  let editor: ReviewUser;
  let parent: ReviewUser;
  let student: ReviewUser;
  const { ajax, reviewCount, ratingMeta } = reviewsSuite(dialect, (opened) => {
    ({ ekskul, galeri, editor, parent, student } = opened);
  });

  // -- calls 14 and 15 --------------------------------------------------------------------------

  test('the simple widget: signed-in users review a gallery item once and remove their own review', async () => {
    const fields = {
      action: 'jet_reviews_add_meta_review',
      post_id: String(galeri),
      review_time: '10:00',
      review_date: '2026-11-23',
      title: 'Foto bagus',
      content: 'Suasananya terasa.',
      rating: '4',
    };
    const visitor = await ajax(fields);
    expect(visitor.status).toBe(403);
    expect(await reviewCount(galeri)).toBe(0);

    const created = await ajax<{ type: string; message: string }>(fields, { as: parent });
    expect(created.status).toBe(200);
    expect(created.body.type).toBe('success');
    expect(await reviewCount(galeri)).toBe(1);
    expect(await ratingMeta(galeri)).toBe(4);
    const again = await ajax<{ type: string; message: string }>(fields, { as: parent });
    expect(again.body).toEqual({ type: 'error', message: '*Already reviewed' });

    for (const bad of [{ rating: '6' }, { rating: '3.5' }, { title: '' }, { post_id: String(ekskul[0]?.id) }]) {
      expect((await ajax({ ...fields, ...bad }, { as: student })).status).toBe(400);
    }
    expect(await reviewCount(galeri)).toBe(1);

    const remove = { action: 'jet_reviews_remove_review', post_id: String(galeri), user_id: String(parent.id) };
    expect((await ajax(remove, { as: student })).status).toBe(403);
    expect(await reviewCount(galeri)).toBe(1);
    const removed = await ajax<{ type: string }>(remove, { as: parent });
    expect(removed.status).toBe(200);
    expect(removed.body.type).toBe('success');
    expect(await reviewCount(galeri)).toBe(0);
    expect((await ajax(remove, { as: parent })).status).toBe(404);

    // A moderator may remove anyone's.
    await ajax(fields, { as: student });
    expect((await ajax({ ...remove, user_id: String(student.id) }, { as: editor })).body).toMatchObject({
      type: 'success',
    });
  });
});
