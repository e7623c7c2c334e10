import { randomBytes } from 'node:crypto';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ajaxActions, restRoutes } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import { CAPTCHA_OPTION } from '~/features/reviews/captcha.server';
import type { ReviewComment, ReviewItem, ReviewsPage } from '~/features/reviews/model';
import { starsOf } from '~/features/reviews/rating-meta.server';
import { RATE_LIMITS } from '~/features/reviews/wire.server';
import type { UserRole } from '~/lib/user';
import { createNonce } from '~/wire/nonce.server';
import { dispatchAjax, dispatchRest, REST_NONCE_ACTION } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';
import { createUser, sessionSubject, startTestSession } from '../support/users';

const ORIGIN = 'http://school.test';
const SECRET = 'test-secret';
const NS = 'jet-reviews-api/v1';

interface Answer<D = unknown> {
  success: boolean;
  message: string;
  code?: string;
  data: D;
}
interface WpError {
  code: string;
  message: string;
  data: { status: number };
}
interface User {
  id: number;
  token: string;
}

let addressCounter = 0;
/** A fresh visitor address, so that only the rate-limit tests meet the per-address limits. */
const freshAddress = () => {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};
let guestCounter = 0;
const freshGuest = () => `guest_t${process.pid}x${++guestCounter}${randomBytes(3).toString('hex')}`;

describe.each(DIALECTS)('reviews on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let ekskul: Array<{ id: number; slug: string }>;
  let news: number;
  let newsReviewed: number;
  let galeri: number;
  let admin: User;
  let editor: User;
  let parent: User;
  let student: User;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    ekskul = await conn.db
      .selectFrom('post')
      .select(['id', 'slug'])
      .where('type', '=', 'ekskul')
      .orderBy('id')
      .execute();
    const posts = await conn.db
      .selectFrom('post')
      .select(['id', 'slug'])
      .where('type', '=', 'post')
      .orderBy('id')
      .execute();
    newsReviewed = (posts.find((p) => p.slug === 'bijak-menggunakan-gawai') as { id: number }).id;
    news = (posts.find((p) => p.slug === 'upacara-hut-ri-ke-79') as { id: number }).id;
    galeri = (
      await conn.db.selectFrom('post').select('id').where('type', '=', 'galeri').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    admin = await signIn(
      (
        await conn.db
          .selectFrom('user_role')
          .select('user_id')
          .where('role', '=', 'administrator')
          .executeTakeFirstOrThrow()
      ).user_id,
    );
    editor = await signIn(await newUser('rv-editor', 'editor'));
    parent = await signIn(await newUser('rv-parent', 'subscriber'));
    student = await signIn(await newUser('rv-student', 'subscriber'));
  });
  afterAll(() => dispose());

  const newUser = (login: string, role: UserRole) => createUser(conn.db, login, role);
  const signIn = async (userId: number): Promise<User> => ({
    id: userId,
    token: await startTestSession(conn.db, userId),
  });

  interface CallOptions {
    as?: User;
    /** false: no nonce; a string: that nonce */
    nonce?: false | string;
    address?: string;
  }

  function headers({ as, nonce, address }: CallOptions, type: string): Headers {
    const h = new Headers({ 'content-type': type, 'x-forwarded-for': address ?? freshAddress() });
    if (as) h.set('cookie', `session=${as.token}`);
    if (nonce !== false)
      h.set('x-wp-nonce', nonce ?? createNonce(SECRET, as ? sessionSubject(as.id, as.token) : '0', REST_NONCE_ACTION));
    return h;
  }

  async function rest<T = unknown>(route: string, body: unknown, opts: CallOptions = {}) {
    const path = `${NS}/${route}`;
    const res = await dispatchRest(
      new Request(`${ORIGIN}/wp-json/${path}`, {
        method: 'POST',
        headers: headers(opts, 'application/json'),
        body: JSON.stringify(body),
      }),
      appContext(conn, SECRET),
      restRoutes,
      path,
    );
    return { status: res.status, body: (await res.json()) as T };
  }

  async function ajax<T = unknown>(fields: Record<string, string>, opts: CallOptions = {}) {
    const res = await dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php`, {
        method: 'POST',
        headers: headers(opts, 'application/x-www-form-urlencoded'),
        body: new URLSearchParams(fields),
      }),
      appContext(conn, SECRET),
      ajaxActions,
    );
    return { status: res.status, body: (await res.json()) as T };
  }

  const list = (sourceId: number, extra: Record<string, unknown> = {}, opts: CallOptions = {}) =>
    rest<Answer<ReviewsPage>>(
      'get-public-reviews-list',
      { source: 'post', source_id: sourceId, page: 0, ...extra },
      {
        nonce: false,
        ...opts,
      },
    );

  /** A guest's review payload for a post of a type with `fields` rating fields. */
  function guestReview(sourceId: number, guest = freshGuest(), over: Record<string, unknown> = {}) {
    const ekskulFields = ['Pelatih', 'Kegiatan', 'Fasilitas'];
    const isEkskul = ekskul.some((e) => e.id === sourceId);
    return {
      source: 'post',
      source_id: sourceId,
      title: 'Ulasan uji',
      content: 'Isi ulasan uji.',
      author_id: guest,
      author_name: 'Tamu Uji',
      author_mail: `${guest.replace('_', '.')}@contoh.sch.id`,
      rating_data: (isEkskul ? ekskulFields : ['Rating']).map((label) => ({
        field_label: label,
        field_value: 4,
        field_step: 1,
        field_max: 5,
      })),
      ...over,
    };
  }

  const submit = (payload: unknown, opts: CallOptions = {}) =>
    rest<Answer<{ item: ReviewItem; rating: number; total: number }>>('submit-review', payload, opts);

  async function reviewCount(postId: number, where: { approved?: number } = {}) {
    let q = conn.db
      .selectFrom('review')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', postId);
    if (where.approved !== undefined) q = q.where('approved', '=', where.approved);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }
  async function ratingMeta(postId: number) {
    const row = await conn.db
      .selectFrom('post_meta')
      .select('value_number')
      .where('post_id', '=', postId)
      .where('meta_key', '=', 'rating')
      .executeTakeFirst();
    return row ? Number(row.value_number) : undefined;
  }
  async function publicAverage(postId: number) {
    const rows = await conn.db
      .selectFrom('review')
      .select('rating')
      .where('post_id', '=', postId)
      .where('approved', '=', 1)
      .execute();
    return rows.reduce((s, r) => s + r.rating, 0) / rows.length;
  }
  async function setSource(
    postType: string,
    set: Partial<Record<'allow_guests' | 'comments_allowed' | 'approval_allowed' | 'needs_moderation', number>>,
  ) {
    await conn.db.updateTable('review_source').set(set).where('post_type', '=', postType).execute();
  }
  /** Restores the seeded ekskul source after a test that changed it. */
  const resetEkskul = () =>
    setSource('ekskul', { allow_guests: 1, comments_allowed: 1, approval_allowed: 1, needs_moderation: 0 });

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

  test('state-changing calls without a valid nonce answer 403 rest_cookie_invalid_nonce', async () => {
    const target = ekskul[8] as { id: number };
    const before = await reviewCount(target.id);
    for (const nonce of [false, '0123456789abcdef0123', createNonce(SECRET, '42', REST_NONCE_ACTION)] as const) {
      const { status, body } = await rest<WpError>('submit-review', guestReview(target.id), { nonce });
      expect(status).toBe(403);
      expect(body.code).toBe('rest_cookie_invalid_nonce');
    }
    // A signed-in user's nonce is bound to the user.
    const visitorNonce = createNonce(SECRET, '0', REST_NONCE_ACTION);
    const { status } = await rest('submit-review', guestReview(target.id), { as: parent, nonce: visitorNonce });
    expect(status).toBe(403);
    for (const route of ['submit-review-comment', 'update-review-approval', 'moderate-review']) {
      expect((await rest(route, {}, { nonce: false })).status).toBe(403);
    }
    expect((await ajax({ action: 'jet_reviews_add_meta_review' }, { as: parent, nonce: false })).status).toBe(403);
    expect((await ajax({ action: 'jet_reviews_remove_review' }, { as: parent, nonce: false })).status).toBe(403);
    expect(await reviewCount(target.id)).toBe(before);
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

  // -- captcha --------------------------------------------------------------------------------

  test('with the captcha on, reviews and comments need a solved, unused challenge of their action', async () => {
    const target = ekskul[15] as { id: number };
    const challenge = async (action: string) => {
      const res = await dispatchRest(
        new Request(`${ORIGIN}/wp-json/${NS}/captcha-challenge?action=${action}`),
        appContext(conn, SECRET),
        restRoutes,
        `${NS}/captcha-challenge`,
      );
      expect(res.status).toBe(200);
      return (await res.json()) as Challenge;
    };
    const token = async (action: string) => {
      const c = await challenge(action);
      expect(c.parameters.data?.action).toBe(action);
      const solution = await solveChallenge({ challenge: c, deriveKey });
      return Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64');
    };

    // Off by default: no token needed (the other tests).
    await conn.db.insertInto('site_option').values({ name: CAPTCHA_OPTION, value: 'true' }).execute();
    try {
      const before = await reviewCount(target.id);
      const none = await submit(guestReview(target.id));
      expect(none.body).toEqual({ success: false, code: 'captcha-failed', message: '*Captcha validation failed' });
      const wrongAction = await submit(
        guestReview(target.id, freshGuest(), { captcha_token: await token('submit_review_comment') }),
      );
      expect(wrongAction.body.code).toBe('captcha-failed');
      const junk = await submit(guestReview(target.id, freshGuest(), { captcha_token: 'bm90IGEgdG9rZW4=' }));
      expect(junk.body.code).toBe('captcha-failed');
      expect(await reviewCount(target.id)).toBe(before);

      const good = await token('submit_review');
      const ok = await submit(guestReview(target.id, freshGuest(), { captcha_token: good }));
      expect(ok.body.code).toBe('review-created');
      const reused = await submit(guestReview(target.id, freshGuest(), { captcha_token: good }));
      expect(reused.body.code).toBe('captcha-failed');
      expect(await reviewCount(target.id)).toBe(before + 1);

      const commentBody = (captcha_token: string | undefined, parent_id = 0) => ({
        source: 'post',
        source_id: target.id,
        parent_id,
        review_id: ok.body.data.item.id,
        author_id: freshGuest(),
        author_name: 'Tamu',
        author_mail: 'tamu@contoh.sch.id',
        content: 'Komentar',
        captcha_token,
      });
      expect((await rest<Answer>('submit-review-comment', commentBody(undefined))).body.code).toBe('captcha-failed');
      const comment = await rest<Answer<ReviewComment>>(
        'submit-review-comment',
        commentBody(await token('submit_review_comment')),
      );
      expect(comment.body.success).toBe(true);
      const replyWithCommentToken = await rest<Answer>(
        'submit-review-comment',
        commentBody(await token('submit_review_comment'), comment.body.data.id),
      );
      expect(replyWithCommentToken.body.code).toBe('captcha-failed');
      const reply = await rest<Answer>(
        'submit-review-comment',
        commentBody(await token('submit_comment_reply'), comment.body.data.id),
      );
      expect(reply.body.success).toBe(true);

      const loaded = await conn.db.selectFrom('review_captcha_used').select('id').execute();
      expect(loaded.length).toBeGreaterThanOrEqual(3);
    } finally {
      await conn.db.deleteFrom('site_option').where('name', '=', CAPTCHA_OPTION).execute();
    }
    expect((await submit(guestReview(target.id))).body.code).toBe('review-created');
    const badAction = await dispatchRest(
      new Request(`${ORIGIN}/wp-json/${NS}/captcha-challenge?action=hack`),
      appContext(conn, SECRET),
      restRoutes,
      `${NS}/captcha-challenge`,
    );
    expect(badAction.status).toBe(400);
  });

  // -- rate limits ----------------------------------------------------------------------------

  test('one address sending too many reviews is refused with 429, and nothing of those is stored', async () => {
    const address = freshAddress();
    const { limit } = RATE_LIMITS.review.address;
    // Twice the limit and one: whatever window boundary falls in between, some must be refused.
    const guests = Array.from({ length: 2 * limit + 1 }, () => freshGuest());
    const answers = [];
    for (const g of guests) answers.push(await submit(guestReview(news, g), { address }));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect((refused[0]?.body as unknown as WpError | undefined)?.message).toMatch(/Terlalu banyak/);
    const stored = await conn.db
      .selectFrom('review')
      .select('author_key')
      .where('post_id', '=', news)
      .where('author_key', 'in', guests)
      .execute();
    expect(stored.length).toBe(answers.length - refused.length);
    const storedKeys = new Set(stored.map((s) => s.author_key));
    answers.forEach((a, i) => {
      expect(storedKeys.has(guests[i] as string)).toBe(a.status !== 429);
    });
  });

  test('one guest voting too often is refused with 429 from any address, and the vote is unchanged', async () => {
    const target = ekskul[16] as { id: number };
    const review = (await list(target.id)).body.data.list[0] as ReviewItem;
    const guest = freshGuest();
    const { limit } = RATE_LIMITS.vote.author;
    const answers = [];
    for (let i = 0; i < 2 * limit + 1; i++) {
      answers.push(
        await rest<Answer<{ like: number }>>('update-review-approval', {
          review_id: review.id,
          type: 'like',
          author_id: guest,
        }),
      );
    }
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(answers.some((a) => a.status === 429)).toBe(true);
    const stored = await conn.db
      .selectFrom('review_vote')
      .select('vote')
      .where('review_id', '=', review.id)
      .where('voter_key', '=', guest)
      .executeTakeFirst();
    // Each accepted toggle flips the vote; refused ones change nothing.
    expect(stored?.vote ?? 0).toBe(accepted % 2 === 1 ? 1 : 0);
  });

  // -- no input makes a 5xx ----------------------------------------------------------------------

  test('random payloads with a valid nonce never make a review call answer 5xx', async () => {
    const target = ekskul[17] as { id: number };
    const review = (await list(target.id)).body.data.list[0] as ReviewItem;
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom('\u0000', 'x'.repeat(6000), '<script>', '1e309', '-1', '0', 'NaN', 'guest_abcdef', 'true', '[]'),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.json({ maxDepth: 2 }).map((j) => JSON.parse(j) as unknown),
    );
    const fields = [
      'source',
      'source_id',
      'title',
      'content',
      'author_id',
      'author_name',
      'author_mail',
      'rating_data',
      'captcha_token',
      'review_id',
      'parent_id',
      'type',
      'inc',
      'current_state',
      'operation',
      'page',
      'page_size',
    ];
    const base: Record<string, unknown> = {
      ...guestReview(target.id),
      review_id: review.id,
      parent_id: 0,
      type: 'like',
      operation: 'pin',
    };
    const routes = [
      'get-public-reviews-list',
      'submit-review',
      'submit-review-comment',
      'update-review-approval',
      'moderate-review',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 4 }),
        fc.boolean(),
        async (route, over, signedIn) => {
          const { status } = await rest(route, { ...base, ...over }, signedIn ? { as: editor } : {});
          expect(status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  // -- loaders --------------------------------------------------------------------------------

  test('the reviews already seeded on news keep their averages in the meta', async () => {
    const { body } = await list(newsReviewed);
    expect(body.data.total).toBe(3);
    expect(await ratingMeta(newsReviewed)).toBe(starsOf(body.data.rating));
  });
});
