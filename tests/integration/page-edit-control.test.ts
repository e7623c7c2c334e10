import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Element } from '~/content/tree';
import type { Connection } from '~/db/connection.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { signInRoles } from '../support/users';

/**
 * Issue 22, the spec's edit mode: signed-in staff see "Ubah halaman" / "Ubah berita" on the public pages
 * and news posts their role may edit, linking to the staff editor; visitors never do, and the page cache
 * (on here) never keeps a page that has it. The preview outlines the element being edited. A settings
 * form's list of items is changed by its buttons without saving, and saved in its order.
 */

afterAll(() => closeAppBuild());

const CONTROL = /<p class="edit-control"><a class="button button--secondary" href="([^"]+)">(Ubah [a-z]+)<\/a><\/p>/g;
/** Every edit control of a page: its link and words. */
const controls = (html: string) => [...html.matchAll(CONTROL)].map((m) => `${m[2]} ${m[1]}`);
const renderOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];

describe.each(DIALECTS)('the edit control and the preview on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  const cookies: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const page = { id: 0, path: '/visi-misi/' };
  const front = { id: 0 };
  const own = { id: 0, path: '' };
  const others = { id: 0, path: '' };
  let footerId = 0;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn, { pageCacheMs: 60_000 });
    await signInRoles(conn.db, 'edit', ['administrator', 'editor', 'author', 'subscriber'], { cookies, tokens, ids });
    const idOf = async (slug: string) =>
      (await conn.db.selectFrom('post').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    page.id = await idOf('visi-misi');
    front.id = await idOf('beranda');
    footerId = await idOf('footer');
    const news = await conn.db
      .selectFrom('post')
      .select(['id', 'slug'])
      .where('type', '=', 'post')
      .where('status', '=', 'publish')
      .orderBy('id')
      .limit(2)
      .execute();
    const [a, b] = news as [{ id: number; slug: string }, { id: number; slug: string }];
    Object.assign(own, { id: a.id, path: `/${a.slug}/` });
    Object.assign(others, { id: b.id, path: `/${b.slug}/` });
    // The author wrote the first post; the editor the second.
    await conn.db.updateTable('post').set({ author_id: ids.author }).where('id', '=', a.id).execute();
    await conn.db.updateTable('post').set({ author_id: ids.editor }).where('id', '=', b.id).execute();
  }, 120_000);
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const { open, post } = staffRequests(() => site, cookies);

  test('each role sees the control where it may edit, with the right link; visitors never', async () => {
    const pageControl = `Ubah halaman /admin/halaman/${page.id}/`;
    const frontControl = `Ubah halaman /admin/halaman/${front.id}/`;
    const ownControl = `Ubah berita /admin/berita/${own.id}/`;
    const othersControl = `Ubah berita /admin/berita/${others.id}/`;
    const expected: Record<string, string[][]> = {
      administrator: [[pageControl], [frontControl], [ownControl], [othersControl]],
      editor: [[pageControl], [frontControl], [ownControl], [othersControl]],
      // An author edits their own news only.
      author: [[], [], [ownControl], []],
      subscriber: [[], [], [], []],
    };
    for (const [role, want] of Object.entries(expected)) {
      const got = [];
      for (const path of [page.path, '/', own.path, others.path]) {
        const answer = await open(path, role);
        expect(answer.status, `${role} ${path}`).toBe(200);
        // A signed-in user's page is theirs: no shared cache may keep it.
        expect(answer.headers['cache-control'], `${role} ${path}`).toBe('private, no-store');
        got.push(controls(answer.text));
      }
      expect(got, role).toEqual(want);
    }
    // The link opens the editor it names, for that user.
    expect((await open(`/admin/halaman/${page.id}/`, 'editor')).status).toBe(200);
    expect((await open(`/admin/berita/${own.id}/`, 'author')).status).toBe(200);
    expect((await open(`/admin/berita/${others.id}/`, 'author')).status).toBe(403);
  }, 120_000);

  test('a visitor’s page never has the control, and the cache does not keep a staff member’s page', async () => {
    for (const path of [page.path, '/', own.path]) {
      // The visitor's page is kept in the cache (the same render comes back) …
      let cached: string | undefined;
      await vi.waitFor(async () => {
        cached = renderOf((await open(path)).text);
        expect(renderOf((await open(path)).text)).toBe(cached);
      });
      // … staff between two visitors get their own render with the control …
      const staff = await open(path, 'editor');
      expect(controls(staff.text)).toHaveLength(1);
      expect(renderOf(staff.text)).not.toBe(cached);
      // … and the next visitor gets the cached visitor's page: no control.
      const visitor = await open(path);
      expect(renderOf(visitor.text), path).toBe(cached);
      expect(controls(visitor.text), path).toEqual([]);
      expect(visitor.text).not.toContain('edit-control');
      expect(visitor.headers['cache-control']).toBeUndefined();
    }
    // A client-side navigation's data carries the control only for staff.
    const data = (role?: string) => open(`${page.path.replace(/\/$/, '')}.data`, role);
    expect((await data()).text).not.toContain('edit-control');
    expect((await data('editor')).text).toContain('edit-control');
  });

  test('the preview outlines the element being edited, for staff only', async () => {
    const preview = (query: string, role?: string) => open(`/admin/halaman/${page.id}/pratinjau/${query}`, role);
    const outlined = await preview('?elemen=vm1h1', 'editor');
    expect(outlined.status).toBe(200);
    expect(outlined.headers['cache-control']).toBe('private, no-store');
    expect(outlined.text).toContain('<style>[data-id="vm1h1"]{outline:3px dashed var(--brand)');
    expect(outlined.text).toContain('data-id="vm1h1"');
    expect(outlined.text).toContain('Garis putus-putus menandai Judul yang sedang diubah.');
    expect(outlined.text).toContain(`href="/admin/halaman/${page.id}/elemen/vm1h1/"`);
    // The public page's own markup, in the public frame, with no edit control of its own.
    expect(outlined.text).toContain('class="site-header"');
    expect(controls(outlined.text)).toEqual([]);
    // An id the tree does not have, or that is no id, outlines nothing.
    for (const query of ['?elemen=nothere', '?elemen=%22%3E%3Cscript%3E', '']) {
      const answer = await preview(query, 'editor');
      expect(answer.status, query).toBe(200);
      expect(answer.text, query).not.toContain('<style>[data-id=');
      expect(answer.text, query).not.toContain('<script>"');
    }
    expect((await preview('?elemen=vm1h1', 'author')).status).toBe(403);
    expect((await preview('?elemen=vm1h1')).status).toBe(302);
  });

  test('a list of items: its buttons answer the form changed and save nothing; the save keeps the order', async () => {
    // The footer's subscribe form has a list of extra fields (name, label).
    const form = `/admin/halaman/${footerId}/elemen/ft0sub/`;
    const stored = () =>
      conn.db
        .selectFrom('post')
        .select(['tree', 'draft_tree', 'tree_version'])
        .where('id', '=', footerId)
        .executeTakeFirstOrThrow();
    const before = await stored();
    const base = {
      's.placeholder': 'Alamat e-mail Anda',
      's.buttonLabel': 'Berlangganan',
      's.listId': 'berita-sekolah',
      's.redirect': '',
      versi: String(before.tree_version),
      _token: tokens.editor as string,
    };
    const opened = await open(form, 'editor');
    expect(opened.text).toContain('name="s.fields" value="0"');
    expect(opened.text).toContain('Belum ada item.');

    const added = await post(form, 'editor', { ...base, 's.fields': '0', daftar: 'tambah:s.fields' });
    expect(added.status).toBe(200);
    expect(added.text).toContain('name="s.fields" value="1"');
    expect(added.text).toMatch(/<input(?=[^>]*name="s\.fields\.0\.name")(?=[^>]*autofocus="")/);
    expect(added.text).toContain('Item 1 ditambahkan di akhir daftar.');
    const items = {
      's.fields': '3',
      's.fields.0.name': 'nama',
      's.fields.0.label': 'Nama lengkap',
      's.fields.1.name': 'kelas',
      's.fields.1.label': 'Kelas',
      's.fields.2.name': 'telepon',
      's.fields.2.label': 'Nomor telepon',
    };
    const moved = await post(form, 'editor', { ...base, ...items, daftar: 'naik:s.fields.2' });
    expect(moved.status).toBe(200);
    expect(moved.text).toMatch(/name="s\.fields\.1\.name"[^>]*value="telepon"/);
    expect(moved.text).toMatch(/name="s\.fields\.2\.name"[^>]*value="kelas"/);
    // Nothing was saved by the list's buttons.
    expect(await stored()).toEqual(before);
    // A button that names no list of the form: 400, nothing saved.
    expect((await post(form, 'editor', { ...base, ...items, daftar: 'tambah:s.nothing' })).status).toBe(400);
    expect((await post(form, 'editor', { ...base, ...items, daftar: 'naik:s.fields' })).status).toBe(400);

    // A bad item is refused, its message next to its field; nothing stored.
    const bad = await post(form, 'editor', { ...base, ...items, 's.fields.1.name': '9 salah' });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/id="f-s-fields-1-name-error"[^>]*>Formatnya tidak sesuai\./);
    expect(bad.text).toContain('Kolom tambahan › Item 2 › Nama: Formatnya tidak sesuai.');
    expect(await stored()).toEqual(before);

    const saved = await post(form, 'editor', {
      ...base,
      ...items,
      's.fields.1.name': 'telepon',
      's.fields.1.label': 'Nomor telepon',
      's.fields.2.name': 'kelas',
      's.fields.2.label': 'Kelas',
      lanjut: 'pratinjau',
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe(`/admin/halaman/${footerId}/pratinjau/?elemen=ft0sub`);
    const draft = JSON.parse((await stored()).draft_tree as string) as Element[];
    const find = (els: Element[]): Element | undefined =>
      els.flatMap((el) => (el.id === 'ft0sub' ? [el] : [find(el.children)].filter((x) => x !== undefined)))[0];
    expect(find(draft)?.settings.fields).toEqual([
      { name: 'nama', label: 'Nama lengkap' },
      { name: 'telepon', label: 'Nomor telepon' },
      { name: 'kelas', label: 'Kelas' },
    ]);
  });
});
