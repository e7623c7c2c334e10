import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from 'react-router';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { createUser, staffToken, startTestSession } from '../support/users';

/**
 * Issue 14 "Menus": the staff's menus at /admin/menu/ (the list, one menu's tree and its moves, the
 * item form and the deletion), with the role and the CSRF token checked on every request, and every
 * change shown by the next public page although pages and menus are kept by the process.
 */

afterAll(() => closeAppBuild());

describe.each(DIALECTS)('the menus’ screens on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  const cookies: Record<string, string> = {};
  let authorId = 0;
  let mainId = 0;
  let token = '';

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    // The page cache on, as in production: a change must end the cached copies.
    site = await startSite(conn, { pageCacheMs: 60_000 });
    for (const role of ['editor', 'author'] as const) {
      const id = await createUser(conn.db, `menu-${role}`, role);
      if (role === 'author') authorId = id;
      cookies[role] = `session=${await startTestSession(conn.db, id)}`;
    }
    mainId = (await conn.db.selectFrom('menu').select('id').where('location', '=', 'main').executeTakeFirstOrThrow())
      .id;
    token = tokenOf((await open(`/admin/menu/${mainId}/`, 'editor')).text);
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const LIST = '/admin/menu/';
  const tree = () => `/admin/menu/${mainId}/`;
  const { open, post } = staffRequests(() => site, cookies);
  /** The staff page's main part (its messages and forms), which failures quote instead of the whole page. */
  const main = (answer: { text: string }) => /<main[\s\S]*<\/main>/.exec(answer.text)?.[0] ?? answer.text.slice(0, 300);
  const tokenOf = (html: string) => /name="_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const item = (title: string) =>
    conn.db
      .selectFrom('menu_item')
      .selectAll()
      .where('menu_id', '=', mainId)
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
  /** The children of an item (null: the top level) by title, in their order. */
  const childrenOf = async (parentId: number | null) =>
    (
      await conn.db
        .selectFrom('menu_item')
        .select('title')
        .where('menu_id', '=', mainId)
        .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
        .orderBy('position')
        .orderBy('id')
        .execute()
    ).map((r) => r.title);
  const lastChange = () =>
    conn.db
      .selectFrom('audit_log')
      .select(['action', 'subject_type', 'subject_id', 'summary'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  /** The public header's main menu on the home page, as a visitor gets it. */
  const publicMenu = async () => {
    const home = await site.send('/', { headers: { accept: 'text/html' } });
    expect(home.status).toBe(200);
    const nav = /<nav[^>]*aria-label="Menu utama"[\s\S]*?<\/nav>/.exec(home.text)?.[0] ?? '';
    expect(nav).toContain('Beranda');
    return nav;
  };
  const newItem = (fields: Record<string, string>) =>
    post(`${tree()}baru/`, 'editor', { _token: token, jenis: 'tautan', ...fields });

  test('a visitor signs in first; an author is refused every screen and every change', async () => {
    expect((await open(LIST)).headers.location).toBe('/masuk/?redirect_to=%2Fadmin%2Fmenu%2F');
    const kontak = await item('Kontak');
    for (const path of [LIST, tree(), `${tree()}baru/`, `${tree()}${kontak.id}/`, `${tree()}${kontak.id}/hapus/`]) {
      expect((await open(path, 'author')).status).toBe(403);
    }
    // The author's own valid token does not help: the role is checked on the change too.
    const authorToken = await staffToken(conn.db, authorId, cookies.author as string);
    const refused = await post(tree(), 'author', { _token: authorToken, item: String(kontak.id), gerak: 'naik' });
    expect(refused.status).toBe(403);
    expect((await post(`${tree()}${kontak.id}/hapus/`, 'author', { _token: authorToken })).status).toBe(403);
    expect((await item('Kontak')).position).toBe(kontak.position);
  });

  test('a change without the form’s token changes nothing', async () => {
    const kontak = await item('Kontak');
    expect((await post(tree(), 'editor', { item: String(kontak.id), gerak: 'naik' })).status).toBe(403);
    expect((await post(`${tree()}baru/`, 'editor', { judul: 'Tanpa token', url: '/x/', jenis: 'tautan' })).status).toBe(
      403,
    );
    expect((await item('Kontak')).position).toBe(kontak.position);
  });

  test('the list shows the menus by location; the tree names each button after its item', async () => {
    const list = await open(LIST, 'editor');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(main(list)).toMatch(/Menu Utama[\s\S]*Kepala situs[\s\S]*Menu Footer[\s\S]*Kaki situs/);
    expect(main(list)).toContain(`href="/admin/menu/${mainId}/"`);
    const page = await open(tree(), 'editor');
    expect(page.status).toBe(200);
    expect(main(page)).toContain('aria-label="Naik: Profil"');
    expect(main(page)).toContain('aria-label="Masukkan: Profil"');
    expect(main(page)).toContain('aria-label="Hapus: Profil"');
    // The first item cannot go up: its button is there, disabled.
    expect(main(page)).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Naik: Beranda"/);
    expect((await open('/admin/menu/999999/', 'editor')).status).toBe(404);
    expect((await open('/admin/menu/abc/', 'editor')).status).toBe(404);
  });

  test('a custom link added under Profil shows in the public menu at once', async () => {
    expect(await publicMenu()).not.toContain('Jadwal Ujian');
    const profil = await item('Profil');
    const saved = await newItem({ judul: 'Jadwal Ujian', url: '/agenda/', induk: String(profil.id), ikon: 'calendar' });
    expect(saved.status).toBe(302);
    const added = await item('Jadwal Ujian');
    expect(saved.headers.location).toBe(`${tree()}?disimpan=${added.id}`);
    expect(added).toMatchObject({ parent_id: profil.id, url: '/agenda/', icon: 'calendar', target: null });
    expect(await childrenOf(profil.id)).toEqual([
      'Profil Sekolah',
      'Visi & Misi',
      'Guru & Staf',
      'Video Sekolah',
      'Jadwal Ujian',
    ]);
    expect(await lastChange()).toMatchObject({
      action: 'menu.item.create',
      subject_type: 'menu_item',
      subject_id: added.id,
      summary: 'Jadwal Ujian',
    });
    // The cached home page and the remembered menu both ended with the change.
    expect(await publicMenu()).toContain('Jadwal Ujian');
    expect(main(await open(`${tree()}?disimpan=${added.id}`, 'editor'))).toContain('Item disimpan');
  });

  test('bad input: errors by their fields, the values kept, nothing stored', async () => {
    const before = await conn.db
      .selectFrom('menu_item')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const script = await newItem({ judul: 'Jahat <b>', url: 'javascript:alert(1)', ikon: 'bukan-ikon-sama-sekali' });
    expect(script.status).toBe(400);
    expect(main(script)).toContain('Tautan khusus berupa alamat di situs ini');
    expect(main(script)).toContain('value="javascript:alert(1)"');
    expect(main(script)).toContain('value="Jahat &lt;b&gt;"');
    // The icon name is well formed: the icon set decides, once the rest is right.
    const icon = await newItem({ judul: 'Ikon', url: '/agenda/', ikon: 'bukan-ikon-sama-sekali' });
    expect(icon.status).toBe(400);
    expect(main(icon)).toContain('tidak ada dalam set ikon Lucide');
    expect(main(icon)).toMatch(/id="item-ikon"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="item-ikon"/);
    const empty = await newItem({ judul: '  ', jenis: 'halaman' });
    expect(empty.status).toBe(400);
    expect(main(empty)).toContain('Isi judul item.');
    expect(main(empty)).toContain('Pilih halaman yang dituju.');
    const noTemplate = await newItem({ judul: 'Mega', url: '/x/', mega: '999999' });
    expect(noTemplate.status).toBe(400);
    expect(main(noTemplate)).toContain('Pilih salah satu templat yang ada.');
    const deepParent = await item('Olimpiade Sains');
    const tooDeep = await newItem({ judul: 'Dalam', url: '/x/', induk: String(deepParent.id) });
    expect(tooDeep.status).toBe(400);
    expect(main(tooDeep)).toContain('Pilih induk dari daftar.');
    const after = await conn.db
      .selectFrom('menu_item')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  test('an item edited to a page, a new tab, a badge and a template; the form reads its link back', async () => {
    const kontak = await item('Kontak');
    const page = await conn.db
      .selectFrom('post')
      .select(['id', 'slug'])
      .where('type', '=', 'page')
      .where('slug', '=', 'ppdb')
      .executeTakeFirstOrThrow();
    const template = await conn.db
      .selectFrom('post')
      .select('id')
      .where('type', '=', 'template')
      .where('slug', '=', 'mega-profil')
      .executeTakeFirstOrThrow();
    const saved = await post(`${tree()}${kontak.id}/`, 'editor', {
      _token: token,
      judul: 'Hubungi <Kami>',
      jenis: 'halaman',
      halaman: String(page.id),
      url: 'diabaikan',
      tabBaru: 'ya',
      lencana: 'Baru',
      keterangan: 'Telepon dan alamat',
      mega: String(template.id),
    });
    expect(saved.status).toBe(302);
    expect(
      await conn.db.selectFrom('menu_item').selectAll().where('id', '=', kontak.id).executeTakeFirst(),
    ).toMatchObject({
      title: 'Hubungi <Kami>',
      url: '/ppdb/',
      target: '_blank',
      badge: 'Baru',
      description: 'Telepon dan alamat',
      mega_template_id: template.id,
      parent_id: kontak.parent_id,
      position: kontak.position,
    });
    expect(await lastChange()).toMatchObject({ action: 'menu.item.update', subject_id: kontak.id });
    // The public menu shows the new title at once, escaped.
    const menu = await publicMenu();
    expect(menu).toContain('Hubungi &lt;Kami&gt;');
    expect(menu).not.toContain('<Kami>');
    const form = await open(`${tree()}${kontak.id}/`, 'editor');
    expect(main(form)).toMatch(new RegExp(`<option value="${page.id}" selected="">`));
    expect(main(form)).toMatch(/<option value="halaman" selected="">/);
    expect(main(form)).toContain('checked=""');
    // A category link is read back as one.
    const category = await item('Prestasi');
    const categoryForm = await open(`${tree()}${category.id}/`, 'editor');
    expect(main(categoryForm)).toMatch(/<option value="kategori" selected="">/);
  });

  test('moves: up, down, in and out, each recorded; a refused move says why and changes nothing', async () => {
    const top = () => childrenOf(null);
    const move = async (title: string, gerak: string) =>
      post(tree(), 'editor', { _token: token, item: String((await item(title)).id), gerak });
    const galeri = await item('Galeri');
    const up = await move('Galeri', 'naik');
    expect(up.status).toBe(200);
    expect(main(up)).toContain('“Galeri” dinaikkan.');
    expect(await top()).toEqual([
      'Beranda',
      'Profil',
      'Galeri',
      'Berita',
      'Ekstrakurikuler',
      'Agenda',
      'PPDB',
      'Hubungi <Kami>',
    ]);
    expect(await lastChange()).toMatchObject({ action: 'menu.item.move', subject_id: galeri.id });
    expect(await publicMenu()).toMatch(/Galeri[\s\S]*Berita/);

    expect((await move('Galeri', 'turun')).status).toBe(200);
    expect(await top()).toEqual([
      'Beranda',
      'Profil',
      'Berita',
      'Galeri',
      'Ekstrakurikuler',
      'Agenda',
      'PPDB',
      'Hubungi <Kami>',
    ]);

    // In: the last child of Berita (the item above); out: right after Berita again.
    expect((await move('Galeri', 'masukkan')).status).toBe(200);
    const berita = await item('Berita');
    expect((await childrenOf(berita.id)).at(-1)).toBe('Galeri');
    expect((await move('Galeri', 'keluarkan')).status).toBe(200);
    expect(await top()).toEqual([
      'Beranda',
      'Profil',
      'Berita',
      'Galeri',
      'Ekstrakurikuler',
      'Agenda',
      'PPDB',
      'Hubungi <Kami>',
    ]);

    const changes = await lastChange();
    const refused = await move('Beranda', 'naik');
    expect(refused.status).toBe(400);
    expect(main(refused)).toContain('Item ini sudah paling atas.');
    const tooDeep = await move('Berita', 'masukkan');
    expect(tooDeep.status).toBe(400);
    expect(main(tooDeep)).toContain('Menu paling dalam 3 tingkat.');
    expect(await lastChange()).toEqual(changes);
    expect((await post(tree(), 'editor', { _token: token, item: '999999', gerak: 'naik' })).status).toBe(404);
    expect((await post(tree(), 'editor', { _token: token, item: String(galeri.id), gerak: 'lompat' })).status).toBe(
      400,
    );
  });

  test('deleting an item asks first; its children move up into its place', async () => {
    const profil = await item('Profil');
    const ask = await open(`${tree()}${profil.id}/hapus/`, 'editor');
    expect(ask.status).toBe(200);
    expect(main(ask)).toContain('naik satu tingkat');
    expect(main(ask)).toContain('Jadwal Ujian');
    const done = await post(`${tree()}${profil.id}/hapus/`, 'editor', { _token: token });
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe(`${tree()}?dihapus=Profil`);
    expect(await childrenOf(null)).toEqual([
      'Beranda',
      'Profil Sekolah',
      'Visi & Misi',
      'Guru & Staf',
      'Video Sekolah',
      'Jadwal Ujian',
      'Berita',
      'Galeri',
      'Ekstrakurikuler',
      'Agenda',
      'PPDB',
      'Hubungi <Kami>',
    ]);
    expect(await lastChange()).toMatchObject({ action: 'menu.item.delete', subject_id: profil.id, summary: 'Profil' });
    const menu = await publicMenu();
    expect(menu).not.toMatch(/>Profil</);
    expect(menu).toContain('Jadwal Ujian');
    expect((await post(`${tree()}${profil.id}/hapus/`, 'editor', { _token: token })).status).toBe(404);
  });
  // Issue 21: a menu's own settings (desktop hover or click, the mobile layout …) at /admin/menu/{id}/pengaturan/.
  const settingsPage = () => `${tree()}pengaturan/`;
  const storedSettings = async () =>
    JSON.parse(
      (await conn.db.selectFrom('menu').select('settings').where('id', '=', mainId).executeTakeFirstOrThrow()).settings,
    );
  /** The settings form as the screen shows it now: every field's value, the version and the token. */
  const settingsForm = async (): Promise<Record<string, string>> => {
    const page = await open(settingsPage(), 'editor');
    expect(page.status).toBe(200);
    const fields: Record<string, string> = {};
    for (const m of main(page).matchAll(/<input ([^>]*)>/g)) {
      const attrs = m[1] as string;
      const name = /name="([^"]+)"/.exec(attrs)?.[1];
      if (!name) continue;
      const value = (/value="([^"]*)"/.exec(attrs)?.[1] ?? '').replaceAll('&amp;', '&');
      if (/type="checkbox"/.test(attrs)) {
        if (/checked=""/.test(attrs)) fields[name] = value;
      } else fields[name] = value;
    }
    for (const m of main(page).matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
      const options = m[2] as string;
      fields[m[1] as string] =
        /<option value="([^"]*)" selected=""/.exec(options)?.[1] ?? /<option value="([^"]*)"/.exec(options)?.[1] ?? '';
    }
    return fields;
  };
  /** The layout's data a visitor's page gets (the root route's loader data, as the browser fetches it). */
  const layoutData = async (): Promise<Record<string, unknown>> => {
    const answer = await site.send('/_root.data', { headers: { accept: '*/*' } });
    expect(answer.status).toBe(200);
    const body = new Response(answer.text).body as ReadableStream<Uint8Array>;
    const decoded = (await decodeTurboStream(body, globalThis)).value as Record<string, { data: unknown }>;
    return decoded.root?.data as Record<string, unknown>;
  };
  /** The page settings object every public page carries (`window.schoolSettings`). */
  const schoolSettings = async () => {
    const home = await site.send('/', { headers: { accept: 'text/html' } });
    const json = /window\.schoolSettings=(\{.*?\});(?:document\.addEventListener|<\/script>)/.exec(home.text)?.[1];
    return JSON.parse(json ?? 'null');
  };

  test('menu settings: an author is refused; without the token nothing changes', async () => {
    const authorToken = await staffToken(conn.db, authorId, cookies.author as string);
    expect((await open(settingsPage(), 'author')).status).toBe(403);
    const before = await storedSettings();
    const fields = await settingsForm();
    expect(
      (await post(settingsPage(), 'author', { ...fields, _token: authorToken, 'desktop-subEvent': 'click' })).status,
    ).toBe(403);
    const { _token, ...untokened } = fields;
    expect((await post(settingsPage(), 'editor', { ...untokened, 'desktop-subEvent': 'click' })).status).toBe(403);
    expect(await storedSettings()).toEqual(before);
    expect((await open('/admin/menu/999999/pengaturan/', 'editor')).status).toBe(404);
    // The tree links to its menu's settings.
    expect(main(await open(tree(), 'editor'))).toContain(`href="${settingsPage()}"`);
  });

  test('menu settings: submenus on click and the push layout are stored, audited, and the public header follows', async () => {
    const fields = await settingsForm();
    expect(fields).toMatchObject({
      'desktop-subEvent': 'hover',
      'desktop-rollUp': '1',
      'mobile-menuLayout': 'slide-out',
      'mobile-menuPosition': 'right',
      'mobile-loaderColor': '#3a3a3a',
    });
    expect((await layoutData()).desktopMenu).toMatchObject({ subEvent: 'hover' });
    expect((await schoolSettings()).menuSettings).toMatchObject({ menuLayout: 'slide-out', menuPosition: 'right' });

    const { 'desktop-rollUp': _, ...rollUpOff } = fields;
    const saved = await post(settingsPage(), 'editor', {
      ...rollUpOff,
      'desktop-subEvent': 'click',
      'mobile-menuLayout': 'push',
      'mobile-menuPosition': 'left',
      'mobile-toggleText': ' Menu <b>utama</b> ',
      'mobile-backText': '',
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe(`${settingsPage()}?disimpan`);
    expect(main(await open(saved.headers.location as string, 'editor'))).toContain('Pengaturan menu disimpan');
    const stored = await storedSettings();
    expect(stored.desktop).toMatchObject({ subEvent: 'click', rollUp: false, subTrigger: 'item' });
    expect(stored.mobile).toMatchObject({ menuLayout: 'push', menuPosition: 'left', toggleText: 'Menu <b>utama</b>' });
    expect(stored.mobile.backText).toBeUndefined();
    expect(await lastChange()).toMatchObject({ action: 'menu.settings', subject_type: 'menu', subject_id: mainId });

    // The cached home page and the remembered menu both ended with the change.
    expect((await layoutData()).desktopMenu).toMatchObject({ subEvent: 'click', rollUp: false });
    expect((await schoolSettings()).menuSettings).toMatchObject({ menuLayout: 'push', menuPosition: 'left' });
    expect((await layoutData()).mobileMenu).toMatchObject({ settings: { toggleText: 'Menu <b>utama</b>' } });
    // The form reads them back, the typed text escaped.
    expect(main(await open(settingsPage(), 'editor'))).toContain('value="Menu &lt;b&gt;utama&lt;/b&gt;"');
  });

  test('menu settings: bad values answer 400 with the field’s message and change nothing', async () => {
    const fields = await settingsForm();
    const before = await storedSettings();
    const cases: Array<[Record<string, string>, string]> = [
      [{ 'mobile-menuLayout': 'sideways' }, 'Pilih salah satu pilihan yang ada.'],
      [{ 'desktop-subEvent': 'dblclick' }, 'Pilih salah satu pilihan yang ada.'],
      [{ 'mobile-loaderColor': 'merah' }, 'Tulis warna sebagai #rgb atau #rrggbb'],
      [{ 'mobile-toggleText': 'x'.repeat(41) }, 'Teks tombol paling panjang 40 karakter.'],
      [{ 'desktop-megaWidthType': 'selector', 'desktop-megaWidthSelector': '' }, 'Isi pemilih CSS'],
      [{ 'desktop-megaWidthSelector': 'a{color:red}' }, 'Isi pemilih CSS'],
      [{ 'mobile-headerTemplate': '999999' }, 'Pilih salah satu templat yang ada.'],
      [{ 'mobile-afterTemplate': 'abc' }, 'Pilih salah satu templat yang ada.'],
    ];
    for (const [change, message] of cases) {
      const sent = { ...fields, 'mobile-toggleText': 'Diketik', ...change };
      const answer = await post(settingsPage(), 'editor', sent);
      const typed = sent['mobile-toggleText'];
      expect(answer.status, message).toBe(400);
      expect(main(answer), message).toContain(message);
      expect(main(answer), message).toContain('aria-invalid="true"');
      expect(main(answer), message).toContain(`value="${typed}"`);
    }
    expect(await storedSettings()).toEqual(before);
  });

  test('menu settings: a form opened before another save is refused with 409, its values kept', async () => {
    const first = await settingsForm();
    const second = { ...first };
    expect((await post(settingsPage(), 'editor', { ...first, 'mobile-menuLayout': 'dropdown' })).status).toBe(302);
    const stale = await post(settingsPage(), 'editor', { ...second, 'mobile-menuLayout': 'slide-out' });
    expect(stale.status).toBe(409);
    expect(main(stale)).toContain('telah diubah orang lain');
    expect(main(stale)).toMatch(/<option value="slide-out" selected="">/);
    expect((await storedSettings()).mobile.menuLayout).toBe('dropdown');
    // The refused form carries the stored version: sent again, it saves.
    const version = /name="versi" value="([^"]+)"/.exec(stale.text)?.[1] as string;
    expect(
      (await post(settingsPage(), 'editor', { ...second, 'mobile-menuLayout': 'slide-out', versi: version })).status,
    ).toBe(302);
    expect((await storedSettings()).mobile.menuLayout).toBe('slide-out');
  });
});
