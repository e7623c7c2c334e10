import { describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import type { ReviewItem } from '~/features/reviews/model';
import { starsOf } from '~/features/reviews/rating-meta.server';
import { DIALECTS } from '../support/databases';
import {
  type Answer,
  freshGuest,
  type ReviewedPost,
  type ReviewUser,
  reviewsSuite,
  type WpError,
} from '../support/reviews-wire';

/** Writing a review (call 10): who may, what is stored and counted, and what is refused. */
describe.each(DIALECTS)('reviews on %s', (dialect) => {
  let conn: Connection;
  let ekskul: ReviewedPost[];
  let news: number;
  let galeri: number;
  let editor: ReviewUser;
  let parent: ReviewUser;
  let student: ReviewUser;
  const { rest, list, guestReview, submit, reviewCount, ratingMeta, publicAverage, setSource, resetEkskul } =
    reviewsSuite(dialect, (opened) => {
      ({ conn, ekskul, news, galeri, editor, parent, student } = opened);
    });

  // -- call 10 --------------------------------------------------------------------------------

  test('a guest reviews an activity once: created, average and rating meta updated, then already-created', async () => {
    const target = ekskul[2] as { id: number };
    const guest = freshGuest();
    const before = await list(target.id);
    const payload = guestReview(target.id, guest, {
      rating_data: [
        { field_label: 'Pelatih', field_value: 1 },
        { field_label: 'Kegiatan', field_value: 2 },
        { field_label: 'Fasilitas', field_value: 3 },
      ],
    });
    const { status, body } = await submit(payload);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.code).toBe('review-created');
    const { item, rating, total } = body.data;
    expect(item.title).toBe('Ulasan uji');
    expect(item.rating).toBe(40);
    expect(item.author).toEqual({ id: '0', name: 'Tamu Uji', mail: '', avatar: '' });
    expect(item.verifications).toEqual([]);
    expect(total).toBe(before.body.data.total + 1);
    expect(rating).toBeCloseTo(await publicAverage(target.id), 2);
    expect(rating).toBeLessThan(before.body.data.rating);
    expect(await ratingMeta(target.id)).toBe(starsOf(rating));
    // The answer's item is the review as the list shows it.
    const after = await list(target.id, { page_size: 50 });
    expect(after.body.data.list.find((r) => r.id === item.id)).toEqual(item);

    const again = await submit({ ...payload, title: 'Lagi' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: false, code: 'already-created', message: '*Already reviewed' });
    expect(await reviewCount(target.id)).toBe(total);
  });

  test('two reviews sent at the same moment by one guest store one', async () => {
    const target = ekskul[3] as { id: number };
    const guest = freshGuest();
    const before = await reviewCount(target.id);
    const answers = await Promise.all([1, 2, 3].map(() => submit(guestReview(target.id, guest))));
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual(['already-created', 'already-created', 'review-created']);
    expect(await reviewCount(target.id)).toBe(before + 1);
  });

  test('twenty guests reviewing one activity at once: total, average and meta add up', async () => {
    const target = ekskul[18] as { id: number };
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(guestReview(target.id))));
    expect(answers.every((a) => a.body.code === 'review-created')).toBe(true);
    const { body } = await list(target.id);
    expect(body.data.total).toBe(30);
    expect(await reviewCount(target.id, { approved: 1 })).toBe(30);
    expect(body.data.rating).toBeCloseTo(await publicAverage(target.id), 2);
    expect(await ratingMeta(target.id)).toBe(starsOf(body.data.rating));
    expect(Math.max(...answers.map((a) => a.body.data.total))).toBe(30);
  });

  test('moderation: a news review waits for a moderator; approving it shows it and updates the meta', async () => {
    const before = await list(news);
    const { body } = await submit(guestReview(news));
    expect(body).toEqual({
      success: true,
      code: 'need-approve',
      message: '*Your review must be approved by the moderator',
      data: {},
    });
    expect(await reviewCount(news, { approved: 0 })).toBe(1);
    const pending = await conn.db
      .selectFrom('review')
      .select('id')
      .where('post_id', '=', news)
      .where('approved', '=', 0)
      .executeTakeFirstOrThrow();
    const publicList = await list(news);
    expect(publicList.body.data.list.some((r) => r.id === pending.id)).toBe(false);
    expect(publicList.body.data.total).toBe(before.body.data.total);
    expect(await ratingMeta(news)).toBeUndefined();

    const staffList = await list(news, {}, { as: editor });
    const shown = staffList.body.data.list.find((r) => r.id === pending.id);
    expect(shown?.approved).toBe(false);

    const approved = await rest<Answer<{ item: ReviewItem; rating: number; total: number }>>(
      'moderate-review',
      { review_id: pending.id, operation: 'approve' },
      { as: editor },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.success).toBe(true);
    expect(approved.body.data.item.approved).toBe(true);
    expect(approved.body.data.total).toBe(before.body.data.total + 1);
    expect((await list(news)).body.data.list.some((r) => r.id === pending.id)).toBe(true);
    expect(await ratingMeta(news)).toBe(starsOf(approved.body.data.rating));
  });

  test('a signed-in author is the session’s user whatever the payload says; badges follow roles', async () => {
    const target = ekskul[4] as { id: number };
    const { body } = await submit(
      guestReview(target.id, 'guest_someoneelse1', { author_id: '1', author_name: 'Palsu', author_mail: 'palsu@x.id' }),
      { as: parent },
    );
    expect(body.code).toBe('review-created');
    expect(body.data.item.author).toEqual({ id: String(parent.id), name: 'Pengguna rv-parent', mail: '', avatar: '' });
    expect(body.data.item.verifications.map((v) => v.label)).toEqual(['Akun terverifikasi']);
    const stored = await conn.db
      .selectFrom('review')
      .select(['author_key', 'user_id', 'author_mail'])
      .where('id', '=', body.data.item.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      author_key: `user:${parent.id}`,
      user_id: parent.id,
      author_mail: 'rv-parent@contoh.sch.id',
    });

    const staff = await submit(guestReview(target.id), { as: editor });
    expect(staff.body.data.item.verifications).toEqual([
      expect.objectContaining({ slug: 'staff', label: 'Staf sekolah' }),
    ]);
    // The user's own vote state comes with the list; nothing from the payload's author_id.
    expect((await submit(guestReview(target.id), { as: parent })).body.code).toBe('already-created');
  });

  test('a guest whose e-mail belongs to an account is asked to sign in (mail-exist)', async () => {
    const target = ekskul[5] as { id: number };
    const before = await reviewCount(target.id);
    const { status, body } = await submit(
      guestReview(target.id, freshGuest(), { author_mail: 'RV-Student@contoh.sch.id' }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, code: 'mail-exist' });
    expect(await reviewCount(target.id)).toBe(before);
  });

  test('a source closed to guests answers 403 to a guest, and takes a signed-in user', async () => {
    const target = ekskul[6] as { id: number };
    await setSource('ekskul', { allow_guests: 0 });
    try {
      const { status, body } = await rest<WpError>('submit-review', guestReview(target.id));
      expect(status).toBe(403);
      expect(body.data.status).toBe(403);
      expect(typeof body.message).toBe('string');
      const comment = await rest<WpError>('submit-review-comment', {
        source: 'post',
        source_id: target.id,
        review_id: (await list(target.id)).body.data.list[0]?.id,
        author_id: freshGuest(),
        author_name: 'Tamu',
        author_mail: 'tamu@contoh.sch.id',
        content: 'Halo',
      });
      expect(comment.status).toBe(403);
      expect((await submit(guestReview(target.id), { as: student })).body.code).toBe('review-created');
    } finally {
      await resetEkskul();
    }
  });

  // -- bad input ------------------------------------------------------------------------------

  test('HTML and script in a review are stored and answered as plain text', async () => {
    const target = ekskul[7] as { id: number };
    const html = '<script>alert("x")</script><b>tebal</b>';
    const { body } = await submit(
      guestReview(target.id, freshGuest(), {
        title: html,
        content: `<img src=x onerror=alert(1)>${html}`,
        author_name: '<i>Nama</i>',
      }),
    );
    expect(body.code).toBe('review-created');
    const shown = (await list(target.id)).body.data.list.find((r) => r.id === body.data.item.id);
    expect(shown?.title).toBe(html);
    expect(shown?.content).toBe(`<img src=x onerror=alert(1)>${html}`);
    expect(shown?.author.name).toBe('<i>Nama</i>');
  });

  test.each<[string, Record<string, unknown>, RegExp]>([
    ['a title over the limit', { title: 'x'.repeat(201) }, /title/],
    ['content over the limit', { content: 'x'.repeat(5001) }, /content/],
    ['a name over the limit', { author_name: 'x'.repeat(101) }, /author_name/],
    ['no title', { title: '   ' }, /title/],
    ['no content', { content: undefined }, /content/],
    ['a NUL character', { content: 'a\u0000b' }, /content/],
    ['a guest without a name', { author_name: '' }, /author_name/],
    ['a guest with a bad e-mail', { author_mail: 'tamu@contoh' }, /author_mail/],
    ['a guest without a guest id', { author_id: 'nobody' }, /author_id/],
    ['a rating above max', { rating: 6 }, /rating_data/],
    ['a rating off the step grid', { rating: 2.5 }, /rating_data/],
    ['a rating of 0', { rating: 0 }, /rating_data/],
    ['too few rated fields', { fields: 2 }, /rating_data/],
    ['a field the type does not have', { label: 'Harga' }, /rating_data/],
    ['rating data that is not a list', { rating_data: 'lima' }, /rating_data/],
    ['an unknown source post', { source_id: 99999999 }, /source_id/],
    ['the gallery (simple widget) source', { source_id: 'galeri' }, /source_id/],
  ])('%s answers 400 with a clear message and stores nothing', async (_name, over, message) => {
    const target = ekskul[8] as { id: number };
    const { rating, fields, label, ...others } = over;
    const payload: Record<string, unknown> = { ...guestReview(target.id), ...others };
    if (others.source_id === 'galeri') payload.source_id = galeri;
    if (rating !== undefined || fields !== undefined || label !== undefined) {
      payload.rating_data = ['Pelatih', 'Kegiatan', 'Fasilitas'].slice(0, (fields as number) ?? 3).map((l, i) => ({
        field_label: i === 0 && label ? label : l,
        field_value: i === 0 && rating !== undefined ? rating : 4,
      }));
    }
    const before = await reviewCount(target.id);
    const { status, body } = await rest<WpError>('submit-review', payload);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
    expect(await reviewCount(target.id)).toBe(before);
  });
});
