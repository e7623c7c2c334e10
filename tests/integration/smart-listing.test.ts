import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ajaxActions } from '~/calls.server';
import { listPosts } from '~/content/posts.server';
import type { Connection } from '~/db/connection.server';
import { smartListingSettings } from '~/widgets/smart-listing/settings';
import { loadSmartListing } from '~/widgets/smart-listing/smart-listing.server';
import type { WidgetLoadContext } from '~/widgets/types';
import { dispatchAjax } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';

/**
 * Issue 22: the smart listing's call (`jet_blog_smart_listing_get_posts`, original-wire.md §7) with the
 * bodies JetBlog's client posts (jQuery's bracket notation), its whitelist of widget settings, bad input
 * (4xx with a message, never 500), and the widget's server render from the page address (no JavaScript).
 */

const ORIGIN = 'http://school.test';
const JQUERY = {
  'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
  'x-requested-with': 'XMLHttpRequest',
  accept: 'application/json, text/javascript, */*; q=0.01',
};

type Answer = {
  success: boolean;
  data: { posts: string; arrows: string; page: number; pages: number; term: number; posts_per_page: number };
};
type Refusal = { success: false; data: { message: string; code: string } };

/** The home page listing's `data-settings` as the page writes them, plus keys Elementor adds to every widget. */
const SETTINGS =
  'jet_widget_settings%5Bposts_columns%5D=2&jet_widget_settings%5Bposts_columns_tablet%5D=2' +
  '&jet_widget_settings%5Bposts_columns_mobile%5D=1&jet_widget_settings%5Bposts_rows%5D=2' +
  '&jet_widget_settings%5Bfeatured_post%5D=yes&jet_widget_settings%5Bis_archive_template%5D=' +
  '&jet_widget_settings%5Bshow_excerpt%5D=&jet_widget_settings%5Bwidget_id%5D=sl1list' +
  '&jet_widget_settings%5Btitle_typography_typography%5D=custom&jet_widget_settings%5Bfeatured_width%5D%5Bunit%5D=%25' +
  '&jet_widget_settings%5Bfeatured_width%5D%5Bsize%5D=50';

/** JetBlog's `requestPosts` body: the arrow's or filter's data, the page size of the device, the settings. */
const body = (request: Record<string, string | number>, settings = SETTINGS) =>
  [
    'action=jet_blog_smart_listing_get_posts',
    ...Object.entries(request).map(([k, v]) => `jet_request_data%5B${k}%5D=${encodeURIComponent(String(v))}`),
    settings,
  ]
    .filter(Boolean)
    .join('&');

const postIds = (html: string) => [...html.matchAll(/data-post-id="(\d+)"/g)].map((m) => Number(m[1]));

describe.each(DIALECTS)('the smart listing on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let address = 0;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
  });
  afterAll(async () => {
    await dispose();
  });

  const ajax = (text: string, method = 'POST') =>
    dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php${method === 'GET' ? `?${text}` : ''}`, {
        method,
        headers: { ...JQUERY, 'x-forwarded-for': `198.51.100.${++address % 250}` },
        body: method === 'GET' ? undefined : text,
      }),
      appContext(conn),
      ajaxActions,
    );

  const allNews = async (slug?: string) =>
    (
      await listPosts(conn.db, dialect, {
        types: ['post'],
        terms: slug ? [{ taxonomy: 'category', slug }] : [],
        page: 1,
        perPage: 1000,
      })
    ).items.map((p) => p.id);

  const categoryId = async (slug: string, taxonomy = 'category') =>
    (
      await conn.db
        .selectFrom('term')
        .select('id')
        .where('taxonomy', '=', taxonomy)
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).id;

  test('the arrows page through every published news post once, newest first, five a page with the featured first', async () => {
    const all = await allNews();
    const pages = Math.ceil(all.length / 5);
    expect(pages).toBeGreaterThanOrEqual(3);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const res = await ajax(body({ paged: page, posts_per_page: 5, term: 0 }));
      expect(res.status).toBe(200);
      const answer = (await res.json()) as Answer;
      expect(answer).toMatchObject({ success: true, data: { page, pages, term: 0, posts_per_page: 5 } });
      const ids = postIds(answer.data.posts);
      // The page's first post is the featured one, larger, before the small ones.
      expect(answer.data.posts.startsWith(`<div class="jet-smart-listing__featured" data-post-id="${ids[0]}">`)).toBe(
        true,
      );
      expect(answer.data.posts.match(/jet-smart-listing__featured/g)).toHaveLength(1);
      seen.push(...ids);
      // spec 001 §5: the arrow at an end is marked disabled and has no address; the others link the page.
      const arrows = answer.data.arrows;
      expect(arrows).toMatch(/^<nav class="jet-smart-listing__arrows"/);
      if (page === 1)
        expect(arrows).toMatch(/<a class="[^"]*jet-arrow-prev jet-arrow-disabled"[^>]*aria-disabled="true"/);
      else expect(arrows).toContain(`href="?paged=${page - 1}#sl1list"`);
      if (page === pages) expect(arrows).toMatch(/<a class="[^"]*jet-arrow-next jet-arrow-disabled"/);
      else expect(arrows).toContain(`href="?paged=${page + 1}#sl1list"`);
    }
    expect(seen).toEqual(all);
  });

  test('the category filter: the first page of a category, its arrows keep the category', async () => {
    const id = await categoryId('kegiatan-sekolah');
    const expected = await allNews('kegiatan-sekolah');
    expect(expected.length).toBeGreaterThan(3);
    const res = await ajax(body({ term: id, paged: 1, posts_per_page: 3 }));
    const answer = (await res.json()) as Answer;
    expect(answer.data).toMatchObject({ page: 1, term: id, pages: Math.ceil(expected.length / 3) });
    expect(postIds(answer.data.posts)).toEqual(expected.slice(0, 3));
    expect(answer.data.arrows).toContain(`href="?paged=2&amp;term=${id}#sl1list"`);
    // The original's arrow click sends the wrapper's term and the page.
    const second = (await (await ajax(body({ term: id, paged: 2, posts_per_page: 3 }))).json()) as Answer;
    expect(postIds(second.data.posts)).toEqual(expected.slice(3, 6));
  });

  test('a phone’s first request (only posts_per_page) answers page 1 of every category at that size', async () => {
    const res = await ajax(body({ posts_per_page: 3 }));
    const answer = (await res.json()) as Answer;
    expect(answer.data).toMatchObject({ page: 1, term: 0, posts_per_page: 3 });
    expect(postIds(answer.data.posts)).toEqual((await allNews()).slice(0, 3));
    // Without a page size the settings' desktop size: 2 columns × 2 rows + the featured post.
    const plain = (await (await ajax(body({}))).json()) as Answer;
    expect(plain.data.posts_per_page).toBe(5);
    // Without a featured post every post is a small one.
    const flat = (await (
      await ajax(body({ posts_per_page: 4 }, SETTINGS.replace('featured_post%5D=yes', 'featured_post%5D=')))
    ).json()) as Answer;
    expect(flat.data.posts).not.toContain('jet-smart-listing__featured');
    expect(postIds(flat.data.posts)).toHaveLength(4);
  });

  test('settings reach no draft, private post, page or other type: the query is fixed by the server', async () => {
    const now = new Date(Date.now() + 86_400_000).toISOString();
    const hidden: number[] = [];
    for (const [type, status] of [
      ['post', 'draft'],
      ['post', 'private'],
      ['page', 'publish'],
      ['galeri', 'publish'],
    ] as const) {
      const row = await conn.db
        .insertInto('post')
        .values({
          type,
          status,
          slug: `uji-smart-listing-${type}-${status}`,
          title: `Tersembunyi ${type} ${status}`,
          excerpt: '',
          content: '',
          tree: null,
          parent_id: null,
          author_id: null,
          featured_media_id: null,
          published_at: now,
          modified_at: now,
          menu_order: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      hidden.push(row.id);
      await conn.db
        .insertInto('post_term')
        .values({ post_id: row.id, term_id: await categoryId('pengumuman') })
        .execute();
    }
    // Keys of the original's query settings, and this site's own names, trying to widen the query.
    const widening =
      `${SETTINGS}&jet_widget_settings%5Bpost_type%5D=page&jet_widget_settings%5Bpost_status%5D%5B%5D=draft` +
      '&jet_widget_settings%5Bpost_status%5D%5B%5D=private&jet_widget_settings%5Bquery_by%5D=all' +
      '&jet_widget_settings%5BpostTypes%5D%5B%5D=galeri&jet_widget_settings%5Bposts_per_page%5D=1000';
    for (const term of [0, await categoryId('pengumuman')]) {
      const res = await ajax(body({ term, paged: 1, posts_per_page: 17 }, widening));
      expect(res.status).toBe(200);
      const answer = (await res.json()) as Answer;
      const ids = postIds(answer.data.posts);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.filter((id) => hidden.includes(id))).toEqual([]);
      expect(answer.data.posts).not.toContain('Tersembunyi');
      expect(ids).toEqual((await allNews(term ? 'pengumuman' : undefined)).slice(0, 17));
    }
  });

  test('bad input answers 4xx with a message, never 500, and no posts', async () => {
    const tag = await categoryId('osis', 'post_tag');
    const pages = Math.ceil((await allNews()).length / 5);
    const cases: Array<[string, string, number]> = [
      ['non-numeric paged', body({ paged: 'dua', posts_per_page: 5 }), 400],
      ['paged 0', body({ paged: 0, posts_per_page: 5 }), 400],
      ['negative paged', body({ paged: -1, posts_per_page: 5 }), 400],
      ['fractional paged', body({ paged: '1.5', posts_per_page: 5 }), 400],
      ['huge paged', body({ paged: '99999999999999999999', posts_per_page: 5 }), 400],
      ['paged past the end', body({ paged: pages + 1, posts_per_page: 5 }), 404],
      ['paged far past the end', body({ paged: 100_000, posts_per_page: 5 }), 404],
      ['unknown term', body({ paged: 1, posts_per_page: 5, term: 987_654 }), 404],
      ['a tag, not a news category', body({ paged: 1, posts_per_page: 5, term: tag }), 404],
      ['non-numeric term', body({ paged: 1, posts_per_page: 5, term: 'prestasi' }), 400],
      ['NaN term (parseInt of nothing)', body({ paged: 1, posts_per_page: 5, term: 'NaN' }), 400],
      ['negative term', body({ paged: 1, posts_per_page: 5, term: -3 }), 400],
      ['posts_per_page 0', body({ paged: 1, posts_per_page: 0 }), 400],
      ['posts_per_page over the bound', body({ paged: 1, posts_per_page: 18 }), 400],
      ['posts_per_page 100000', body({ paged: 1, posts_per_page: 100_000 }), 400],
      ['posts_per_page text', body({ paged: 1, posts_per_page: 'semua' }), 400],
      ['columns out of range', body({ paged: 1 }, `${SETTINGS}&jet_widget_settings%5Bposts_columns%5D=9`), 400],
      ['rows of text', body({ paged: 1 }, `${SETTINGS}&jet_widget_settings%5Bposts_rows%5D=banyak`), 400],
      ['featured not a switch', body({ paged: 1 }, `${SETTINGS}&jet_widget_settings%5Bfeatured_post%5D=mungkin`), 400],
      ['an id with markup', body({ paged: 1 }, 'jet_widget_settings%5Bwidget_id%5D=%22%3E%3Cscript%3E'), 400],
      ['settings as text', body({ paged: 1 }, 'jet_widget_settings=semua'), 400],
      ['request data as text', 'action=jet_blog_smart_listing_get_posts&jet_request_data=halaman2', 400],
      ['request data as a list', 'action=jet_blog_smart_listing_get_posts&jet_request_data%5B%5D=2', 400],
      ['nested junk', body({ paged: 1 }, 'jet_widget_settings%5Bposts_rows%5D%5Ba%5D%5Bb%5D=1'), 400],
      ['malformed field name', 'action=jet_blog_smart_listing_get_posts&jet_request_data%5Bpaged=2', 400],
    ];
    for (const [name, text, status] of cases) {
      const res = await ajax(text);
      expect(res.status, name).toBe(status);
      const answer = (await res.json()) as Refusal;
      expect(answer.success, name).toBe(false);
      expect(answer.data.message, name).toMatch(/\w{3}/);
      expect(JSON.stringify(answer), name).not.toContain('post-card');
    }
    // The call is a POST, as the original's client sends it.
    expect((await ajax(body({ paged: 1, posts_per_page: 5 }), 'GET')).status).toBe(405);
  });

  test('the page renders the listing of its address (links followed without JavaScript)', async () => {
    const home = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('slug', '=', 'beranda')
      .executeTakeFirstOrThrow();
    // The demo school's home page has the listing (content/pages.yaml, sl1list).
    const stored = (JSON.parse(home.tree ?? '[]') as unknown[]).flatMap(function find(el: unknown): unknown[] {
      const e = el as { id?: string; children?: unknown[] };
      return e.id === 'sl1list' ? [e] : (e.children ?? []).flatMap(find);
    })[0] as { widget: string; settings: unknown };
    expect(stored.widget).toBe('smart-listing');
    const settings = smartListingSettings.parse(stored.settings);
    const ctx = (search: string): WidgetLoadContext => ({
      db: conn.db,
      dialect,
      page: 1,
      postId: home.id,
      elementId: 'sl1list',
      basePath: '/',
      search: '',
      url: new URL(`${ORIGIN}/${search}`),
      shared: new Map(),
      serverHtml: null,
    });
    const id = await categoryId('kegiatan-sekolah');
    const ofCategory = await allNews('kegiatan-sekolah');
    const all = await allNews();

    const second = (await loadSmartListing(settings, ctx(`?paged=2&term=${id}`))).props;
    expect(second.shown).toMatchObject({ page: 2, term: id, perPage: 5 });
    expect(second.shown.items.map((p) => p.id)).toEqual(ofCategory.slice(5, 10));
    expect(second.terms?.map((t) => t.name)).toContain('Kegiatan Sekolah');
    expect(second.settings).toMatchObject({
      posts_columns: 2,
      posts_rows: 2,
      featured_post: 'yes',
      widget_id: 'sl1list',
    });

    // Junk reads as the first page of every category; a page past the end shows the last page.
    for (const junk of ['?paged=abc&term=xyz', '?paged=-4', '?term=987654', '']) {
      const props = (await loadSmartListing(settings, ctx(junk))).props;
      expect(props.shown, junk).toMatchObject({ page: 1, term: 0 });
      expect(props.shown.items.map((p) => p.id)).toEqual(all.slice(0, 5));
    }
    const last = Math.ceil(all.length / 5);
    const past = (await loadSmartListing(settings, ctx('?paged=999'))).props;
    expect(past.shown).toMatchObject({ page: last, pages: last });
    expect(past.shown.items.map((p) => p.id)).toEqual(all.slice((last - 1) * 5));
  });
});
