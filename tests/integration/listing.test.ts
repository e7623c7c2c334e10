import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ajaxActions } from '~/calls.server';
import { listPosts, termSlugCondition } from '~/content/posts.server';
import type { Connection } from '~/db/connection.server';
import { loadListingGrid } from '~/widgets/listing-grid/listing-grid.server';
import { listingGridSettings } from '~/widgets/listing-grid/settings';
import { dispatchAjax } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';

/**
 * Issue 13 "Listings": call 7 (`jet_engine_ajax`, original-wire.md §3.1) for the news archive's
 * infinite-scroll grid, sent as JetEngine's `ajaxGetListing` sends it; the pages it answers never
 * repeat a post (original-wire.md §9.7); bad input answers 4xx, never 500; the home page's slider and
 * the archive's paging as the server renders them (no JavaScript).
 */

const ORIGIN = 'http://school.test';
const JQUERY = {
  'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
  'x-requested-with': 'XMLHttpRequest',
  accept: 'application/json, text/javascript, */*; q=0.01',
};
type GridAnswer = { success: boolean; data: { html: string; page: number; pages: number } };

afterAll(() => closeAppBuild());

describe.each(DIALECTS)('listings on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  let address = 0;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const ajax = (body: string, method = 'POST') =>
    dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php${method === 'GET' ? `?${body}` : ''}`, {
        method,
        headers: { ...JQUERY, 'x-forwarded-for': `198.51.100.${++address % 250}` },
        body: method === 'GET' ? undefined : body,
      }),
      appContext(conn),
      ajaxActions,
    );

  async function archiveGrid() {
    const page = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('slug', '=', 'arsip-berita')
      .executeTakeFirstOrThrow();
    expect(page.tree).toContain('"id":"ab0grid"');
    return { postId: page.id, elementId: 'ab0grid' };
  }

  /** JetEngine's body for the archive grid: its data-nav query and widget settings, then page_settings. */
  const originalBody = (handler: string, pageSettings: string) =>
    `action=jet_engine_ajax&handler=${handler}` +
    '&query%5Bpost_status%5D%5B%5D=publish&query%5Bpost_type%5D%5B%5D=post&query%5Bposts_per_page%5D=12' +
    '&query%5Bpaged%5D=1&query%5Bignore_sticky_posts%5D=1&query%5Bsuppress_filters%5D=false' +
    '&widget_settings%5Blisitng_id%5D=2001&widget_settings%5Bposts_num%5D=12&widget_settings%5Bcolumns%5D=3' +
    '&widget_settings%5Bcolumns_tablet%5D=2&widget_settings%5Bcolumns_mobile%5D=1' +
    '&widget_settings%5Bmax_posts_num%5D=0&widget_settings%5Bnot_found_message%5D=Belum+ada+berita.' +
    '&widget_settings%5Bis_masonry%5D=false&widget_settings%5Buse_load_more%5D=yes' +
    '&widget_settings%5Bload_more_type%5D=scroll&widget_settings%5B_element_id%5D=ab0grid' +
    `${pageSettings}&listing_type=elementor&isEditMode=false&addedPostCSS%5B%5D=2001`;
  const ids = (postId: number, page: number) =>
    `&page_settings%5Bpost_id%5D=${postId}&page_settings%5Bqueried_id%5D=${postId}%7CWP_Post` +
    `&page_settings%5Belement_id%5D=ab0grid&page_settings%5Bpage%5D=${page}`;
  const postIds = (html: string) => [...html.matchAll(/data-post-id="(\d+)"/g)].map((m) => Number(m[1]));

  test('load more pages the archive to its end: every post once, newest first, then an empty page', async () => {
    const { postId } = await archiveGrid();
    const all = await listPosts(conn.db, dialect, { types: ['post'], page: 1, perPage: 1000 });
    const expectedPages = Math.ceil(all.total / 12);
    expect(expectedPages).toBeGreaterThanOrEqual(3);

    const seen: number[] = [];
    for (let page = 1; page <= expectedPages; page++) {
      const res = await ajax(originalBody(page === 1 ? 'get_listing' : 'listing_load_more', ids(postId, page)));
      expect(res.status).toBe(200);
      const body = (await res.json()) as GridAnswer;
      expect(body).toMatchObject({ success: true, data: { pages: expectedPages } });
      // get_listing always answers the first page, whatever page it names.
      expect(body.data.page).toBe(page);
      seen.push(...postIds(body.data.html));
    }
    // original-wire.md §9.7: no post twice, none left out, in the list's order.
    expect(seen).toEqual(all.items.map((p) => p.id));

    const past = (await (
      await ajax(originalBody('listing_load_more', ids(postId, expectedPages + 1)))
    ).json()) as GridAnswer;
    expect(past.success).toBe(true);
    expect(past.data.html).toBe('');
  });

  test('call 7 answers every field of the original’s data (original-wire.md §3.1), empty where nothing applies', async () => {
    const { postId } = await archiveGrid();
    for (const [handler, page] of [
      ['get_listing', 1],
      ['listing_load_more', 2],
      ['listing_load_more', 99],
    ] as const) {
      const res = await ajax(originalBody(handler, ids(postId, page)));
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: Record<string, unknown> };
      expect(Object.keys(data)).toEqual(
        expect.arrayContaining(['html', 'scripts', 'styles', 'filters_data', 'indexer_data']),
      );
      // Maps of handle to markup, and the filters' objects: the grid's assets are on the page already,
      // and the original sends filter data only for a lazily loaded grid, which this site has none of.
      // Its client then does nothing with them: `$.each` over no keys, setIndexedData(false) returns.
      expect(data).toMatchObject({ scripts: {}, styles: {}, filters_data: {}, indexer_data: {} });
      for (const key of ['scripts', 'styles', 'filters_data', 'indexer_data']) {
        expect(Array.isArray(data[key]), key).toBe(false);
        expect(Object.keys(data[key] as object), key).toEqual([]);
      }
    }
  });

  test('the stored grid wins over the client’s copy: a bigger page size asked for is ignored', async () => {
    const { postId } = await archiveGrid();
    const body = originalBody('listing_load_more', ids(postId, 2)).replace(
      'widget_settings%5Bposts_num%5D=12',
      'widget_settings%5Bposts_num%5D=1000',
    );
    const answer = (await (await ajax(body)).json()) as GridAnswer;
    expect(postIds(answer.data.html)).toHaveLength(12);
    // The news cards, with their links (a news grid shows news cards, not photo tiles).
    expect(answer.data.html).toContain('class="post-card ecs-post-loop"');
  });

  test.each([
    ['no handler', (p: number) => originalBody('', ids(p, 2)).replace('&handler=', '')],
    ['an unknown handler', (p: number) => originalBody('get_posts', ids(p, 2))],
    ['no page_settings', () => originalBody('listing_load_more', '')],
    ['page 0', (p: number) => originalBody('listing_load_more', ids(p, 0))],
    [
      'a page that is not a number',
      (p: number) => originalBody('listing_load_more', ids(p, 2)).replace('page%5D=2&', 'page%5D=dua&'),
    ],
    ['a page that is no page', (p: number) => originalBody('listing_load_more', ids(p + 100_000, 2))],
    [
      'an element that is no grid',
      (p: number) => originalBody('listing_load_more', ids(p, 2).replace('ab0grid', 'ab0h1')),
    ],
    [
      'a post type no grid lists',
      () =>
        originalBody(
          'listing_load_more',
          '&page_settings%5Bpost_id%5D=false&page_settings%5Belement_id%5D=false&page_settings%5Bpage%5D=2',
        ).replace('post_type%5D%5B%5D=post', 'post_type%5D%5B%5D=template'),
    ],
  ])('%s answers a clear 400, never 500', async (_name, body) => {
    const { postId } = await archiveGrid();
    const res = await ajax(body(postId));
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { success: boolean; data: { message: string } };
    expect(answer.success).toBe(false);
    expect(answer.data.message).toMatch(/\S/);
  });

  test('a listing request without any container or handler, or by GET, is refused (4xx), never 500', async () => {
    const empty = await ajax('action=jet_engine_ajax');
    expect(empty.status).toBe(400);
    const get = await ajax('action=jet_engine_ajax&handler=get_listing&page_settings%5Bpage%5D=1', 'GET');
    expect(get.status).toBeGreaterThanOrEqual(400);
    expect(get.status).toBeLessThan(500);
  });

  test('a term’s newest items are the same whether the listing is walked newest first or the term’s items are gathered', async () => {
    const prestasi = { taxonomy: 'category', slug: 'prestasi' };
    const all = await listPosts(conn.db, dialect, { types: ['post'], terms: [prestasi], page: 1, perPage: 1000 });
    expect(all.total).toBeGreaterThanOrEqual(3);
    // One item a page: few enough wanted that the walk is chosen. A condition instead of the term
    // (as a filter group's base sends it) always gathers.
    for (let page = 1; page <= all.total; page++) {
      const walked = await listPosts(conn.db, dialect, { types: ['post'], terms: [prestasi], page, perPage: 1 });
      const gathered = await listPosts(conn.db, dialect, {
        types: ['post'],
        where: [termSlugCondition(prestasi.taxonomy, prestasi.slug)],
        page,
        perPage: 1,
      });
      expect(walked.items.map((p) => p.id)).toEqual([all.items[page - 1]?.id]);
      expect(gathered.items.map((p) => p.id)).toEqual([all.items[page - 1]?.id]);
    }
  });

  test('the home page’s featured news: a carousel of the achievement posts, each a labelled slide', async () => {
    const res = await site.send('/', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    // The home page has two carousels (the news ticker, issue 22): the featured news is the one so named.
    const featured = (html: string) =>
      [...html.matchAll(/<section[^>]*aria-roledescription="carousel"[^>]*>[\s\S]*?<\/section>/g)]
        .map((m) => m[0])
        .find((c) => c.includes('aria-label="Berita pilihan"')) ?? '';
    const carousel = featured(res.text);
    expect(carousel).toContain('aria-label="Berita pilihan"');
    const slides = [...carousel.matchAll(/aria-roledescription="slide" aria-label="(\d+) dari (\d+)"/g)];
    const prestasi = await listPosts(conn.db, dialect, {
      types: ['post'],
      terms: [{ taxonomy: 'category', slug: 'prestasi' }],
      page: 1,
      perPage: 6,
    });
    expect(slides.map((m) => m[1])).toEqual(prestasi.items.map((_, i) => String(i + 1)));
    expect(new Set(slides.map((m) => m[2]))).toEqual(new Set([String(prestasi.items.length)]));
    for (const post of prestasi.items) expect(carousel).toContain(`href="${post.url}"`);
    // The list's /page/2/ keeps the slider as it is (a slider never follows the address's page).
    const second = await site.send('/page/2/', { headers: { accept: 'text/html' } });
    expect(second.status).toBe(200);
    expect(featured(second.text).match(/aria-roledescription="slide"/g)).toHaveLength(slides.length);
    // The strip's columns per breakpoint: one slide on phones, two on tablets, three on desktops.
    expect(carousel).toMatch(/--cols-xs:\s*1;\s*--cols-sm:\s*1;\s*--cols-md:\s*2;\s*--cols-lg:\s*3/);
  });

  test('a slider with fewer than two items is a grid; the grid’s columns per breakpoint', async () => {
    const settings = listingGridSettings.parse({
      postType: 'post',
      category: 'prestasi',
      postsNum: 1,
      maxPostsNum: 1,
      carousel: {},
      columns: 4,
      columnsTablet: 2,
      columnsMobile: 1,
      breakpoints: { sm: 2, xxl: 6 },
    });
    const ctx = { db: conn.db, dialect, page: 1, postId: 0, elementId: 'x' };
    const one = await loadListingGrid(settings, ctx);
    expect(one.carousel).toBe(false);
    expect(one.html).not.toContain('aria-roledescription');
    expect(one.columnVars).toEqual({
      '--cols-xs': 1,
      '--cols-sm': 2,
      '--cols-md': 2,
      '--cols-lg': 4,
      '--cols-xl': 4,
      '--cols-xxl': 6,
    });
    const two = await loadListingGrid({ ...settings, postsNum: 2, maxPostsNum: 2 }, ctx);
    expect(two.carousel).toBe(true);
    expect(two.html.match(/aria-roledescription="slide"/g)).toHaveLength(2);
  });

  test('without JavaScript the archive pages by links: /page/2/ shows the next 12, past the end is 404', async () => {
    const all = await listPosts(conn.db, dialect, { types: ['post'], page: 1, perPage: 1000 });
    const second = await site.send('/arsip-berita/page/2/', { headers: { accept: 'text/html' } });
    expect(second.status).toBe(200);
    const grid = /class="jet-listing-grid__items[\s\S]*?<\/div><\/div><\/div>(?=<p class="visually-hidden")/.exec(
      second.text,
    );
    expect(postIds(grid?.[0] ?? second.text).slice(0, 12)).toEqual(all.items.slice(12, 24).map((p) => p.id));
    expect(second.text).toContain('href="/arsip-berita/page/3/"');
    const past = await site.send(`/arsip-berita/page/${Math.ceil(all.total / 12) + 1}/`, {
      headers: { accept: 'text/html' },
    });
    expect(past.status).toBe(404);
  });
});
