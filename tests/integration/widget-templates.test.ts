import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { restRoutes } from '~/calls.server';
import { findContent } from '~/content/content.server';
import { parseTree } from '~/content/tree.server';
import type { Connection } from '~/db/connection.server';
import { recordChange } from '~/lib/content-version.server';
import { renderTreeHtml } from '~/pages/render.server';
import { loadTree } from '~/pages/tree.server';
import { dispatchRest } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';

/**
 * Issue 22: the tabs' template call (`GET /wp-json/jet-tabs-api/v1/elementor-template?id&dev`, as the
 * original JetTabs client sends it: no nonce header, original-wire.md §7) and the seeded tabs, accordion
 * and switcher as the server renders them into /profil/ and /ppdb/. Bad ids get a 4xx with a message,
 * never a 500.
 */

const ORIGIN = 'http://school.test';
const TABS_TEMPLATE = 'jet-tabs-api/v1/elementor-template';
/** jQuery.ajax's headers for a GET with `dataType: 'json'`. */
const JQUERY = { accept: 'application/json, text/javascript, */*; q=0.01', 'x-requested-with': 'XMLHttpRequest' };

describe.each(DIALECTS)('tab templates on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  const ids = new Map<string, number>();

  const get = (query: string) =>
    dispatchRest(
      new Request(`${ORIGIN}/wp-json/${TABS_TEMPLATE}?${query}`, { headers: JQUERY }),
      appContext(conn),
      restRoutes,
      TABS_TEMPLATE,
    );

  /** A seeded page's tree rendered as the page route renders it, for an address. */
  const renderPage = async (slug: string, address: string) => {
    const row = await findContent(conn.db, slug);
    if (!row?.tree) throw new Error(`no page ${slug}`);
    const loaded = await loadTree(parseTree(row.tree), {
      db: conn.db,
      dialect: conn.dialect,
      postId: row.id,
      page: 1,
      basePath: `/${slug}/`,
      url: new URL(address, ORIGIN),
      serverHtml: null,
    });
    return renderTreeHtml(loaded.tree, loaded.props, null);
  };

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    const rows = await conn.db.selectFrom('post').select(['id', 'slug', 'type']).execute();
    for (const r of rows) ids.set(`${r.type}:${r.slug}`, r.id);
  });
  afterAll(() => dispose());

  test('a tab template answers the bare triple, no scripts or styles of its own', async () => {
    const id = ids.get('template:tab-visi-misi');
    const res = await get(`id=${id}&dev=false`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['template_content', 'template_scripts', 'template_styles']);
    expect(body.template_content).toContain(`data-elementor-id="${id}"`);
    expect(body.template_content).toContain('Terwujudnya pelajar yang beriman dan bertakwa');
    expect(body.template_scripts).toEqual({});
    expect(body.template_styles).toEqual({});
  });

  test('a template holding tabs answers them as server HTML for the browser to enhance', async () => {
    const res = await get(`id=${ids.get('template:tab-fasilitas')}&dev=true`);
    expect(res.status).toBe(200);
    const { template_content: html } = (await res.json()) as { template_content: string };
    expect(html).toContain('data-behaviour="tabs"');
    // Every nested panel is in the HTML; the ones not shown first are hidden until found.
    expect(html).toMatch(/<section id="fasilitas-belajar"[^>]*>/);
    expect(html).toMatch(/<section id="fasilitas-olahraga"[^>]*hidden="until-found"/);
    expect(html).toContain('Aula berkapasitas 400 orang');
  });

  test.each([
    ['a page, not a template', () => `id=${ids.get('page:profil')}&dev=false`, 404, /is not a template/],
    ['an unknown id', () => 'id=987654&dev=false', 404, /No published template/],
    ['letters', () => 'id=abc&dev=false', 400, /positive whole number/],
    ['zero', () => 'id=0&dev=false', 400, /positive whole number/],
    ['a negative id', () => 'id=-3&dev=false', 400, /positive whole number/],
    ['an exponent', () => 'id=1e3&dev=false', 400, /positive whole number/],
    ['too many digits', () => 'id=12345678901234&dev=false', 400, /positive whole number/],
    ['no id', () => 'dev=false', 400, /./],
    ['a long dev flag', () => `id=${ids.get('template:tab-profil')}&dev=${'x'.repeat(50)}`, 400, /./],
  ])('%s: %s with a message, never a 500', async (_, query, status, message) => {
    const res = await get(query());
    expect(res.status).toBe(status);
    // WordPress's REST error envelope: a stable code, the message, the status.
    const body = (await res.json()) as { code: string; message: string; data: { status: number } };
    expect(body.code).toMatch(/^[a-z_]+$/);
    expect(body.message).toMatch(message);
    expect(body.data.status).toBe(status);
  });

  test('a draft template is answered as if it did not exist, and its tab panel is left empty', async () => {
    const id = ids.get('template:tab-fasilitas') as number;
    const setStatus = async (status: 'draft' | 'publish') => {
      await conn.db.updateTable('post').set({ status }).where('id', '=', id).execute();
      // As the staff area does: a public change ends the remembered templates.
      const user = await conn.db.selectFrom('app_user').select('id').executeTakeFirstOrThrow();
      await recordChange(conn.db, {
        userId: user.id,
        action: `post.${status}`,
        subjectType: 'post',
        subjectId: id,
        public: true,
      });
    };
    await setStatus('draft');
    try {
      const res = await get(`id=${id}&dev=false`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toMatch(/No published template/);
      const html = await renderPage('profil', '/profil/?tab=tab-fasilitas');
      expect(html).not.toContain('Aula berkapasitas 400 orang');
      expect(html).not.toContain(`data-template-id="${id}"`);
    } finally {
      await setStatus('publish');
    }
  });

  test('/profil/: the first tab’s template is in the page, the others are links the server answers', async () => {
    const html = await renderPage('profil', '/profil/');
    expect(html).toContain('data-behaviour="tabs"');
    // The first panel is rendered by the template renderer, shown.
    expect(html).toMatch(
      /<section id="tab-profil" class="toggle-tabs__panel"[^>]*data-key="tab-profil"><div class="toggle-content"><div class="elementor elementor-\d+"/,
    );
    expect(html).toContain('Dra. Hj. Ratna Wulandari');
    // The others wait for the browser, each with a link that asks the server for it.
    expect(html).toContain(`data-template-id="${ids.get('template:tab-visi-misi')}"`);
    expect(html).toContain('href="?tab=tab-visi-misi#tab-visi-misi"');
    expect(html).toMatch(/<section id="tab-fasilitas"[^>]*hidden="until-found"/);
    expect(html).not.toContain('Aula berkapasitas 400 orang');

    const asked = await renderPage('profil', '/profil/?tab=tab-fasilitas');
    expect(asked).toContain('Aula berkapasitas 400 orang');
    expect(asked).toMatch(/<section id="tab-fasilitas"(?![^>]*hidden)[^>]*>/);
    expect(asked).toMatch(/<section id="tab-profil"[^>]*hidden="until-found"/);
    expect(asked).toMatch(/<a class="toggle-tabs__tab" href="#tab-fasilitas" aria-current="true"/);
    // A junk ?tab= is no tab: the first one shows.
    expect(await renderPage('profil', '/profil/?tab=%3Cscript%3E')).toContain('Dra. Hj. Ratna Wulandari');
  });

  test('/ppdb/: every FAQ answer is in the page; the collapsible steps share a name, the first open', async () => {
    const html = await renderPage('ppdb', '/ppdb/');
    for (const id of ['faq-biaya', 'faq-jalur', 'faq-dokumen', 'faq-jadwal', 'faq-zonasi', 'faq-seragam']) {
      expect(html).toMatch(new RegExp(`<details id="${id}" class="toggle-accordion__item">`));
    }
    expect(html).toContain('Pendaftaran tidak dipungut biaya. Uang pangkal');
    expect(html).toMatch(
      /<details id="alur-daftar" class="toggle-accordion__item" name="accordion-tbpp0alur" open="">/,
    );
    expect(html).toMatch(/<details id="alur-berkas" class="toggle-accordion__item" name="accordion-tbpp0alur">/);
    // The switcher: both tracks in the page, the regular one chosen.
    expect(html).toMatch(/<input type="radio" name="switcher-tbpp0sw" checked="" value="disable"/);
    expect(html).toContain('Kuotanya 64 kursi');
    // ?tab= opens a toggle too.
    expect(await renderPage('ppdb', '/ppdb/?tab=faq-zonasi')).toMatch(
      /<details id="faq-zonasi" class="toggle-accordion__item" open="">/,
    );
  });
});
