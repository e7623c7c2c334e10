import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ajaxActions, restRoutes } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import { createNonce } from '~/wire/nonce.server';
import { dispatchAjax, dispatchRest, REST_NONCE_ACTION } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { createUser, startTestSession } from '../support/users';

/**
 * Issue 11: the original site's JavaScript clients, replayed. Every body here is written out as the
 * original sends it (jQuery's form encoding in PHP bracket notation, or wp.apiFetch's JSON,
 * original-wire.md §1), never built by our own client code.
 */

const ORIGIN = 'http://school.test';
const SECRET = 'test-secret';
/** jQuery.ajax's headers for a POST of an object (`data: {…}`). */
const JQUERY = {
  'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
  'x-requested-with': 'XMLHttpRequest',
  accept: 'application/json, text/javascript, */*; q=0.01',
};

afterAll(() => closeAppBuild());

describe.each(DIALECTS)('the original clients on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  let address = 0;
  /** A fresh visitor address per call, so that no rate limit meets these tests. */
  const nextAddress = () => `203.0.113.${++address}`;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const ajax = (body: string, headers: Record<string, string> = {}) =>
    dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php`, {
        method: 'POST',
        headers: { ...JQUERY, 'x-forwarded-for': nextAddress(), ...headers },
        body,
      }),
      appContext(conn, SECRET),
      ajaxActions,
    );

  async function signedIn(login: string): Promise<{ id: number; cookie: string }> {
    const id = await createUser(conn.db, login);
    return { id, cookie: `session=${await startTestSession(conn.db, id)}` };
  }

  // -- jet_smart_filters_get_hierarchy_level (original-wire.md §2.10) -----------------------------

  test('hierarchy levels are numbered from 0: depth=1 answers level_1, which the client copies into level 1', async () => {
    const term = (slug: string) =>
      conn.db
        .selectFrom('term')
        .select(['id', 'parent_id'])
        .where('taxonomy', '=', 'bidang-ekskul')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow();
    const olahraga = (await term('olahraga')).id;
    const futsal = (await term('futsal')).id;
    const options = (html: string) => [...html.matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1]));

    // SelectHierarchical.ajaxRequest after level 0 changed: filter_id, values, depth, indexer.
    const next = await ajax(
      `action=jet_smart_filters_get_hierarchy_level&filter_id=31&values%5B0%5D%5Bvalue%5D=${olahraga}` +
        '&values%5B0%5D%5Btax%5D=bidang-ekskul&depth=1&indexer=1',
    );
    expect(next.status).toBe(200);
    const answer = (await next.json()) as { success: boolean; data: Record<string, string> };
    expect(answer.success).toBe(true);
    expect(Object.keys(answer.data)).toEqual(['level_1']);
    const level1 = answer.data.level_1 as string;
    expect(level1).toMatch(/<select [^>]*class="jet-select__control depth-1"/);
    expect(level1).toContain('data-hierarchy="31-1"');
    expect(options(level1)).toContain(futsal);

    // Without depth (getAllHierarchyLevels): every level from level_0, the top one.
    const all = await ajax(
      `action=jet_smart_filters_get_hierarchy_level&values%5B0%5D%5Bvalue%5D=${olahraga}` +
        '&values%5B0%5D%5Btax%5D=bidang-ekskul&filter_id=31',
    );
    const levels = ((await all.json()) as { data: Record<string, string> }).data;
    expect(Object.keys(levels)).toEqual(['level_0', 'level_1']);
    expect(levels.level_0).toMatch(/<select [^>]*class="jet-select__control depth-0"/);
    expect(levels.level_0).toMatch(new RegExp(`<option value="${olahraga}"[^>]* selected`));
    expect(options(levels.level_1 as string)).toContain(futsal);
  });

  // -- call 7: the listing grid's load more (original-wire.md §3.1) --------------------------------

  /** JetEngine's `listing_load_more` body for the gallery grid: its data-nav query and widget settings. */
  const loadMore = (page: number, pageSettings: string, over = '') =>
    'action=jet_engine_ajax&handler=listing_load_more' +
    '&query%5Bpost_status%5D%5B%5D=publish&query%5Bpost_type%5D%5B%5D=galeri&query%5Bposts_per_page%5D=6' +
    '&query%5Bpaged%5D=1&query%5Bignore_sticky_posts%5D=1&query%5Bsuppress_filters%5D=false' +
    '&query%5Bjet_smart_filters%5D=jet-engine%2Fgaleri' +
    '&widget_settings%5Blisitng_id%5D=1041&widget_settings%5Bposts_num%5D=6&widget_settings%5Bcolumns%5D=3' +
    '&widget_settings%5Bcolumns_tablet%5D=3&widget_settings%5Bcolumns_mobile%5D=2' +
    '&widget_settings%5Bmax_posts_num%5D=9&widget_settings%5Bnot_found_message%5D=Galeri+belum+ada' +
    '&widget_settings%5Bis_masonry%5D=true&widget_settings%5Buse_load_more%5D=yes' +
    '&widget_settings%5Bload_more_type%5D=click&widget_settings%5B_element_id%5D=' +
    `${over}${pageSettings}&page_settings%5Bpage%5D=${page}` +
    '&listing_type=false&isEditMode=false&addedPostCSS%5B%5D=1041';
  const NO_IDS =
    '&page_settings%5Bpost_id%5D=false&page_settings%5Bqueried_id%5D=false&page_settings%5Belement_id%5D=false';

  async function gridElement() {
    const page = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('slug', '=', 'galeri')
      .executeTakeFirstOrThrow();
    const elementId = /"id":"([^"]+)","type":"widget","widget":"jet-listing-grid"/.exec(page.tree ?? '')?.[1];
    return { postId: page.id, elementId: elementId as string };
  }
  const cards = (html: string) => (html.match(/jet-listing-grid__item/g) ?? []).length;
  type GridAnswer = { success: boolean; data: { html: string; page: number; pages: number; [field: string]: unknown } };

  test('load more with page_settings post_id and element_id false answers from the query and widget settings', async () => {
    const { postId, elementId } = await gridElement();
    const withIds =
      `&page_settings%5Bpost_id%5D=${postId}&page_settings%5Bqueried_id%5D=${postId}%7CWP_Post` +
      `&page_settings%5Belement_id%5D=${elementId}`;
    const stored = (await (await ajax(loadMore(2, withIds))).json()) as GridAnswer;
    expect(cards(stored.data.html)).toBe(3);
    // Every field the original client reads, even for a grid a filter group names (`query[jet_smart_filters]`):
    // the original sends filter data only for a lazily loaded grid (original-wire.md §3.1).
    expect(stored.data).toMatchObject({ scripts: {}, styles: {}, filters_data: {}, indexer_data: {} });

    const res = await ajax(loadMore(2, NO_IDS));
    expect(res.status).toBe(200);
    // The same grid: 6 per page, at most 9, the gallery's cards.
    expect(await res.json()).toEqual(stored);
    expect(((await (await ajax(loadMore(3, NO_IDS))).json()) as GridAnswer).data.html).toBe('');

    // Only whitelisted vars: a post type no grid lists is refused; a page size is capped.
    const template = await ajax(
      loadMore(2, NO_IDS).replace('post_type%5D%5B%5D=galeri', 'post_type%5D%5B%5D=template'),
    );
    expect(template.status).toBe(400);
    const huge = await ajax(
      loadMore(1, NO_IDS, '&widget_settings%5Bposts_num%5D=100000&widget_settings%5Bmax_posts_num%5D=0'),
    );
    expect(huge.status).toBe(200);
    const first = (await huge.json()) as GridAnswer;
    expect(cards(first.data.html)).toBeGreaterThan(0);
    expect(cards(first.data.html)).toBeLessThanOrEqual(48);
  });

  test('load more posted to the page’s own address with nocache is answered as admin-ajax answers it', async () => {
    const { postId, elementId } = await gridElement();
    const origin = `http://${site.host}`;
    const viaAjax = (await (await ajax(loadMore(2, NO_IDS))).json()) as GridAnswer;
    // JetEngineSettings.ajaxlisting: the page's address, its query string, and nocache=<unix time>.
    const answer = await site.send('/galeri/?nocache=1732500000', {
      method: 'POST',
      headers: { ...JQUERY, origin, 'x-forwarded-for': nextAddress() },
      body: loadMore(2, NO_IDS),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(JSON.parse(answer.text)).toEqual(viaAjax);

    const withIds = await site.send(`/galeri/?jsf=jet-engine%3Agaleri&nocache=1732500001`, {
      method: 'POST',
      headers: { ...JQUERY, origin, 'x-forwarded-for': nextAddress() },
      body: loadMore(
        2,
        `&page_settings%5Bpost_id%5D=${postId}&page_settings%5Bqueried_id%5D=${postId}%7CWP_Post` +
          `&page_settings%5Belement_id%5D=${elementId}`,
      ),
    });
    expect(withIds.status).toBe(200);
    expect(cards((JSON.parse(withIds.text) as GridAnswer).data.html)).toBe(3);

    // The same post from another site is still refused before anything runs.
    const foreign = await site.send('/galeri/?nocache=1732500002', {
      method: 'POST',
      headers: { ...JQUERY, origin: 'http://evil.example', 'x-forwarded-for': nextAddress() },
      body: loadMore(2, NO_IDS),
    });
    expect(foreign.status).toBe(403);

    // A page's own form (no nocache) still reaches the page: the no-JavaScript review form.
    const ekskul = await conn.db
      .selectFrom('post')
      .select(['id', 'slug'])
      .where('type', '=', 'ekskul')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const form = await site.send(`/ekskul/${ekskul.slug}/`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextAddress() },
      body: new URLSearchParams({
        jet_reviews_action: 'submit_review',
        source_id: String(ekskul.id),
        title: 'Ulasan tanpa skrip',
        content: 'Latihannya teratur.',
        rating_0: '5',
        rating_1: '4',
        rating_2: '3',
        author_name: 'Tamu Sekolah',
        author_mail: `tamu.${dialect}@example.com`,
      }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.location).toContain('ulasan_status=review-created');
  });

  // -- call 12: like and dislike (original-wire.md §4) -----------------------------------------------

  test('like and dislike without author_id: a guest is known by the id the server issued, one vote each', async () => {
    const review = await conn.db
      .selectFrom('review')
      .innerJoin('post', 'post.id', 'review.post_id')
      .select('review.id')
      .where('review.approved', '=', 1)
      .where('post.type', '=', 'ekskul')
      .orderBy('review.id')
      .executeTakeFirstOrThrow();
    const counts = async () => {
      const rows = await conn.db.selectFrom('review_vote').select('vote').where('review_id', '=', review.id).execute();
      return { like: rows.filter((r) => r.vote === 1).length, dislike: rows.filter((r) => r.vote === -1).length };
    };
    const before = await counts();
    const nonce = (await site.send('/wp-admin/admin-ajax.php?action=rest-nonce')).text;
    // wp.apiFetch: JSON body, X-WP-Nonce, cookies, `_locale=user`.
    const approval = (body: string, cookie?: string) =>
      site.send('/wp-json/jet-reviews-api/v1/update-review-approval?_locale=user', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, */*;q=0.1',
          'x-wp-nonce': nonce,
          'x-forwarded-for': nextAddress(),
          ...(cookie ? { cookie } : {}),
        },
        body,
      });
    type Approval = { success: boolean; data: { like: number; dislike: number; approval: Record<string, boolean> } };

    const liked = await approval(
      `{"review_id":${review.id},"type":"like","inc":true,"current_state":{"like":false,"dislike":false}}`,
    );
    expect(liked.status).toBe(200);
    expect(JSON.parse(liked.text) as Approval).toMatchObject({
      success: true,
      data: { like: before.like + 1, dislike: before.dislike, approval: { like: true, dislike: false } },
    });
    const setCookie = String(liked.headers['set-cookie'] ?? '');
    expect(setCookie).toMatch(/^jet_reviews_guest=guest_[A-Za-z0-9]+;/);
    expect(setCookie).toMatch(/HttpOnly/);
    const cookie = setCookie.split(';')[0] as string;
    const guest = cookie.split('=')[1] as string;

    // The same browser takes its like back, then dislikes: always one vote, stored under its id.
    const unliked = await approval(
      `{"review_id":${review.id},"type":"like","inc":false,"current_state":{"like":true,"dislike":false}}`,
      cookie,
    );
    expect((JSON.parse(unliked.text) as Approval).data).toEqual({
      like: before.like,
      dislike: before.dislike,
      approval: { like: false, dislike: false },
    });
    expect(unliked.headers['set-cookie']).toBeUndefined();
    const disliked = await approval(
      `{"review_id":${review.id},"type":"dislike","inc":true,"current_state":{"like":false,"dislike":false}}`,
      cookie,
    );
    expect((JSON.parse(disliked.text) as Approval).data).toEqual({
      like: before.like,
      dislike: before.dislike + 1,
      approval: { like: false, dislike: true },
    });
    const mine = await conn.db
      .selectFrom('review_vote')
      .select('vote')
      .where('review_id', '=', review.id)
      .where('voter_key', '=', guest)
      .execute();
    expect(mine).toEqual([{ vote: -1 }]);

    // The list (call 9, no author_id either) shows that browser its own vote.
    const list = await site.send('/wp-json/jet-reviews-api/v1/get-public-reviews-list?_locale=user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce, cookie },
      body: `{"source":"post","source_id":${await postOf(review.id)},"page":0,"page_size":50}`,
    });
    const item = (JSON.parse(list.text) as { data: { list: Array<{ id: number; approval: object }> } }).data.list.find(
      (r) => r.id === review.id,
    );
    expect(item?.approval).toEqual({ like: false, dislike: true });

    // A signed-in user is the session's user, and gets no guest id.
    const user = await signedIn(`orisinal-${dialect}`);
    const userNonce = (
      await site.send('/wp-admin/admin-ajax.php?action=rest-nonce', { headers: { cookie: user.cookie } })
    ).text;
    const byUser = await site.send('/wp-json/jet-reviews-api/v1/update-review-approval?_locale=user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wp-nonce': userNonce, cookie: user.cookie },
      body: `{"review_id":${review.id},"type":"like","inc":true,"current_state":{"like":false,"dislike":false}}`,
    });
    expect(byUser.status).toBe(200);
    expect(byUser.headers['set-cookie']).toBeUndefined();
    const userVote = await conn.db
      .selectFrom('review_vote')
      .select('vote')
      .where('review_id', '=', review.id)
      .where('voter_key', '=', `user:${user.id}`)
      .execute();
    expect(userVote).toEqual([{ vote: 1 }]);
    expect(await counts()).toEqual({ like: before.like + 1, dislike: before.dislike + 1 });
  });

  async function postOf(reviewId: number): Promise<number> {
    return (await conn.db.selectFrom('review').select('post_id').where('id', '=', reviewId).executeTakeFirstOrThrow())
      .post_id;
  }

  // -- calls 14 and 15: the simple review widget (site-behaviour.md §7) -----------------------------

  test('the simple widget’s review and removal with their fields under data[…]: same origin and a session', async () => {
    const galeri = await conn.db
      .selectFrom('post')
      .select('id')
      .where('type', '=', 'galeri')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const user = await signedIn(`sederhana-${dialect}`);
    const other = await signedIn(`lain-${dialect}`);
    const reviews = () =>
      conn.db
        .selectFrom('review')
        .select(['title', 'content', 'rating', 'user_id'])
        .where('post_id', '=', galeri.id)
        .execute();
    // addReviewHandle: {post_id, review_time, review_date} extended with the form's serializeObject().
    const add =
      `action=jet_reviews_add_meta_review&data%5Bpost_id%5D=${galeri.id}&data%5Breview_time%5D=1732528800000` +
      '&data%5Breview_date%5D=25%2F11%2F2024%2C+10.00.00&data%5Breview_fields%5D%5B0%5D%5Bfield_value%5D=4' +
      '&data%5Bsummary_title%5D=Foto+bagus&data%5Bsummary_text%5D=Suasananya+terasa.';
    const same = { origin: ORIGIN };

    expect((await ajax(add, { ...same, cookie: user.cookie, origin: 'http://evil.example' })).status).toBe(403);
    expect((await ajax(add, same)).status).toBe(403);
    expect(await reviews()).toEqual([]);

    const created = await ajax(add, { ...same, cookie: user.cookie });
    expect(created.status).toBe(200);
    expect(((await created.json()) as { type: string }).type).toBe('success');
    expect(await reviews()).toEqual([
      { title: 'Foto bagus', content: 'Suasananya terasa.', rating: 80, user_id: user.id },
    ]);
    const again = (await (await ajax(add, { ...same, cookie: user.cookie })).json()) as { type: string };
    expect(again.type).toBe('error');

    // Our own client's flat shape still needs the REST nonce.
    const flat =
      `action=jet_reviews_add_meta_review&post_id=${galeri.id}&review_time=10%3A00&review_date=2026-11-23` +
      '&title=Tanpa+nonce&content=Isi.&rating=3';
    const noNonce = await ajax(flat, { ...same, cookie: other.cookie });
    expect(noNonce.status).toBe(403);
    expect(((await noNonce.json()) as { code: string }).code).toBe('rest_cookie_invalid_nonce');

    // removeReviewHandle: {post_id, user_id} under data[…].
    const remove = `action=jet_reviews_remove_review&data%5Bpost_id%5D=${galeri.id}&data%5Buser_id%5D=${user.id}`;
    expect((await ajax(remove, { ...same, cookie: other.cookie })).status).toBe(403);
    expect((await ajax(remove, { cookie: user.cookie, origin: 'http://evil.example' })).status).toBe(403);
    expect(await reviews()).toHaveLength(1);
    const removed = await ajax(remove, { ...same, cookie: user.cookie });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { type: string }).type).toBe('success');
    expect(await reviews()).toEqual([]);
  });

  // -- call 4: the menu items (original-wire.md §5) ------------------------------------------------

  test('every menu item of get-menu-items carries megaContent, false without rendered content', async () => {
    const menu = await conn.db.selectFrom('menu').select('id').where('location', '=', 'main').executeTakeFirstOrThrow();
    const path = 'jet-menu-api/v2/get-menu-items';
    const res = await dispatchRest(
      new Request(`${ORIGIN}/wp-json/${path}?menu_id=${menu.id}&dev=false&lang=false`, {
        headers: { 'x-wp-nonce': createNonce(SECRET, '0', REST_NONCE_ACTION) },
      }),
      appContext(conn, SECRET),
      restRoutes,
      path,
    );
    expect(res.status).toBe(200);
    type Item = { id: string; megaContent?: unknown; children: Item[] | false };
    const items = ((await res.json()) as { data: { items: Item[] } }).data.items;
    const all = (list: Item[]): Item[] => list.flatMap((i) => [i, ...all(i.children || [])]);
    expect(all(items).length).toBeGreaterThan(5);
    // The original client's test of a submenu is `children ? true : false`: leaves must say false.
    expect(all(items).some((i) => Array.isArray(i.children) && i.children.length > 0)).toBe(true);
    for (const item of all(items)) expect(item.children === false || item.children.length > 0, item.id).toBe(true);
    for (const item of all(items)) expect(item, item.id).toHaveProperty('megaContent', false);
  });
});
