import { describe, expect, test } from 'vitest';
import { ajaxActions } from '~/calls.server';
import { parseTree } from '~/content/tree.server';
import type { Connection } from '~/db/connection.server';
import type { IndexedData } from '~/features/filters/model';
import { filterFormRedirect } from '~/features/filters/redirect.server';
import { loadTree } from '~/pages/tree.server';
import { dispatchAjax } from '~/wire/registry.server';
import { appContext, DIALECTS } from '../support/databases';
import {
  type Choice,
  filtersSuite,
  type Groups,
  helpers,
  type Model,
  newestFirst,
  ORIGIN,
} from '../support/smart-filters';

/** Filters on the page: form posts, filtered addresses rendered on the server, additional providers and load more. */
describe.each(DIALECTS)('smart filters on %s', (dialect) => {
  let conn: Connection;
  let model: Model;
  let g: Groups;
  const { ajax, filtering, idsOf, matching } = filtersSuite(dialect, (opened) => {
    ({ conn, model, g } = opened);
  });

  test('a filter form posted to a page with the redirect marker answers 303 to its filtered address', async () => {
    const post = (body: string) =>
      filterFormRedirect(
        conn.db,
        new Request(`${ORIGIN}/berita/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }),
      );
    const res = await post(
      'jsf=epro-posts%2Fberita&_tax_query_category%5B%5D=3&_tax_query_category%5B%5D=5&jet-smart-filters-redirect=1',
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/berita/?jet-smart-filters=epro-posts:berita&tax=category:3%2C5');
    // Without the marker a page is not a form target; without a group there is nothing to show.
    await expect(post('jsf=epro-posts%2Fberita&_tax_query_category=3')).rejects.toMatchObject({ status: 405 });
    await expect(post('jet-smart-filters-redirect=1&q=1')).rejects.toMatchObject({ status: 400 });
  });

  test('a filtered address renders the filtered listing and the chosen filters server-side', async () => {
    const page = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('slug', '=', 'ekskul')
      .executeTakeFirstOrThrow();
    const h = helpers(model);
    const senin = h.metaIs('hari', 'Senin');
    const rich = h.metaNum('rating', (n) => n >= 3);
    const items = matching(g.ekskul.spec, [
      { key: 'a', value: '', pred: senin },
      { key: 'b', value: '', pred: rich },
    ]);
    expect(items.length).toBeGreaterThan(9);
    for (const address of [
      '/ekskul/?jet-smart-filters=jet-engine:ekskul&meta=hari:Senin;rating!rating:3&pagenum=2',
      '/ekskul/jsf/jet-engine:ekskul/meta/hari:Senin;rating!rating:3/pagenum/2/',
      '/ekskul/?jet-smart-filters=jet-engine/ekskul&_meta_query_hari[]=Senin&_meta_query_rating|rating=3&jet_paged=2',
    ]) {
      const loaded = await loadTree(parseTree(page.tree), {
        db: conn.db,
        dialect: conn.dialect,
        postId: page.id,
        page: 1,
        basePath: '/ekskul/',
        url: new URL(ORIGIN + address),
        serverHtml: null,
      });
      const grid = loaded.props.ek1grid as {
        firstPage: { html: string };
        page: number;
        pages: number;
        filterGroup: {
          query: Record<string, unknown>;
          props: { found_posts: number };
          baseUrl: string;
          indexed: IndexedData;
        };
      };
      expect(idsOf(grid.firstPage.html), address).toEqual(items.slice(9, 18).map((i) => i.id));
      expect(grid.page).toBe(2);
      expect(grid.filterGroup.props.found_posts).toBe(items.length);
      expect(grid.filterGroup.baseUrl).toBe('/ekskul/');
      const day = loaded.props.ek1day as {
        value: unknown;
        group: unknown;
        options: Array<{ value: string; count?: number }>;
      };
      expect(day.value === 'Senin' || JSON.stringify(day.value) === '["Senin"]').toBe(true);
      expect(day.group).toEqual(grid.filterGroup);
      const rabu = day.options.find((o) => o.value === 'Rabu');
      expect(rabu?.count).toBe(
        matching(g.ekskul.spec, [{ key: 'b', value: '', pred: rich }]).filter(h.metaIs('hari', 'Rabu')).length,
      );
      const pager = loaded.props.ek1pager as { group: { props: { max_num_pages: number; page: number } } };
      expect(pager.group.props).toEqual({
        found_posts: items.length,
        max_num_pages: Math.ceil(items.length / 9),
        page: 2,
      });
    }
    // An address naming another group leaves the listing alone.
    const other = await loadTree(parseTree(page.tree), {
      db: conn.db,
      dialect: conn.dialect,
      postId: page.id,
      page: 1,
      basePath: '/ekskul/',
      url: new URL(`${ORIGIN}/ekskul/?jet-smart-filters=jet-engine:galeri&meta=hari:Senin`),
      serverHtml: null,
    });
    const grid = other.props.ek1grid as { firstPage: { html: string } };
    expect(idsOf(grid.firstPage.html)).toEqual(
      matching(g.ekskul.spec, [])
        .slice(0, 9)
        .map((i) => i.id),
    );
  });

  test('an additional provider takes the category key: its requests narrow by it, and so does the main group’s address', async () => {
    const h = helpers(model);
    const pramuka = h.term('post_tag', 'pramuka');
    const side = model.items.filter((i) => i.type === 'post' && i.terms.has(pramuka)).sort(newestFirst);
    // A category that narrows the side list without emptying it.
    const category = [...model.terms.values()].find((t) => {
      if (t.taxonomy !== 'category') return false;
      const n = side.filter(h.hasUnder(t.id)).length;
      return n > 0 && n < side.length;
    });
    expect(category, 'a category some Pramuka news carry and some do not').toBeDefined();
    const id = (category as { id: number }).id;
    const narrowed = side.filter(h.hasUnder(id));

    const answer = await filtering('epro-posts/berita-samping', { _tax_query_category: [String(id)] });
    expect(answer.pagination).toEqual({
      found_posts: narrowed.length,
      max_num_pages: Math.max(1, Math.ceil(narrowed.length / 5)),
      page: 1,
    });
    expect(idsOf(answer.content)).toEqual(narrowed.slice(0, 5).map((i) => i.id));
    // Only the mirrored filter's key: the tag filter of the news list is no filter of the side list.
    const osis = h.term('post_tag', 'osis');
    const tagged = await filtering('epro-posts/berita-samping', { _tax_query_post_tag: String(osis) });
    expect(tagged.pagination.found_posts).toBe(side.length);

    const page = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('slug', '=', 'berita')
      .executeTakeFirstOrThrow();
    const render = async (address: string) =>
      loadTree(parseTree(page.tree), {
        db: conn.db,
        dialect: conn.dialect,
        postId: page.id,
        page: 1,
        basePath: '/berita/',
        url: new URL(ORIGIN + address),
        serverHtml: null,
      });
    type ListProps = { firstPage: { html: string }; filterGroup: { query: Record<string, unknown> } };
    const filtered = await render(`/berita/?jet-smart-filters=epro-posts:berita&tax=category:${id}`);
    const sideList = filtered.props.br1side5 as ListProps;
    expect(idsOf(sideList.firstPage.html)).toEqual(narrowed.slice(0, 5).map((i) => i.id));
    // The same value as the news list's own state (the address names the news list only).
    expect(Object.keys(sideList.filterGroup.query)).toEqual(['_tax_query_category']);
    expect(sideList.filterGroup.query).toEqual((filtered.props.br0list as ListProps).filterGroup.query);
    const news = matching(g.berita.spec, [{ key: 'c', value: '', pred: h.hasUnder(id) }]);
    expect(idsOf((filtered.props.br0list as ListProps).firstPage.html)).toEqual(news.slice(0, 10).map((i) => i.id));
    // The filter widget names its additional provider for the browser.
    expect((filtered.props.br1cat as { additionalProviders: unknown }).additionalProviders).toEqual([
      { provider: 'epro-posts', queryId: 'berita-samping' },
    ]);
    // The news list's other filters stay its own.
    const byTag = await render(`/berita/?jet-smart-filters=epro-posts:berita&tax=post_tag:${osis}`);
    expect(idsOf((byTag.props.br1side5 as ListProps).firstPage.html)).toEqual(side.slice(0, 5).map((i) => i.id));
  });

  test('load more continues the filtered list (jet_engine_ajax and ecsload with filters[…])', async () => {
    const h = helpers(model);
    const ekskulPage = await conn.db
      .selectFrom('post')
      .select('id')
      .where('slug', '=', 'ekskul')
      .executeTakeFirstOrThrow();
    const rich = h.metaNum('rating', (n) => n >= 4);
    const items = matching(g.ekskul.spec, [{ key: 'b', value: '', pred: rich }]);
    const res = await ajax({
      action: 'jet_engine_ajax',
      handler: 'listing_load_more',
      page_settings: { post_id: String(ekskulPage.id), element_id: 'ek1grid', page: '2' },
      filters: { '_meta_query_rating|rating': '4' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { html: string; pages: number } };
    expect(idsOf(body.data.html)).toEqual(items.slice(9, 18).map((i) => i.id));
    expect(body.data.pages).toBe(Math.ceil(items.length / 9));

    const beritaPage = await conn.db
      .selectFrom('post')
      .select('id')
      .where('slug', '=', 'berita')
      .executeTakeFirstOrThrow();
    const news = matching(g.berita.spec, [g.berita.choices[4] as Choice]);
    const ecs = await dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams([
          ['action', 'ecsload'],
          ['query', JSON.stringify({ post_type: ['post'], posts_per_page: 10 })],
          ['ecs_ajax_settings', JSON.stringify({ current_page: 1, widget_id: 'br0list', post_id: beritaPage.id })],
          ['filters[_alphabet_]', 'p'],
        ]),
      }),
      appContext(conn),
      ajaxActions,
    );
    expect(ecs.status).toBe(200);
    expect(idsOf(await ecs.text())).toEqual(news.slice(10, 20).map((i) => i.id));
  });
});
