import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { ajaxActions, restRoutes } from '~/calls.server';
import type { ReviewItem, ReviewsPage } from '~/features/reviews/model';
import type { UserRole } from '~/lib/user';
import { createNonce } from '~/wire/nonce.server';
import { dispatchAjax, dispatchRest, REST_NONCE_ACTION } from '~/wire/registry.server';
import { appContext, freshDatabase } from './databases';
import { createUser, sessionSubject, startTestSession } from './users';

/**
 * The reviews' wire (calls 9 to 15 of original-wire.md) as the original client calls it, on a database
 * of the test file's own: for the tests/integration/reviews-*.test.ts files (`reviewsSuite`).
 */

export const ORIGIN = 'http://school.test';
export const SECRET = 'test-secret';
export const NS = 'jet-reviews-api/v1';

export interface Answer<D = unknown> {
  success: boolean;
  message: string;
  code?: string;
  data: D;
}
export interface WpError {
  code: string;
  message: string;
  data: { status: number };
}
/** A signed-in user: its id and its session token. */
export interface ReviewUser {
  id: number;
  token: string;
}
/** A seeded post the tests review. */
export interface ReviewedPost {
  id: number;
  slug: string;
}

let addressCounter = 0;
/** A fresh visitor address, so that only the rate-limit tests meet the per-address limits. */
export const freshAddress = () => {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};
let guestCounter = 0;
export const freshGuest = () => `guest_t${process.pid}x${++guestCounter}${randomBytes(3).toString('hex')}`;

/**
 * A fresh demo school (removed by `dispose`) with what the review tests use: the activities (ekskul)
 * by id, a news post without reviews and one with seeded reviews, a gallery item, and signed-in users
 * (the seeded administrator, an editor and two subscribers, `rv-parent` and `rv-student`).
 */
async function reviewsDatabase(dialect: 'sqlite' | 'postgres') {
  const { conn, dispose } = await freshDatabase(dialect);
  const signIn = async (userId: number): Promise<ReviewUser> => ({
    id: userId,
    token: await startTestSession(conn.db, userId),
  });
  const newUser = (login: string, role: UserRole) => createUser(conn.db, login, role);
  const ekskul: ReviewedPost[] = await conn.db
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
  const newsReviewed = (posts.find((p) => p.slug === 'bijak-menggunakan-gawai') as { id: number }).id;
  const news = (posts.find((p) => p.slug === 'upacara-hut-ri-ke-79') as { id: number }).id;
  const galeri = (
    await conn.db.selectFrom('post').select('id').where('type', '=', 'galeri').orderBy('id').executeTakeFirstOrThrow()
  ).id;
  const admin = await signIn(
    (
      await conn.db
        .selectFrom('user_role')
        .select('user_id')
        .where('role', '=', 'administrator')
        .executeTakeFirstOrThrow()
    ).user_id,
  );
  const editor = await signIn(await newUser('rv-editor', 'editor'));
  const parent = await signIn(await newUser('rv-parent', 'subscriber'));
  const student = await signIn(await newUser('rv-student', 'subscriber'));
  return { conn, dispose, ekskul, news, newsReviewed, galeri, admin, editor, parent, student };
}

export interface CallOptions {
  as?: ReviewUser;
  /** false: no nonce; a string: that nonce */
  nonce?: false | string;
  address?: string;
}

/** What `reviewsSuite` opens before a suite's tests. */
export type ReviewsDatabase = Awaited<ReturnType<typeof reviewsDatabase>>;

/**
 * A suite's review calls and reads: before its tests a fresh database (`reviewsDatabase`) is opened and
 * handed to `take`, after them it is removed.
 */
export function reviewsSuite(dialect: 'sqlite' | 'postgres', take: (opened: ReviewsDatabase) => void) {
  let opened: ReviewsDatabase;
  beforeAll(async () => {
    opened = await reviewsDatabase(dialect);
    take(opened);
  });
  afterAll(() => opened.dispose());

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
      appContext(opened.conn, SECRET),
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
      appContext(opened.conn, SECRET),
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
    const isEkskul = opened.ekskul.some((e) => e.id === sourceId);
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
    let q = opened.conn.db
      .selectFrom('review')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', postId);
    if (where.approved !== undefined) q = q.where('approved', '=', where.approved);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }
  async function ratingMeta(postId: number) {
    const row = await opened.conn.db
      .selectFrom('post_meta')
      .select('value_number')
      .where('post_id', '=', postId)
      .where('meta_key', '=', 'rating')
      .executeTakeFirst();
    return row ? Number(row.value_number) : undefined;
  }
  async function publicAverage(postId: number) {
    const rows = await opened.conn.db
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
    await opened.conn.db.updateTable('review_source').set(set).where('post_type', '=', postType).execute();
  }
  /** Restores the seeded ekskul source after a test that changed it. */
  const resetEkskul = () =>
    setSource('ekskul', { allow_guests: 1, comments_allowed: 1, approval_allowed: 1, needs_moderation: 0 });

  return { rest, ajax, list, guestReview, submit, reviewCount, ratingMeta, publicAverage, setSource, resetEkskul };
}
