import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ajaxActions } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import * as storeGuestsMigration from '~/db/migrations/0010-store-guests';
import { postCountSelector, STORE_MESSAGES, STORES } from '~/features/stores/model';
import {
  addToStore,
  postCount,
  postCounts,
  sweepExpiredGuests,
  touchGuest,
  userOwner,
} from '~/features/stores/stores.server';
import { createNonce } from '~/wire/nonce.server';
import { dispatchAjax, REST_NONCE_ACTION } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { createUser, sessionSubject, startTestSession } from '../support/users';

/**
 * Issue 13 "Stores": calls 5 and 6 (`jet_engine_add_to_store_<slug>`, `jet_engine_remove_from_store_<slug>`)
 * sent as the original JetEngine client sends them (jQuery's POST of `{action, store, post_id}`, no
 * nonce, original-wire.md §3.3) and as ours (with the REST nonce); the size limit; a guest's store
 * moving to the account at sign-in; bad input; the no-JavaScript form and the saved pages; the post
 * counts in the answers' fragments and on the pages; guests' expiry.
 */

const ORIGIN = 'http://school.test';
const SECRET = 'test-secret';
const FORM = 'application/x-www-form-urlencoded; charset=UTF-8';
const JQUERY = { accept: 'application/json, text/javascript, */*; q=0.01', 'x-requested-with': 'XMLHttpRequest' };
const favorit = STORES.find((s) => s.slug === 'favorit') as (typeof STORES)[number];
const banding = STORES.find((s) => s.slug === 'banding') as (typeof STORES)[number];

interface StoreAnswer {
  success: boolean;
  data: { count?: number; fragments?: unknown; message?: string; code?: string; stores?: Record<string, number[]> };
}

afterAll(() => closeAppBuild());

let addressCounter = 0;
const freshAddress = () => `10.9.${(++addressCounter >> 8) & 255}.${addressCounter & 255}`;

describe.each(DIALECTS)('stores on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let news: number[];
  let ekskul: number[];
  let page: number;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    const ids = (type: string) =>
      conn.db
        .selectFrom('post')
        .select('id')
        .where('type', '=', type)
        .where('status', '=', 'publish')
        .orderBy('id')
        .execute()
        .then((rows) => rows.map((r) => r.id));
    news = await ids('post');
    ekskul = await ids('ekskul');
    page = (await ids('page'))[0] as number;
  });
  afterAll(() => dispose());
  beforeEach(async () => {
    await conn.db.deleteFrom('store_item').execute();
    await conn.db.deleteFrom('store_guest').execute();
    await conn.db.deleteFrom('rate_limit').execute();
  });

  interface Caller {
    /** A guest cookie (`jet_engine_store_guest=…`) or a session cookie. */
    cookie?: string;
    /** the nonce subject ('0' for visitors); omitted: no nonce, as the original client */
    nonceFor?: string;
    nonce?: string;
    origin?: string;
  }

  async function call(fields: Record<string, string>, who: Caller = {}) {
    const headers = new Headers({ ...JQUERY, 'content-type': FORM, 'x-forwarded-for': freshAddress() });
    if (who.cookie) headers.set('cookie', who.cookie);
    if (who.origin) headers.set('origin', who.origin);
    const nonce =
      who.nonce ?? (who.nonceFor !== undefined ? createNonce(SECRET, who.nonceFor, REST_NONCE_ACTION) : null);
    if (nonce) headers.set('x-wp-nonce', nonce);
    const res = await dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php`, { method: 'POST', headers, body: new URLSearchParams(fields) }),
      appContext(conn, SECRET),
      ajaxActions,
    );
    const text = await res.text();
    let body: StoreAnswer | string = text;
    try {
      body = JSON.parse(text) as StoreAnswer;
    } catch {}
    return { status: res.status, body: body as StoreAnswer, setCookie: res.headers.get('set-cookie') };
  }
  /** The original client's exact body (jQuery.param of `{action, store, post_id}`). */
  const add = (slug: string, postId: number, who?: Caller) =>
    call({ action: `jet_engine_add_to_store_${slug}`, store: slug, post_id: String(postId) }, who);
  const remove = (slug: string, postId: number, who?: Caller) =>
    call({ action: `jet_engine_remove_from_store_${slug}`, store: slug, post_id: String(postId) }, who);
  const rows = () => conn.db.selectFrom('store_item').select(['owner', 'store', 'post_id']).orderBy('id').execute();
  /** The guest cookie of a Set-Cookie header, as the browser sends it back. */
  const cookieOf = (setCookie: string | null) => {
    const m = /jet_engine_store_guest=(guest_[0-9a-f]{24})/.exec(setCookie ?? '');
    if (!m) throw new Error(`no guest cookie in ${setCookie}`);
    return `jet_engine_store_guest=${m[1]}`;
  };
  const DAY = 86_400_000;
  const guestIdOf = (cookie: string) => cookie.split('=')[1] as string;
  const seenAt = async (guest: string) =>
    (await conn.db.selectFrom('store_guest').select('seen_at').where('id', '=', guest).executeTakeFirst())?.seen_at;
  const setSeen = (guest: string, at: Date) =>
    conn.db.updateTable('store_guest').set({ seen_at: at.toISOString() }).where('id', '=', guest).execute();

  /** The fragments of an answer about one post: its count in the store under the original's selector. */
  const counted = (slug: string, postId: number, n: number) => ({ [postCountSelector(slug, postId)]: n });

  test("the original body adds and removes: the original's answer, a guest cookie, the rows", async () => {
    const first = await add('favorit', news[0] as number);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      data: { count: 1, fragments: counted('favorit', news[0] as number, 1) },
    });
    expect(first.setCookie).toMatch(/HttpOnly/i);
    expect(first.setCookie).toMatch(/SameSite=Lax/i);
    expect(first.setCookie).toMatch(/Path=\//);
    expect(first.setCookie).toMatch(/Max-Age=31536000/);
    const guest = cookieOf(first.setCookie);

    const second = await add('favorit', news[1] as number, { cookie: guest });
    expect(second.body).toEqual({
      success: true,
      data: { count: 2, fragments: counted('favorit', news[1] as number, 1) },
    });
    // Each add renews the same guest's cookie.
    expect(cookieOf(second.setCookie)).toBe(guest);
    // Adding again changes nothing.
    expect((await add('favorit', news[1] as number, { cookie: guest })).body.data.count).toBe(2);
    expect((await rows()).map((r) => r.post_id)).toEqual([news[0], news[1]]);

    const removed = await remove('favorit', news[0] as number, { cookie: guest });
    expect(removed.body).toEqual({
      success: true,
      data: { count: 1, fragments: counted('favorit', news[0] as number, 0) },
    });
    expect((await rows()).map((r) => r.post_id)).toEqual([news[1]]);
    // Removing what is not there changes nothing.
    expect((await remove('favorit', news[0] as number, { cookie: guest })).body.data.count).toBe(1);
  });

  test("the post count: how many visitors keep the post, in the original's fragments, per store", async () => {
    const post = ekskul[0] as number;
    const guests: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await add('favorit', post);
      expect(r.body.data.fragments).toEqual(counted('favorit', post, i + 1));
      guests.push(cookieOf(r.setCookie));
    }
    // An account counts too; another store and another post count apart.
    const userId = await createUser(conn.db, `pc-${dialect}-${Date.now()}`);
    const session = `session=${await startTestSession(conn.db, userId)}`;
    const mine = await add('favorit', post, { cookie: session, nonceFor: sessionSubject(userId, session) });
    expect(mine.body).toEqual({ success: true, data: { count: 1, fragments: counted('favorit', post, 4) } });
    expect((await add('banding', post, { cookie: guests[0] })).body.data.fragments).toEqual(
      counted('banding', post, 1),
    );
    expect((await add('favorit', ekskul[1] as number, { cookie: guests[0] })).body.data.fragments).toEqual(
      counted('favorit', ekskul[1] as number, 1),
    );
    // Adding again counts nothing twice.
    expect((await add('favorit', post, { cookie: guests[1] })).body.data.fragments).toEqual(
      counted('favorit', post, 4),
    );

    const removed = await remove('favorit', post, { cookie: guests[2] });
    expect(removed.body.data.fragments).toEqual(counted('favorit', post, 3));
    // A remove by a visitor without a store still answers the post's count and changes nothing.
    const stranger = await remove('favorit', post);
    expect(stranger.body).toEqual({ success: true, data: { count: 0, fragments: counted('favorit', post, 3) } });
    expect(stranger.setCookie).toBeNull();

    expect(await postCount(conn.db, 'favorit', post)).toBe(3);
    expect(await postCount(conn.db, 'banding', post)).toBe(1);
    expect(await postCount(conn.db, 'favorit', news[0] as number)).toBe(0);
    expect(await postCounts(conn.db, [post, ekskul[1] as number, news[0] as number])).toEqual({
      favorit: { [post]: 3, [ekskul[1] as number]: 1, [news[0] as number]: 0 },
      banding: { [post]: 1, [ekskul[1] as number]: 0, [news[0] as number]: 0 },
    });
    expect(await postCounts(conn.db, [])).toEqual({ favorit: {}, banding: {} });

    // A full store refuses without fragments, and counts nothing.
    for (const id of ekskul.slice(1, banding.size)) await add('banding', id, { cookie: guests[0] });
    const extra = ekskul[banding.size] as number;
    const full = await add('banding', extra, { cookie: guests[0] });
    expect(full.body.success).toBe(false);
    expect(full.body.data.fragments).toBeUndefined();
    expect(await postCount(conn.db, 'banding', extra)).toBe(0);
  });

  test('our client with the REST nonce; a wrong nonce answers 403 rest_cookie_invalid_nonce and changes nothing', async () => {
    const ok = await add('favorit', news[0] as number, { nonceFor: '0' });
    expect(ok.body.success).toBe(true);
    const bad = await add('favorit', news[1] as number, {
      nonce: '0123456789abcdef0123',
      cookie: cookieOf(ok.setCookie),
    });
    expect(bad.status).toBe(403);
    expect(bad.body).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
    expect(await rows()).toHaveLength(1);
  });

  test('a full store refuses with the original message and changes nothing', async () => {
    let cookie: string | undefined;
    for (const id of news.slice(0, favorit.size)) {
      const r = await add('favorit', id, { cookie });
      expect(r.body.success).toBe(true);
      cookie ??= cookieOf(r.setCookie);
    }
    const before = await rows();
    const refused = await add('favorit', news[favorit.size] as number, { cookie });
    expect(refused.status).toBe(200);
    expect(refused.body.success).toBe(false);
    expect(refused.body.data.message).toBe(STORE_MESSAGES.full);
    expect(await rows()).toEqual(before);
    // A post already in the full store is still "added" (nothing changes, no refusal).
    expect((await add('favorit', news[0] as number, { cookie })).body).toMatchObject({
      success: true,
      data: { count: favorit.size },
    });
  });

  test('a burst of adds never passes the size', async () => {
    const first = await add('banding', ekskul[0] as number);
    const cookie = cookieOf(first.setCookie);
    const answers = await Promise.all(ekskul.slice(1, 8).map((id) => add('banding', id, { cookie })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await rows()).toHaveLength(banding.size);
    expect(answers.filter((a) => a.body.success)).toHaveLength(banding.size - 1);
  });

  test("bad input: the original's messages, 400, nothing changed, never a 500", async () => {
    const cases: Array<[Record<string, string>, number, string | null]> = [
      [{ action: 'jet_engine_add_to_store_favorit', store: 'favorit' }, 400, STORE_MESSAGES.noPost],
      [{ action: 'jet_engine_add_to_store_favorit', post_id: String(news[0]) }, 400, STORE_MESSAGES.noStore],
      [
        { action: 'jet_engine_add_to_store_favorit', store: 'banding', post_id: String(news[0]) },
        400,
        STORE_MESSAGES.invalidStore,
      ],
      [
        { action: 'jet_engine_add_to_store_favorit', store: 'favorit', post_id: '99999999' },
        400,
        STORE_MESSAGES.noPost,
      ],
      [{ action: 'jet_engine_add_to_store_favorit', store: 'favorit', post_id: 'abc' }, 400, STORE_MESSAGES.noPost],
      [{ action: 'jet_engine_add_to_store_favorit', store: 'favorit', post_id: '-3' }, 400, STORE_MESSAGES.noPost],
      // A page is no post of this store; news are not compared.
      [
        { action: 'jet_engine_add_to_store_favorit', store: 'favorit', post_id: String(page) },
        400,
        STORE_MESSAGES.noPost,
      ],
      [
        { action: 'jet_engine_add_to_store_banding', store: 'banding', post_id: String(news[0]) },
        400,
        STORE_MESSAGES.noPost,
      ],
      [
        { action: 'jet_engine_remove_from_store_favorit', store: 'x', post_id: String(news[0]) },
        400,
        STORE_MESSAGES.invalidStore,
      ],
    ];
    for (const [fields, status, message] of cases) {
      const r = await call(fields);
      expect(r.status, JSON.stringify(fields)).toBe(status);
      expect(r.body.success).toBe(false);
      expect(r.body.data.message).toBe(message);
      expect(r.body.data.fragments).toBeUndefined();
      expect(r.setCookie).toBeNull();
    }
    // An unknown store has no action at all: the original's bare 0.
    for (const action of ['jet_engine_add_to_store_nope', 'jet_engine_add_to_store_keinginan']) {
      const r = await call({ action, store: 'nope', post_id: String(news[0]) });
      expect(r.status).toBe(400);
      expect(r.body).toBe(0);
    }
    expect(await rows()).toEqual([]);
  });

  test('the posts of a browser-kept store: published posts of store types only, in order; bad ids give an empty list', async () => {
    const ids = `${ekskul[1]},${news[0]},${page},99999999,x,${ekskul[1]}`;
    const r = await call({ action: 'jet_engine_store_posts', ids });
    expect(r.status).toBe(200);
    const posts = (r.body.data as unknown as { posts: Array<{ id: number; url: string }> }).posts;
    expect(posts.map((p) => p.id)).toEqual([ekskul[1], news[0]]);
    expect(posts[0]?.url).toMatch(/^\/ekskul\/[^/]+\/$/);
    for (const bad of ['', '-1,abc', '0']) {
      const b = await call({ action: 'jet_engine_store_posts', ids: bad });
      expect(b.status).toBe(200);
      expect(b.body.data).toEqual({ posts: [] });
    }
  });

  test('a call from another site without a nonce is refused', async () => {
    const r = await add('favorit', news[0] as number, { origin: 'https://evil.example' });
    expect(r.status).toBe(403);
    expect(await rows()).toEqual([]);
  });

  test("a guest's stores move to the account at sign-in, within the size, and the state call answers them", async () => {
    const userId = await createUser(conn.db, `st-${dialect}-${Date.now()}`);
    const session = `session=${await startTestSession(conn.db, userId)}`;
    // The account already holds one favourite; the guest holds the size's worth, one of them the same.
    expect(
      (await add('favorit', news[0] as number, { cookie: session, nonceFor: sessionSubject(userId, session) })).body
        .success,
    ).toBe(true);
    const first = await add('favorit', news[0] as number);
    const guest = cookieOf(first.setCookie);
    for (const id of news.slice(1, favorit.size)) await add('favorit', id, { cookie: guest });
    await add('banding', ekskul[0] as number, { cookie: guest });

    const state = await call({ action: 'jet_engine_store_state' }, { cookie: `${guest}; ${session}` });
    expect(state.body.data.stores?.favorit).toEqual(news.slice(0, favorit.size));
    expect(state.body.data.stores?.banding).toEqual([ekskul[0]]);
    const owners = new Set((await rows()).map((r) => r.owner));
    expect(owners).toEqual(new Set([`user:${userId}`]));
    expect(await seenAt(guestIdOf(guest))).toBeUndefined();
    // Signed out again, the guest's store is empty.
    const after = await call({ action: 'jet_engine_store_state' }, { cookie: guest });
    expect(after.body.data.stores).toEqual({ favorit: [], banding: [] });
  });
  test('a guest is seen at each add, and by a remove or the state call once a day, which renews the cookie', async () => {
    const before = Date.now();
    const cookie = cookieOf((await add('favorit', news[0] as number)).setCookie);
    const guest = guestIdOf(cookie);
    expect(Date.parse((await seenAt(guest)) as string)).toBeGreaterThanOrEqual(before);

    await setSeen(guest, new Date(Date.now() - 2 * DAY));
    const state = await call({ action: 'jet_engine_store_state' }, { cookie });
    expect(state.body.data.stores?.favorit).toEqual([news[0]]);
    expect(cookieOf(state.setCookie)).toBe(cookie);
    expect(state.setCookie).toMatch(/Max-Age=31536000/);
    expect(Date.parse((await seenAt(guest)) as string)).toBeGreaterThanOrEqual(before);
    // Within the day a read writes nothing and sends no cookie.
    expect((await call({ action: 'jet_engine_store_state' }, { cookie })).setCookie).toBeNull();
    expect((await remove('favorit', news[1] as number, { cookie })).setCookie).toBeNull();

    await setSeen(guest, new Date(Date.now() - 3 * DAY));
    expect(cookieOf((await remove('favorit', news[1] as number, { cookie })).setCookie)).toBe(cookie);
    // A visitor without a cookie is nobody: no row, no cookie.
    const nobody = await call({ action: 'jet_engine_store_state' });
    expect(nobody.setCookie).toBeNull();
    expect(await conn.db.selectFrom('store_guest').select('id').execute()).toHaveLength(1);
  });

  test('touchGuest writes at most once a day, and only for a guest who stored something', async () => {
    const guest = 'guest_0123456789abcdef01234567';
    const t0 = new Date('2026-03-01T08:00:00.000Z');
    expect(await touchGuest(conn.db, guest, t0)).toBe(false);
    expect(await seenAt(guest)).toBeUndefined();
    await addToStore(conn.db, guest, favorit, news[0] as number, new Date(t0.getTime() - 2 * DAY));
    expect(await touchGuest(conn.db, guest, t0)).toBe(true);
    expect(await touchGuest(conn.db, guest, new Date(t0.getTime() + 23 * 3_600_000))).toBe(false);
    expect(await seenAt(guest)).toBe(t0.toISOString());
    const t1 = new Date(t0.getTime() + DAY);
    expect(await touchGuest(conn.db, guest, t1)).toBe(true);
    expect(await seenAt(guest)).toBe(t1.toISOString());
  });

  test('guests unseen for longer than the cookie lives go with their rows; others and accounts stay', async () => {
    const now = new Date();
    const old = guestIdOf(cookieOf((await add('favorit', news[0] as number)).setCookie));
    await add('banding', ekskul[0] as number, { cookie: `jet_engine_store_guest=${old}` });
    const recent = guestIdOf(cookieOf((await add('favorit', news[0] as number)).setCookie));
    const userId = await createUser(conn.db, `ex-${dialect}-${Date.now()}`);
    await addToStore(conn.db, userOwner(userId), favorit, news[0] as number);
    await setSeen(old, new Date(now.getTime() - 366 * DAY));
    await setSeen(recent, new Date(now.getTime() - 364 * DAY));

    expect(await sweepExpiredGuests(conn.db, now)).toBe(1);
    expect(new Set((await rows()).map((r) => r.owner))).toEqual(new Set([recent, userOwner(userId)]));
    expect(await seenAt(old)).toBeUndefined();
    expect(await postCount(conn.db, 'favorit', news[0] as number)).toBe(2);
    // Nothing left to sweep: nothing changes.
    expect(await sweepExpiredGuests(conn.db, now)).toBe(0);
    expect(await rows()).toHaveLength(2);

    // The expired guest's old cookie finds an empty store, and is not renewed.
    const back = await call({ action: 'jet_engine_store_state' }, { cookie: `jet_engine_store_guest=${old}` });
    expect(back.body.data.stores).toEqual({ favorit: [], banding: [] });
    expect(back.setCookie).toBeNull();

    // A new guest's first add sweeps: the other guest, now unseen too long, goes.
    await setSeen(recent, new Date(now.getTime() - 400 * DAY));
    const fresh = guestIdOf(cookieOf((await add('favorit', news[1] as number)).setCookie));
    expect(new Set((await rows()).map((r) => r.owner))).toEqual(new Set([fresh, userOwner(userId)]));
    expect((await conn.db.selectFrom('store_guest').select('id').execute()).map((r) => r.id)).toEqual([fresh]);
  });

  test('the migration records the guests who stored something as seen at their last add', async () => {
    // Back to the schema before it, with rows of that time.
    await conn.db.schema.dropTable('store_guest').execute();
    await conn.db.schema.dropIndex('store_item_post_store').execute();
    await conn.db.schema.createIndex('store_item_post').on('store_item').column('post_id').execute();
    const guest = 'guest_bbbbbbbbbbbbbbbbbbbbbbbb';
    const item = (owner: string, postId: number, at: string) => ({
      owner,
      store: 'favorit',
      post_id: postId,
      added_at: at,
    });
    await conn.db
      .insertInto('store_item')
      .values([
        item(guest, news[0] as number, '2025-01-02T00:00:00.000Z'),
        item(guest, news[1] as number, '2025-03-04T00:00:00.000Z'),
        item('user:1', news[0] as number, '2025-05-06T00:00:00.000Z'),
      ])
      .execute();
    await storeGuestsMigration.up(conn.db);
    expect(await conn.db.selectFrom('store_guest').selectAll().execute()).toEqual([
      { id: guest, seen_at: '2025-03-04T00:00:00.000Z' },
    ]);
    expect(await postCount(conn.db, 'favorit', news[0] as number)).toBe(2);
  });
});

describe.each(DIALECTS)('the saved pages on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  let post: { id: number; title: string };

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
    post = await conn.db
      .selectFrom('post')
      .select(['id', 'title'])
      .where('type', '=', 'ekskul')
      .where('status', '=', 'publish')
      .orderBy('id')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    site.send('/bandingkan/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${site.host}`, ...headers },
      body: new URLSearchParams(fields).toString(),
    });

  test('the no-JavaScript form adds, then the compare page shows the activity, never cached', async () => {
    const res = await form({ store: 'banding', post_id: String(post.id), op: 'add' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/bandingkan/?toko=banding&hasil=added');
    const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
    const page = await site.send('/bandingkan/', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toMatch(/no-store/);
    expect(page.text).toContain(post.title);
    expect(page.text).toContain('Biaya per bulan');
    const saved = await site.send('/simpanan/', { headers: { cookie } });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('Belum ada yang disimpan');
  });

  test('a bad form answers 400, another site 403, and nothing changes', async () => {
    expect((await form({ store: 'nope', post_id: String(post.id), op: 'add' })).status).toBe(400);
    expect((await form({ store: 'banding', post_id: 'x', op: 'add' })).status).toBe(400);
    expect((await form({ store: 'banding', post_id: '99999999', op: 'add' })).status).toBe(400);
    expect(
      (await form({ store: 'banding', post_id: String(post.id), op: 'add' }, { origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    const count = await conn.db
      .selectFrom('store_item')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  test('the compare and saved pages show how many visitors keep each post, rendered by the server', async () => {
    await addToStore(conn.db, 'guest_aaaaaaaaaaaaaaaaaaaaaaaa', favorit, post.id);
    const res = await form({ store: 'banding', post_id: String(post.id), op: 'add' });
    const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
    const counter = (n: number) =>
      `<span class="jet-engine-data-post-count" data-store="favorit" data-post="${post.id}">${n}</span>`;
    const compare = await site.send('/bandingkan/', { headers: { cookie } });
    expect(compare.text).toContain(counter(1));
    expect(compare.text).toContain(`aria-label="Simpan: ${post.title}"`);
    await form({ store: 'favorit', post_id: String(post.id), op: 'add' }, { cookie });
    const saved = await site.send('/simpanan/', { headers: { cookie } });
    expect(saved.text).toContain(counter(2));
  });
});
