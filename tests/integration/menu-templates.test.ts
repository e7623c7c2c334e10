import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ajaxActions, restRoutes } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import type { MenuItemTable } from '~/db/schema';
import { menuIconSvg } from '~/features/menu/icons.server';
import { loadMenu } from '~/features/menu/menu.server';
import type { MenuItemWire } from '~/features/menu/model';
import { parseMenuSettings } from '~/features/menu/settings';
import { createNonce, NONCE_WINDOW_MS } from '~/wire/nonce.server';
import { dispatchAjax, dispatchRest, REST_NONCE_ACTION } from '~/wire/registry.server';
import { loadContent } from '../../seed';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';

/**
 * Issue 12, the server side of the header: the menu items (call 4) and the template content (calls
 * 3 and 16), sent as the original JetMenu and JetBlocks clients send them: jQuery GETs whose `data`
 * becomes the query string, with the page's `restNonce` in `X-WP-Nonce` (original-wire.md §1, §5, §7).
 */

const ORIGIN = 'http://school.test';
const SECRET = 'test-secret';
/** jQuery.ajax's headers for a GET with `dataType: 'json'`. */
const JQUERY = { accept: 'application/json, text/javascript, */*; q=0.01', 'x-requested-with': 'XMLHttpRequest' };

const MENU_ITEMS = 'jet-menu-api/v2/get-menu-items';
const ELEMENTOR_TEMPLATE = 'jet-menu-api/v2/get-elementor-template-content';
const BLOCKS_TEMPLATE = 'jet-menu-api/v2/get-blocks-template-content';
const HAMBURGER_TEMPLATE = 'jet-blocks-api/v1/elementor-template';

/** A query string and the status, code and message it must be refused with. */
type Refusal = [query: string, status: number, code: string, message: string];
interface TemplateAnswer {
  template_content: string;
  template_scripts: Record<string, string>;
  template_styles: Record<string, string>;
}
type YamlItem = ReturnType<typeof loadContent>['menus'][number]['items'][number];

const everyItem = (items: MenuItemWire[]): MenuItemWire[] => items.flatMap((i) => [i, ...everyItem(i.children || [])]);

describe.each(DIALECTS)('header menus and templates over the wire on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let mainMenuId: number;
  /** Template ids by slug. */
  const templates = new Map<string, number>();

  /** A REST GET as written out (path and query string), with the original's headers. */
  const get = (path: string, query: string, headers: Record<string, string> = {}) =>
    dispatchRest(
      new Request(`${ORIGIN}/wp-json/${path}?${query}`, { headers: { ...JQUERY, ...headers } }),
      appContext(conn, SECRET),
      restRoutes,
      path,
    );
  /** Call 13: the nonce the original clients put in X-WP-Nonce. */
  const restNonce = async () => {
    const res = await dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php?action=rest-nonce`, { headers: JQUERY }),
      appContext(conn, SECRET),
      ajaxActions,
    );
    expect(res.status).toBe(200);
    return (await res.text()).trim();
  };

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    mainMenuId = (
      await conn.db.selectFrom('menu').select('id').where('location', '=', 'main').executeTakeFirstOrThrow()
    ).id;
    for (const t of await conn.db.selectFrom('post').select(['id', 'slug']).where('type', '=', 'template').execute()) {
      templates.set(t.slug, t.id);
    }
  });
  afterAll(() => dispose());

  // -- call 4 ----------------------------------------------------------------------------------

  test('get-menu-items answers bare {data: {items}}: every field of every seeded item, as a tree', async () => {
    const nonce = await restNonce();
    const res = await get(MENU_ITEMS, `menu_id=${mainMenuId}&dev=false&lang=false`, { 'X-WP-Nonce': nonce });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { data: { items: MenuItemWire[] } };
    expect(Object.keys(body)).toEqual(['data']);
    expect(Object.keys(body.data)).toEqual(['items']);

    const stored = await conn.db
      .selectFrom('menu_item')
      .select(['id', 'title', 'parent_id'])
      .where('menu_id', '=', mainMenuId)
      .execute();
    const seeded = loadContent().menus.find((m) => m.slug === 'utama');
    if (!seeded) throw new Error('no menu utama in content/menus.yaml');

    // The answer, item by item, against content/menus.yaml and the stored ids.
    const expectItems = (wire: MenuItemWire[], yaml: YamlItem[], parent: MenuItemWire | null) => {
      expect(wire.map((i) => i.name)).toEqual(yaml.map((i) => i.title));
      wire.forEach((item, i) => {
        const y = yaml[i] as YamlItem;
        const row = stored.find((r) => r.id === item.itemId);
        expect(row, item.name).toMatchObject({ title: y.title, parent_id: parent ? parent.itemId : null });
        expect(item).toEqual({
          id: `item-${item.itemId}`,
          name: y.title,
          attrTitle: y.attrTitle ?? false,
          description: y.description ?? '',
          url: y.url,
          target: y.target ?? false,
          xfn: y.xfn ?? false,
          itemParent: parent ? parent.id : false,
          itemId: row?.id,
          megaTemplateId: y.megaTemplate ? templates.get(y.megaTemplate) : false,
          megaContent: false,
          megaContentType: y.megaContentType ?? 'elementor',
          open: false,
          badgeContent: y.badge ?? false,
          badgeText: y.badge ?? false,
          // The icon's markup (original-wire.md §5: the original client inserts it as HTML).
          itemIcon: y.icon ? menuIconSvg(y.icon) : false,
          classes: y.classes ? y.classes.split(' ') : [],
          // A leaf says false: the original mobile client takes any array, even [], for a submenu.
          children: y.children && y.children.length > 0 ? expect.any(Array) : false,
        });
        expectItems(item.children || [], y.children, item);
      });
    };
    expectItems(body.data.items, seeded.items, null);
    expect(everyItem(body.data.items)).toHaveLength(stored.length);

    // The tree the header shows, and the mega panel of "Profil".
    const top = body.data.items;
    const profil = top[1] as MenuItemWire;
    expect(profil.megaTemplateId).toBe(templates.get('mega-profil'));
    expect(profil.megaTemplateId).toEqual(expect.any(Number));
    const profilItems = profil.children || [];
    expect(profilItems.map((c) => c.name)).toEqual(['Profil Sekolah', 'Visi & Misi', 'Guru & Staf', 'Video Sekolah']);
    expect(profilItems.every((c) => c.itemParent === profil.id)).toBe(true);
    expect((top[2]?.children || []).map((c) => c.url)).toEqual([
      '/category/prestasi/',
      '/category/kegiatan-sekolah/',
      '/category/pengumuman/',
      '/category/akademik/',
      '/category/ekstrakurikuler/',
      '/category/artikel-guru/',
    ]);
    expect(top[6]).toMatchObject({
      name: 'PPDB',
      badgeContent: 'Baru',
      attrTitle: 'Pendaftaran siswa baru dibuka',
      itemIcon: expect.stringMatching(
        /^<svg class="menu-icon" data-icon="user-plus" aria-hidden="true" focusable="false" [^>]*><.*<\/svg>$/,
      ),
    });
    expect(
      everyItem(top)
        .filter((i) => i.megaTemplateId !== false)
        .map((i) => i.name),
    ).toEqual(['Profil']);
  });

  test('the v1 path, no nonce, a stale nonce and a signed-in nonce all get the same items', async () => {
    const first = await (await get(MENU_ITEMS, `menu_id=${mainMenuId}&dev=false&lang=false`)).json();
    const v1 = await get('jet-menu-api/v1/get-menu-items', `menu_id=${mainMenuId}&dev=true&lang=id`);
    expect(v1.status).toBe(200);
    expect(await v1.json()).toEqual(first);
    // A page baked a day ago carries a nonce that no longer verifies: a read does not care (§9.6).
    const stale = await get(MENU_ITEMS, `menu_id=${mainMenuId}&dev=false&lang=false`, {
      'X-WP-Nonce': staleNonce(),
    });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual(first);
  });

  test('the footer menu is its own menu', async () => {
    const footer = await conn.db
      .selectFrom('menu')
      .select('id')
      .where('location', '=', 'footer')
      .executeTakeFirstOrThrow();
    const res = await get(MENU_ITEMS, `menu_id=${footer.id}&dev=false&lang=false`);
    expect(res.status).toBe(200);
    const items = ((await res.json()) as { data: { items: MenuItemWire[] } }).data.items;
    expect(items.map((i) => i.name)).toContain('Profil Sekolah');
    expect(items.every((i) => i.children === false && i.megaTemplateId === false)).toBe(true);
  });

  test('bad menu ids answer 4xx with a clear message, never 500', async () => {
    const cases: Refusal[] = [
      ['menu_id=999999&dev=false&lang=false', 404, 'menu_not_found', 'No menu has the id 999999.'],
      ['menu_id=abc&dev=false&lang=false', 400, 'invalid_request', 'menu_id: a menu id is a positive whole number'],
      ['menu_id=0&dev=false&lang=false', 400, 'invalid_request', 'menu_id: a menu id is a positive whole number'],
      ['menu_id=-3', 400, 'invalid_request', 'menu_id: a menu id is a positive whole number'],
      ['menu_id=1e3', 400, 'invalid_request', 'menu_id: a menu id is a positive whole number'],
      ['menu_id=', 400, 'invalid_request', 'menu_id: a menu id is a positive whole number'],
      ['dev=false&lang=false', 400, 'invalid_request', 'menu_id: a menu id is a positive whole number'],
      ['menu_id%5B%5D=1', 400, 'invalid_request', 'menu_id: a menu id is a positive whole number'],
      ['menu_id=99999999999999999999', 400, 'invalid_request', 'menu_id: a menu id is a positive whole number'],
    ];
    await expectRefusals(MENU_ITEMS, cases);
    const post = await dispatchRest(
      new Request(`${ORIGIN}/wp-json/${MENU_ITEMS}?menu_id=${mainMenuId}`, { method: 'POST' }),
      appContext(conn, SECRET),
      restRoutes,
      MENU_ITEMS,
    );
    expect(post.status).toBe(404);
    expect(((await post.json()) as { code: string }).code).toBe('rest_no_route');
  });

  test('an item whose mega template is a draft, or a page, has no mega panel; parents elsewhere are dropped', async () => {
    const draft = await insertTemplate('draft', '<p>Belum terbit</p>');
    const page = await conn.db.selectFrom('post').select('id').where('slug', '=', 'kontak').executeTakeFirstOrThrow();
    const menuId = await insertMenu('uji-mega');
    const item = (position: number, title: string, mega: number | null, parent: number | null = null) =>
      insertItem({ menu_id: menuId, position, title, mega_template_id: mega, parent_id: parent });
    await item(0, 'Draf', draft);
    await item(1, 'Halaman', page.id);
    await item(2, 'Profil', templates.get('mega-profil') ?? null);
    // A parent from the main menu: such an item belongs to no tree of this menu.
    const foreign = await conn.db
      .selectFrom('menu_item')
      .select('id')
      .where('menu_id', '=', mainMenuId)
      .executeTakeFirstOrThrow();
    await item(3, 'Nyasar', null, foreign.id);
    const res = await get(MENU_ITEMS, `menu_id=${menuId}&dev=false&lang=false`);
    expect(res.status).toBe(200);
    const items = ((await res.json()) as { data: { items: MenuItemWire[] } }).data.items;
    expect(items.map((i) => [i.name, i.megaTemplateId])).toEqual([
      ['Draf', false],
      ['Halaman', false],
      ['Profil', templates.get('mega-profil')],
    ]);
  });

  test('an icon name staff stored that the icon set lacks is dropped: the item has no icon, the rest stay', async () => {
    const menuId = await insertMenu('uji-ikon');
    await insertItem({ menu_id: menuId, position: 0, title: 'Dikenal', icon: 'school' });
    await insertItem({ menu_id: menuId, position: 1, title: 'Asing', icon: 'no-such-icon' });
    await insertItem({ menu_id: menuId, position: 2, title: 'Jahil', icon: '../../package' });
    const res = await get(MENU_ITEMS, `menu_id=${menuId}&dev=false&lang=false`);
    expect(res.status).toBe(200);
    const items = ((await res.json()) as { data: { items: MenuItemWire[] } }).data.items;
    expect(items.map((i) => [i.name, i.itemIcon])).toEqual([
      ['Dikenal', menuIconSvg('school')],
      ['Asing', false],
      ['Jahil', false],
    ]);
    const menu = await loadMenu(conn.db, { id: menuId });
    expect(menu?.items.map((i) => [i.itemIcon, i.iconSvg])).toEqual([
      ['school', menuIconSvg('school')],
      [null, null],
      [null, null],
    ]);
  });

  test('the menu is read with its own settings, as stored', async () => {
    const menu = await loadMenu(conn.db, { location: 'main' });
    const row = await conn.db
      .selectFrom('menu')
      .select('settings')
      .where('id', '=', mainMenuId)
      .executeTakeFirstOrThrow();
    expect(menu?.id).toBe(mainMenuId);
    expect(menu?.settings).toEqual(parseMenuSettings('utama', row.settings));
    expect(menu?.settings.mobile).toMatchObject({ menuLayout: 'slide-out', menuPosition: 'right' });
    expect(await loadMenu(conn.db, { location: 'nowhere' })).toBeNull();
  });

  test('the database refuses menu settings that are not a JSON object, and unknown mega content types', async () => {
    for (const settings of ['[]', 'nope', '"slide-out"']) {
      await expect(
        conn.db
          .insertInto('menu')
          .values({ slug: `uji-${settings.length}`, name: 'Uji', location: null, settings })
          .execute(),
        settings,
      ).rejects.toThrow();
    }
    await expect(
      insertItem({ menu_id: mainMenuId, position: 99, title: 'Uji', mega_content_type: 'vue' }),
    ).rejects.toThrow();
  });

  test('answers are copies of a few seconds: an edit shows once they expire', async () => {
    const menuId = await insertMenu('uji-salinan');
    const itemId = await insertItem({ menu_id: menuId, position: 0, title: 'Lama' });
    const name = async () => {
      const res = await get(MENU_ITEMS, `menu_id=${menuId}&dev=false&lang=false`);
      return ((await res.json()) as { data: { items: MenuItemWire[] } }).data.items[0]?.name;
    };
    expect(await name()).toBe('Lama');
    await conn.db.updateTable('menu_item').set({ title: 'Baru' }).where('id', '=', itemId).execute();
    expect(await name()).toBe('Lama');
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 6_000);
    expect(await name()).toBe('Baru');
  });

  // -- calls 3 and 16 ----------------------------------------------------------------------------

  test('call 3: the "Profil" mega template comes bare, with its text, three links and picture', async () => {
    const id = templates.get('mega-profil');
    const nonce = await restNonce();
    const res = await get(ELEMENTOR_TEMPLATE, `id=${id}&dev=false`, { 'X-WP-Nonce': nonce });
    expect(res.status).toBe(200);
    const body = (await res.json()) as TemplateAnswer;
    expect(Object.keys(body)).toEqual(['template_content', 'template_scripts', 'template_styles']);
    expect(body.template_scripts).toEqual({});
    expect(body.template_styles).toEqual({});
    const html = body.template_content;
    expect(html).toMatch(new RegExp(`^<div class="elementor elementor-${id}" data-elementor-id="${id}">`));
    expect(html).toContain('SMP Tunas Bangsa</strong> mendampingi remaja Kota Tanjung Harapan sejak 1987');
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ['/profil/', 'Profil Sekolah'],
      ['/visi-misi/', 'Visi &amp; Misi'],
      ['/guru-staf/', 'Guru &amp; Staf'],
      ['/video/', 'Video Sekolah'],
    ]);
    const img = /<img [^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toMatch(/ src="\/wp-content\/uploads\/2024\/07\/profil-sejarah-sekolah-\d+w\.jpg"/);
    expect(img).toMatch(/ width="\d+" height="\d+"/);
    expect(img).toContain('alt="Halaman sekolah saat upacara bendera hari Senin"');
    expect(html).toContain('<figcaption>Upacara bendera hari Senin di lapangan sekolah.</figcaption>');
    expectClean(html);

    // The blocks path (megaContentType `default`) and the v1 path answer the same template.
    for (const path of [BLOCKS_TEMPLATE, 'jet-menu-api/v1/elementor-template']) {
      const other = await get(path, `id=${id}&dev=false`, { 'X-WP-Nonce': nonce });
      expect(other.status, path).toBe(200);
      expect(await other.json(), path).toEqual(body);
    }
  });

  test('call 16: the hamburger panel with the nonce of call 13, a stale nonce or none', async () => {
    const id = templates.get('panel-hamburger');
    const query = `id=${id}&dev=false&cachedTemplate=true`;
    const fresh = await get(HAMBURGER_TEMPLATE, query, { 'X-WP-Nonce': await restNonce() });
    expect(fresh.status).toBe(200);
    const body = (await fresh.json()) as TemplateAnswer;
    expect(body.template_content).toContain('Berita, kegiatan, dan foto yang Anda simpan akan tampil di panel ini.');
    expect(body.template_scripts).toEqual({});
    expect(body.template_styles).toEqual({});
    expectClean(body.template_content);
    // JetBlocks never refreshes its page-baked nonce: on a day-old cached page it is stale, and a
    // read must still answer (original-wire.md §1, §9.6). No nonce at all: the same.
    const variants: Array<Record<string, string>> = [
      { 'X-WP-Nonce': staleNonce() },
      { 'X-WP-Nonce': 'not-a-nonce' },
      {},
    ];
    for (const headers of variants) {
      const res = await get(HAMBURGER_TEMPLATE, query, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await res.json()).toEqual(body);
    }
  });

  test("a template's HTML is the site's own sanitized content", async () => {
    const id = await insertTemplate(
      'publish',
      '<p onclick="alert(1)">Halo <script>alert(2)</script><a href="javascript:alert(3)">tautan</a></p>' +
        '<img src="x" onerror="alert(4)"><iframe src="https://evil.example/"></iframe><style>body{display:none}</style>' +
        '<a href="/berita/" target="_blank">Berita</a>',
    );
    const res = await get(ELEMENTOR_TEMPLATE, `id=${id}&dev=false`);
    expect(res.status).toBe(200);
    const html = ((await res.json()) as TemplateAnswer).template_content;
    expect(html).toContain('Halo');
    expect(html).toContain('href="/berita/"');
    expectClean(html);
    expect(html).not.toContain('iframe');
    expect(html).not.toContain('<style');
  });

  test('bad template ids answer 4xx with a clear message, never 500', async () => {
    const draft = await insertTemplate('draft', '<p>Draf</p>');
    const page = await conn.db.selectFrom('post').select('id').where('slug', '=', 'beranda').executeTakeFirstOrThrow();
    const news = await conn.db.selectFrom('post').select('id').where('type', '=', 'post').executeTakeFirstOrThrow();
    const cases: Refusal[] = [
      ['id=999999&dev=false', 404, 'template_not_found', 'No published template has the id 999999.'],
      [`id=${draft}&dev=false`, 404, 'template_not_found', `No published template has the id ${draft}.`],
      [`id=${page.id}&dev=false`, 404, 'not_a_template', `Post ${page.id} is not a template.`],
      [`id=${news.id}&dev=false`, 404, 'not_a_template', `Post ${news.id} is not a template.`],
      ['id=abc&dev=false', 400, 'invalid_request', 'id: a template id is a positive whole number'],
      ['id=0&dev=false', 400, 'invalid_request', 'id: a template id is a positive whole number'],
      ['id=-1', 400, 'invalid_request', 'id: a template id is a positive whole number'],
      ['id=12abc', 400, 'invalid_request', 'id: a template id is a positive whole number'],
      ['id=', 400, 'invalid_request', 'id: a template id is a positive whole number'],
      ['dev=false', 400, 'invalid_request', 'id: a template id is a positive whole number'],
      ['id%5B%5D=1&id%5B%5D=2', 400, 'invalid_request', 'id: a template id is a positive whole number'],
    ];
    for (const path of [ELEMENTOR_TEMPLATE, BLOCKS_TEMPLATE, HAMBURGER_TEMPLATE]) await expectRefusals(path, cases);
  });

  /** Each query answers its status with the WordPress REST error shape and its message. */
  async function expectRefusals(path: string, cases: Refusal[]) {
    for (const [query, status, code, message] of cases) {
      const res = await get(path, query);
      expect(res.status, `${path}?${query}`).toBe(status);
      expect(await res.json(), `${path}?${query}`).toEqual({ code, message, data: { status } });
    }
  }

  /** A menu of a test's own (its own cache entry), with the default settings. */
  async function insertMenu(slug: string): Promise<number> {
    const row = await conn.db
      .insertInto('menu')
      .values({ slug, name: 'Uji', location: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A menu item: a link to / unless told otherwise. */
  async function insertItem(
    values: Pick<Insertable<MenuItemTable>, 'menu_id' | 'position' | 'title'> & Partial<Insertable<MenuItemTable>>,
  ): Promise<number> {
    const row = await conn.db
      .insertInto('menu_item')
      .values({
        parent_id: null,
        url: '/',
        target: null,
        icon: null,
        badge: null,
        description: null,
        mega_template_id: null,
        classes: '',
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A template row of its own (a text widget holding `html`), as staff would store it. */
  async function insertTemplate(status: 'publish' | 'draft', html: string): Promise<number> {
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const { id } = await conn.db
      .insertInto('post')
      .values({
        type: 'template',
        status,
        slug: `uji-${stamp}`,
        title: 'Uji',
        excerpt: '',
        content: '',
        tree: JSON.stringify([
          {
            id: 'ujisec',
            type: 'section',
            settings: {},
            children: [
              {
                id: 'ujicol',
                type: 'column',
                settings: {},
                children: [{ id: 'ujitxt', type: 'widget', widget: 'text-editor', settings: { html }, children: [] }],
              },
            ],
          },
        ]),
        parent_id: null,
        author_id: null,
        featured_media_id: null,
        published_at: new Date().toISOString(),
        modified_at: new Date().toISOString(),
        menu_order: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
});

/** A visitor's nonce from two days ago (a page cached that long): well formed, no longer valid. */
function staleNonce(): string {
  return createNonce(SECRET, '0', REST_NONCE_ACTION, Date.now() - 4 * NONCE_WINDOW_MS);
}

/** Nothing a browser would run: no script, no inline handler, no javascript: URL. */
function expectClean(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
}
