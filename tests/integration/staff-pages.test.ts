import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Element } from '~/content/tree';
import type { Connection } from '~/db/connection.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { signInRoles } from '../support/users';

/**
 * Issue 14 "Pages": staff edit a page's element tree at /admin/halaman/ in a draft; the public page
 * (kept in the page cache here) does not change until the draft is published, then at once. The
 * preview renders the draft as the public page would, for staff only. Every change carries the CSRF
 * token and the tree's version; bad settings are refused with 400 and change nothing.
 */

afterAll(() => closeAppBuild());

const PUBLIC = '/visi-misi/';

describe.each(DIALECTS)('the page editor on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  let pageId = 0;
  const cookies: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn, { pageCacheMs: 60_000 });
    await signInRoles(conn.db, 'pages', ['editor', 'author'], { cookies, tokens });
    pageId = (await conn.db.selectFrom('post').select('id').where('slug', '=', 'visi-misi').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const { open, post } = staffRequests(() => site, cookies);
  const has = (text: string, part: string) => text.includes(part);
  const editor = () => `/admin/halaman/${pageId}/`;
  const stored = () =>
    conn.db
      .selectFrom('post')
      .select(['tree', 'draft_tree', 'tree_version', 'content'])
      .where('id', '=', pageId)
      .executeTakeFirstOrThrow();
  const version = async () => String((await stored()).tree_version);
  const find = (json: string | null, id: string): Element | undefined => {
    const walk = (els: Element[]): Element | undefined => {
      for (const el of els) {
        if (el.id === id) return el;
        const inside = walk(el.children);
        if (inside) return inside;
      }
      return undefined;
    };
    return json ? walk(JSON.parse(json)) : undefined;
  };
  const heading = { 's.title': 'Visi Sekolah Kami', 's.level': '2', 's.align': 'left', 's.link': '' };

  test('only staff with the pages capability open the screens or change anything', async () => {
    expect((await open('/admin/halaman/')).headers.location).toBe('/masuk/?redirect_to=%2Fadmin%2Fhalaman%2F');
    for (const path of [
      '/admin/halaman/',
      editor(),
      `${editor()}elemen/vm1h1/`,
      `${editor()}elemen/vm1h1/hapus/`,
      `${editor()}widget-baru/?kolom=vm1c1&jenis=heading`,
      `${editor()}buang-draf/`,
      `${editor()}pratinjau/`,
    ]) {
      expect((await open(path, 'author')).status, path).toBe(403);
    }
    const before = await stored();
    const token = tokens.author as string;
    expect((await post(`${editor()}elemen/vm1h1/`, 'author', { ...heading, versi: '0', _token: token })).status).toBe(
      403,
    );
    expect((await post(editor(), 'author', { aksi: 'tambah-bagian', versi: '0', _token: token })).status).toBe(403);
    expect(await stored()).toEqual(before);
    // The first request of the file compiles the app (Vite): on a busy machine that takes a while.
  }, 120_000);

  test('the list shows pages and templates, with a search by title and a type filter', async () => {
    const idOf = async (slug: string) =>
      (await conn.db.selectFrom('post').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    const link = (id: number) => `href="/admin/halaman/${id}/"`;
    const [kontak, footer] = [await idOf('kontak'), await idOf('footer')];
    const list = await open('/admin/halaman/', 'editor');
    expect(list.status).toBe(200);
    expect(has(list.text, link(pageId))).toBe(true);
    expect(has(list.text, link(footer))).toBe(true);
    const found = await open('/admin/halaman/?q=VISI', 'editor');
    expect(has(found.text, link(pageId))).toBe(true);
    expect(has(found.text, link(kontak))).toBe(false);
    const templates = await open('/admin/halaman/?jenis=templat', 'editor');
    expect(has(templates.text, link(footer))).toBe(true);
    expect(has(templates.text, link(pageId))).toBe(false);
    // A search with LIKE's wildcards finds them as letters; a page past the end shows the last.
    expect((await open('/admin/halaman/?q=%25_', 'editor')).status).toBe(200);
    expect((await open('/admin/halaman/?halaman=99', 'editor')).status).toBe(200);
    expect((await open('/admin/halaman/abc/', 'editor')).status).toBe(404);
    expect((await open('/admin/halaman/999999/', 'editor')).status).toBe(404);
    // A news post is no page.
    const news = await conn.db.selectFrom('post').select('id').where('type', '=', 'post').executeTakeFirstOrThrow();
    expect((await open(`/admin/halaman/${news.id}/`, 'editor')).status).toBe(404);
  });

  test('a heading edited in the draft: public page unchanged, preview shows it, publish shows it at once', async () => {
    const publicBefore = await open(PUBLIC);
    expect(publicBefore.status).toBe(200);
    expect(has(publicBefore.text, '>Visi</h2>')).toBe(true);
    // The public page in the cache (kept once the cache's switch, read again after a change, answered).
    const renderOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
    let cachedRender: string | undefined;
    await vi.waitFor(async () => {
      cachedRender = renderOf((await open(PUBLIC)).text);
      expect(renderOf((await open(PUBLIC)).text)).toBe(cachedRender);
    });

    const form = await open(`${editor()}elemen/vm1h1/`, 'editor');
    expect(form.status).toBe(200);
    expect(has(form.text, 'value="Visi"')).toBe(true);
    const v = await version();
    // Without the token nothing is stored.
    expect((await post(`${editor()}elemen/vm1h1/`, 'editor', { ...heading, versi: v })).status).toBe(403);
    expect(await version()).toBe(v);

    const saved = await post(`${editor()}elemen/vm1h1/`, 'editor', {
      ...heading,
      versi: v,
      _token: tokens.editor as string,
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe(`${editor()}?selesai=disimpan&elemen=vm1h1#el-vm1h1`);
    const draft = await stored();
    expect(find(draft.draft_tree, 'vm1h1')?.settings).toMatchObject({ title: 'Visi Sekolah Kami', level: 2 });
    expect(find(draft.tree, 'vm1h1')?.settings).toMatchObject({ title: 'Visi' });
    const back = await open(saved.headers.location as string, 'editor');
    expect(has(back.text, 'Pengaturan “Judul: Visi Sekolah Kami” disimpan di draf.')).toBe(true);
    expect(has(back.text, 'Ada perubahan yang belum diterbitkan')).toBe(true);

    // The draft's change is audited, and the public does not see it: the cached page stays (issue 21).
    const draftLog = await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(draftLog).toMatchObject({ action: 'page.draft', subject_id: pageId, public: 0 });
    const publicDraft = await open(PUBLIC);
    expect(renderOf(publicDraft.text)).toBe(cachedRender);
    expect(has(publicDraft.text, 'Visi Sekolah Kami')).toBe(false);
    expect(has(publicDraft.text, '>Visi</h2>')).toBe(true);

    // The preview: the draft in the public frame, for staff only, never stored or indexed.
    const preview = await open(`${editor()}pratinjau/`, 'editor');
    expect(preview.status).toBe(200);
    expect(has(preview.text, '>Visi Sekolah Kami</h2>')).toBe(true);
    expect(has(preview.text, 'class="site-header"')).toBe(true);
    expect(has(preview.text, 'noindex')).toBe(true);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await open(`${editor()}pratinjau/`)).status).toBe(302);

    const published = await post(editor(), 'editor', {
      aksi: 'terbitkan',
      versi: await version(),
      _token: tokens.editor as string,
    });
    expect(published.status).toBe(302);
    expect(published.headers.location).toBe(`${editor()}?selesai=terbit`);
    const after = await stored();
    expect(after.draft_tree).toBeNull();
    expect(find(after.tree, 'vm1h1')?.settings).toMatchObject({ title: 'Visi Sekolah Kami' });
    expect(has(after.content, '<h2>Visi Sekolah Kami</h2>')).toBe(true);
    expect(has((await open(PUBLIC)).text, '>Visi Sekolah Kami</h2>')).toBe(true);
    const revision = await conn.db
      .selectFrom('post_revision')
      .select(['tree', 'title'])
      .where('post_id', '=', pageId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(find(revision.tree, 'vm1h1')?.settings).toMatchObject({ title: 'Visi' });
    const log = await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'page.publish', subject_type: 'post', subject_id: pageId, public: 1 });
    // Nothing left to publish.
    const again = await post(editor(), 'editor', {
      aksi: 'terbitkan',
      versi: await version(),
      _token: tokens.editor as string,
    });
    expect(again.status).toBe(400);
  });

  test('invalid settings: 400, messages next to their fields, what was typed kept, nothing saved', async () => {
    const before = await stored();
    const cases: Array<[Record<string, string>, string]> = [
      [{ 's.title': '' }, 'Wajib diisi.'],
      [{ 's.level': '9' }, 'Paling besar 6.'],
      [{ 's.level': 'dua' }, 'Isi dengan angka.'],
      [{ 's.align': 'diagonal' }, 'Pilih salah satu pilihan yang ada.'],
      [{ 's.title': 'x'.repeat(301) }, 'Paling panjang 300 karakter.'],
    ];
    for (const [change, message] of cases) {
      const answer = await post(`${editor()}elemen/vm1h1/`, 'editor', {
        ...heading,
        's.link': '/tautan-saya/',
        ...change,
        versi: String(before.tree_version),
        _token: tokens.editor as string,
      });
      expect(answer.status, message).toBe(400);
      expect(has(answer.text, message), message).toBe(true);
      expect(has(answer.text, 'aria-invalid="true"'), message).toBe(true);
      expect(has(answer.text, 'value="/tautan-saya/"'), message).toBe(true);
    }
    expect(await stored()).toEqual(before);
    // A form without its version, or an unknown element or action: 400 / 404, never a 500.
    expect(
      (await post(`${editor()}elemen/vm1h1/`, 'editor', { ...heading, _token: tokens.editor as string })).status,
    ).toBe(400);
    expect((await open(`${editor()}elemen/tidak-ada/`, 'editor')).status).toBe(404);
    expect(
      (await post(editor(), 'editor', { aksi: 'lompat', elemen: 'vm1h1', versi: '1', _token: tokens.editor as string }))
        .status,
    ).toBe(400);
    expect(
      (await open(`${editor()}widget-baru/?kolom=vm1sec&jenis=heading`, 'editor')).status,
      'a widget goes into a column only',
    ).toBe(404);
    expect((await open(`${editor()}widget-baru/?kolom=vm1c1&jenis=marquee`, 'editor')).status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  test('a widget link that is no site path, http(s), mailto or tel: 400 with the field’s message, nothing saved', async () => {
    const before = await stored();
    const button = {
      kolom: 'vm1c1',
      jenis: 'button',
      's.text': 'Daftar',
      's.variant': 'primary',
      's.align': 'left',
      versi: String(before.tree_version),
      _token: tokens.editor as string,
    };
    const scheme = 'diawali http:// atau https://, mailto: atau tel:';
    for (const [url, message] of [
      ['data:text/html,<script>alert(1)</script>', scheme],
      ['javascript:alert(1)', scheme],
      ['JaVaScRiPt:alert(1)', scheme],
      ['java script:alert(1)', 'tidak boleh berisi spasi'],
      ['//jahat.example/', 'diawali satu garis miring'],
    ] as Array<[string, string]>) {
      const answer = await post(`${editor()}widget-baru/?kolom=vm1c1&jenis=button`, 'editor', {
        ...button,
        's.url': url,
      });
      expect(answer.status, url).toBe(400);
      expect(has(answer.text, message), url).toBe(true);
      expect(has(answer.text, 'aria-invalid="true"'), url).toBe(true);
    }
    const linkedHeading = await post(`${editor()}elemen/vm1h1/`, 'editor', {
      ...heading,
      's.link': 'javascript:alert(1)',
      versi: String(before.tree_version),
      _token: tokens.editor as string,
    });
    expect(linkedHeading.status).toBe(400);
    expect(has(linkedHeading.text, scheme)).toBe(true);
    expect(await stored()).toEqual(before);
  });

  test('a stored widget link with a script scheme is dropped when the page is read: no href, no 500', async () => {
    const kontak = await conn.db.selectFrom('post').select('id').where('slug', '=', 'kontak').executeTakeFirstOrThrow();
    const widget = (id: string, name: string, settings: Record<string, unknown>): Element => ({
      id,
      type: 'widget',
      widget: name,
      settings,
      children: [],
    });
    const tree: Element[] = [
      {
        id: 'ks1',
        type: 'section',
        settings: {},
        children: [
          {
            id: 'kc1',
            type: 'column',
            settings: {},
            children: [
              widget('kb1', 'button', { text: 'Daftar sekarang', url: 'data:text/html,<script>alert(1)</script>' }),
              widget('kh1', 'heading', { title: 'Hubungi kami', link: 'JaVaScRiPt:alert(1)' }),
              widget('kb2', 'button', { text: 'Surel sekolah', url: 'mailto:info@contoh.sch.id' }),
            ],
          },
        ],
      },
    ];
    await conn.db
      .updateTable('post')
      .set({ tree: JSON.stringify(tree) })
      .where('id', '=', kontak.id)
      .execute();
    const page = await open('/kontak/');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<a class="button button--primary">Daftar sekarang<\/a>/);
    expect(has(page.text, '>Hubungi kami</h2>')).toBe(true);
    expect(has(page.text, 'href="mailto:info@contoh.sch.id"')).toBe(true);
    expect(page.text).not.toMatch(/href="(data|javascript):/i);
  });

  test('HTML with a script in a text widget is stored and previewed sanitized', async () => {
    const answer = await post(`${editor()}elemen/vm1t1/`, 'editor', {
      's.html':
        '<p>Halo <a href="javascript:alert(1)">tautan</a></p><script>alert(1)</script><img src="/x.png" onerror="alert(2)">',
      versi: await version(),
      _token: tokens.editor as string,
    });
    expect(answer.status).toBe(302);
    const html = String(find((await stored()).draft_tree, 'vm1t1')?.settings.html);
    expect(html).toBe('<p>Halo <a>tautan</a></p><img src="/x.png" />');
    const preview = await open(`${editor()}pratinjau/`, 'editor');
    expect(has(preview.text, '<p>Halo <a>tautan</a></p>')).toBe(true);
    expect(has(preview.text, 'alert(')).toBe(false);
  });

  test('a stale form: 409, the typed values kept, the other editor’s change not overwritten', async () => {
    const stale = await version();
    const moved = await post(editor(), 'editor', {
      aksi: 'turun',
      elemen: 'vm1h1',
      versi: stale,
      _token: tokens.editor as string,
    });
    expect(moved.status).toBe(302);
    const before = await stored();
    expect(
      find(before.draft_tree, 'vm1c1')
        ?.children.map((c) => c.id)
        .slice(0, 2),
    ).toEqual(['vm1t1', 'vm1h1']);

    const second = await post(`${editor()}elemen/vm1h1/`, 'editor', {
      ...heading,
      's.title': 'Judul yang terlambat',
      versi: stale,
      _token: tokens.editor as string,
    });
    expect(second.status).toBe(409);
    expect(has(second.text, 'telah diubah orang lain')).toBe(true);
    expect(has(second.text, 'value="Judul yang terlambat"')).toBe(true);
    const move = await post(editor(), 'editor', {
      aksi: 'naik',
      elemen: 'vm1h1',
      versi: stale,
      _token: tokens.editor as string,
    });
    expect(move.status).toBe(409);
    expect(await stored()).toEqual(before);
  });

  test('add a widget to a column, a section, a column; remove one; discard the draft', async () => {
    const form = await open(`${editor()}widget-baru/?kolom=vm1c1&jenis=heading`, 'editor');
    expect(form.status).toBe(200);
    expect(has(form.text, 'Widget baru: Judul')).toBe(true);
    // An image is chosen from the media library's thumbnails, a menu from the site's menus.
    const image = await conn.db
      .selectFrom('media')
      .select(['id', 'alt'])
      .where('status', '=', 'ready')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const imageForm = await open(`${editor()}widget-baru/?kolom=vm1c1&jenis=image`, 'editor');
    expect(imageForm.text).toMatch(new RegExp(`type="radio"[^>]* name="s.mediaId" value="${image.id}"`));
    expect(imageForm.text).toContain(`<span>${image.alt}</span>`);
    const menu = await conn.db.selectFrom('menu').select(['slug', 'name']).executeTakeFirstOrThrow();
    const menuForm = await open(`${editor()}widget-baru/?kolom=vm1c1&jenis=nav-menu`, 'editor');
    expect(menuForm.text).toContain(`<option value="${menu.slug}">${menu.name} (${menu.slug})</option>`);
    const fields = {
      kolom: 'vm1c1',
      jenis: 'heading',
      's.title': 'Tujuan',
      's.level': '3',
      _token: tokens.editor as string,
    };
    const refused = await post(`${editor()}widget-baru/`, 'editor', {
      ...fields,
      's.title': '',
      versi: await version(),
    });
    expect(refused.status).toBe(400);
    const added = await post(`${editor()}widget-baru/`, 'editor', { ...fields, versi: await version() });
    expect(added.status).toBe(302);
    const newId = /elemen=([0-9a-f]{8})/.exec(added.headers.location ?? '')?.[1] as string;
    expect(find((await stored()).draft_tree, 'vm1c1')?.children.at(-1)).toMatchObject({
      id: newId,
      widget: 'heading',
      settings: { title: 'Tujuan', level: 3 },
    });

    const section = await post(editor(), 'editor', {
      aksi: 'tambah-bagian',
      versi: await version(),
      _token: tokens.editor as string,
    });
    expect(section.status).toBe(302);
    const tree = JSON.parse((await stored()).draft_tree as string) as Element[];
    expect(tree.at(-1)).toMatchObject({ type: 'section', children: [{ type: 'column', children: [] }] });
    const column = await post(editor(), 'editor', {
      aksi: 'tambah-kolom',
      elemen: tree.at(-1)?.id as string,
      versi: await version(),
      _token: tokens.editor as string,
    });
    expect(column.status).toBe(302);

    const ask = await open(`${editor()}elemen/${newId}/hapus/`, 'editor');
    expect(ask.status).toBe(200);
    expect(has(ask.text, 'Ya, hapus')).toBe(true);
    const removed = await post(`${editor()}elemen/${newId}/hapus/`, 'editor', {
      versi: await version(),
      _token: tokens.editor as string,
    });
    expect(removed.status).toBe(302);
    expect(find((await stored()).draft_tree, newId)).toBeUndefined();

    const discarded = await post(`${editor()}buang-draf/`, 'editor', {
      versi: await version(),
      _token: tokens.editor as string,
    });
    expect(discarded.status).toBe(302);
    expect((await stored()).draft_tree).toBeNull();
    const staleDiscard = await post(`${editor()}buang-draf/`, 'editor', {
      versi: '0',
      _token: tokens.editor as string,
    });
    expect(staleDiscard.status).toBe(409);
  });

  test('a published version is taken back as the draft: the public page waits for its publishing', async () => {
    // The heading test published "Visi Sekolah Kami" over "Visi": that replaced tree is a revision.
    const screen = await open(editor(), 'editor');
    expect(has(screen.text, 'Versi sebelumnya')).toBe(true);
    const revisions = await conn.db
      .selectFrom('post_revision')
      .select(['id', 'tree'])
      .where('post_id', '=', pageId)
      .where('tree', 'is not', null)
      .orderBy('id', 'desc')
      .execute();
    const old = revisions.find((r) => find(r.tree, 'vm1h1')?.settings.title === 'Visi');
    expect(old).toBeDefined();
    expect(has(screen.text, `name="revisi" value="${old?.id}"`)).toBe(true);

    // Another page's revision, a stale version and junk change nothing.
    const otherPage = await conn.db
      .selectFrom('post')
      .select('id')
      .where('type', '=', 'page')
      .where('id', '!=', pageId)
      .executeTakeFirstOrThrow();
    const before = await stored();
    const foreign = await conn.db
      .insertInto('post_revision')
      .values({
        post_id: otherPage.id,
        user_id: null,
        title: 'x',
        excerpt: '',
        content: '',
        tree: '[]',
        saved_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const restore = (revisi: string, versi: string) =>
      post(editor(), 'editor', { aksi: 'pulihkan', revisi, versi, _token: tokens.editor as string });
    expect((await restore(String(foreign.id), String(before.tree_version))).status).toBe(400);
    expect((await restore('abc', String(before.tree_version))).status).toBe(400);
    expect((await restore(String(old?.id), '0')).status).toBe(409);
    expect(await stored()).toEqual(before);

    const restored = await restore(String(old?.id), String(before.tree_version));
    expect(restored.status).toBe(302);
    expect(restored.headers.location).toBe(`${editor()}?selesai=dipulihkan`);
    const after = await stored();
    expect(find(after.draft_tree, 'vm1h1')?.settings).toMatchObject({ title: 'Visi' });
    expect(after.tree).toBe(before.tree);
    expect(has((await open(PUBLIC)).text, '>Visi Sekolah Kami</h2>')).toBe(true);
    const log = await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'page.restore', subject_type: 'post', subject_id: pageId });

    const published = await post(editor(), 'editor', {
      aksi: 'terbitkan',
      versi: String(after.tree_version),
      _token: tokens.editor as string,
    });
    expect(published.status).toBe(302);
    expect(has((await open(PUBLIC)).text, '>Visi</h2>')).toBe(true);
  });
});
