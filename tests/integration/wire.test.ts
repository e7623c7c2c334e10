import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ajaxActions, restRoutes } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import { verifyNonce } from '~/wire/nonce.server';
import { dispatchAjax, dispatchRest, REST_NONCE_ACTION } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';

const ORIGIN = 'http://school.test';

function post(fields: Record<string, string>, path = '/wp-admin/admin-ajax.php') {
  return new Request(ORIGIN + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

describe.each(DIALECTS)('wire calls on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  const ajax = (req: Request) => dispatchAjax(req, appContext(conn), ajaxActions);

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
  });
  afterAll(() => dispose());

  /** Titles of published news, newest first, id breaking ties: what every list must follow. */
  async function newsTitles() {
    const rows = await conn.db
      .selectFrom('post')
      .select('title')
      .where('type', '=', 'post')
      .where('status', '=', 'publish')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => r.title);
  }

  async function beritaWidget() {
    const page = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('slug', '=', 'berita')
      .executeTakeFirstOrThrow();
    const match = /"id":"([^"]+)","type":"widget","widget":"posts"/.exec(page.tree ?? '');
    const tree = JSON.parse(page.tree ?? '[]');
    const find = (els: Array<{ id: string; widget?: string; children?: unknown[] }>): string | undefined => {
      for (const el of els) {
        if (el.widget === 'posts') return el.id;
        const inner = find((el.children ?? []) as typeof els);
        if (inner) return inner;
      }
    };
    return { postId: page.id, widgetId: match?.[1] ?? (find(tree) as string) };
  }

  test('an unknown action answers 0 with status 400', async () => {
    const res = await ajax(post({ action: 'no_such_action' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('0');
  });

  test('rest-nonce answers a nonce that verifies', async () => {
    const res = await ajax(new Request(`${ORIGIN}/wp-admin/admin-ajax.php?action=rest-nonce`));
    expect(res.status).toBe(200);
    const nonce = await res.text();
    expect(nonce).toMatch(/^[0-9a-f]{20}$/);
    expect(verifyNonce('test-secret', nonce, '0', REST_NONCE_ACTION)).toBe(true);
  });

  test('ecsload answers the next page of the stored list, in order', async () => {
    const { postId, widgetId } = await beritaWidget();
    const res = await ajax(
      post({
        action: 'ecsload',
        query: JSON.stringify({ post_type: ['post'], posts_per_page: 10 }),
        ecs_ajax_settings: JSON.stringify({ current_page: 1, max_num_pages: 4, widget_id: widgetId, post_id: postId }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const titles = [...html.matchAll(/<h[23] class="post-card__title"><a [^>]*>([^<]*)<\/a>/g)].map((m) =>
      (m[1] as string)
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'"),
    );
    expect(titles).toEqual((await newsTitles()).slice(10, 20));
  });

  test('ecsload past the last page answers an empty body', async () => {
    const { postId, widgetId } = await beritaWidget();
    const res = await ajax(
      post({
        action: 'ecsload',
        query: '{}',
        ecs_ajax_settings: JSON.stringify({ current_page: 50, widget_id: widgetId, post_id: postId }),
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  test('ecsload without stored settings never sends more than the site page size', async () => {
    const res = await ajax(
      post({
        action: 'ecsload',
        query: JSON.stringify({ post_type: 'post', posts_per_page: 100000 }),
        ecs_ajax_settings: JSON.stringify({ current_page: 0 }),
      }),
    );
    expect(res.status).toBe(200);
    const count = ((await res.text()).match(/<article/g) ?? []).length;
    expect(count).toBe(10);
  });

  test.each([
    [{ query: '{not json', ecs_ajax_settings: '{"current_page":1}' }, /query/],
    [{ query: '{}', ecs_ajax_settings: '{"current_page":-1}' }, /negative/],
    [{ query: '{"post_type":"template"}', ecs_ajax_settings: '{"current_page":1}' }, /post_type/],
    [{ query: '{}', ecs_ajax_settings: '[]' }, /ecs_ajax_settings/],
    [{ query: '{}' }, /ecs_ajax_settings/],
  ])('ecsload rejects %o with a clear 400', async (fields, message) => {
    const res = await ajax(post({ action: 'ecsload', ...fields }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: boolean; data: { message: string } };
    expect(body.success).toBe(false);
    expect(body.data.message).toMatch(message);
  });

  test('the gallery grid loads page 2 of at most 9 items, then nothing', async () => {
    const page = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('slug', '=', 'galeri')
      .executeTakeFirstOrThrow();
    const elementId = /"id":"([^"]+)","type":"widget","widget":"jet-listing-grid"/.exec(page.tree ?? '')?.[1];
    expect(elementId).toBeDefined();
    const load = async (n: number) => {
      const res = await ajax(
        post({
          action: 'jet_engine_ajax',
          handler: 'listing_load_more',
          'page_settings[post_id]': String(page.id),
          'page_settings[element_id]': elementId as string,
          'page_settings[page]': String(n),
        }),
      );
      expect(res.status).toBe(200);
      return (await res.json()) as { success: boolean; data: { html: string; pages: number } };
    };
    const second = await load(2);
    expect(second.success).toBe(true);
    expect(second.data.pages).toBe(2);
    expect((second.data.html.match(/jet-listing-grid__item/g) ?? []).length).toBe(3);
    expect((await load(3)).data.html).toBe('');
  });

  test('the listing call refuses an element that is not a grid', async () => {
    const res = await ajax(
      post({
        action: 'jet_engine_ajax',
        handler: 'listing_load_more',
        'page_settings[post_id]': '1',
        'page_settings[element_id]': 'nope',
        'page_settings[page]': '2',
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { data: { message: string } }).data.message).toBe('Request data is incorrect');
  });

  test('menu items over REST come as a tree', async () => {
    const menu = await conn.db.selectFrom('menu').select('id').where('location', '=', 'main').executeTakeFirstOrThrow();
    const res = await dispatchRest(
      new Request(`${ORIGIN}/wp-json/jet-menu-api/v2/get-menu-items?menu_id=${menu.id}&dev=false&lang=false`),
      appContext(conn),
      restRoutes,
      'jet-menu-api/v2/get-menu-items',
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { items: Array<{ name: string; children: unknown[] }> } };
    expect(body.data.items.length).toBeGreaterThan(3);
    expect(body.data.items.some((i) => i.children.length > 0)).toBe(true);
  });

  test('an unknown REST route answers rest_no_route', async () => {
    const res = await dispatchRest(
      new Request(`${ORIGIN}/wp-json/nope/v1/x`),
      appContext(conn),
      restRoutes,
      'nope/v1/x',
    );
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('rest_no_route');
  });
});

describe.each(DIALECTS)('template content on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
  });
  afterAll(() => dispose());

  test('a stored template comes back as HTML with empty script and style maps', async () => {
    const footer = await conn.db
      .selectFrom('post')
      .select('id')
      .where('type', '=', 'template')
      .where('slug', '=', 'footer')
      .executeTakeFirstOrThrow();
    const path = 'jet-blocks-api/v1/elementor-template';
    const res = await dispatchRest(
      new Request(`${ORIGIN}/wp-json/${path}?id=${footer.id}&dev=false`),
      appContext(conn),
      restRoutes,
      path,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { template_content: string; template_scripts: object; template_styles: object };
    expect(body.template_content).toContain(`data-elementor-id="${footer.id}"`);
    expect(body.template_content).toMatch(/<nav/);
    expect(body.template_scripts).toEqual({});
    expect(body.template_styles).toEqual({});
  });

  test('a missing template is a 404 and a bad id a 400', async () => {
    const path = 'jet-menu-api/v2/get-elementor-template-content';
    const get = (q: string) =>
      dispatchRest(new Request(`${ORIGIN}/wp-json/${path}?${q}`), appContext(conn), restRoutes, path);
    expect((await get('id=999999')).status).toBe(404);
    expect((await get('id=abc')).status).toBe(400);
  });
});
