import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from 'react-router';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SITE_OPTIONS } from '~/content/options';
import { SEO_META } from '~/content/seo';
import type { Connection } from '~/db/connection.server';
import { recordChange } from '~/lib/content-version.server';
import { SETTINGS_VERSION_OPTION } from '~/staff/settings/staff.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { signInRoles } from '../support/users';

/**
 * Issue 14 "Site settings": administrators change the school's name, logo, contact and social links,
 * the filter URL style and the page cache switch at /admin/pengaturan/, and empty every process's page
 * cache. The public pages (kept in the page cache here) show each change at once. Editors are refused;
 * the CSRF token, the form's schema and its version are checked on every save.
 */

afterAll(() => closeAppBuild());

const SETTINGS = '/admin/pengaturan/';

describe.each(DIALECTS)('the site settings on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  const cookies: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    // The page cache on: public pages are kept until a change by staff ends them.
    site = await startSite(conn, { pageCacheMs: 60_000 });
    await signInRoles(conn.db, 'pengaturan', ['administrator', 'editor'], { cookies, tokens, ids });
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const { open, post } = staffRequests(() => site, cookies);
  const has = (text: string, part: string) => text.includes(part);
  const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
  const option = async (name: string) =>
    (await conn.db.selectFrom('site_option').select('value').where('name', '=', name).executeTakeFirst())?.value;
  /** The form as the screen shows it now: every field's value and the version. */
  const currentForm = async (): Promise<Record<string, string>> => {
    const page = await open(SETTINGS, 'administrator');
    expect(page.status).toBe(200);
    const fields: Record<string, string> = {};
    for (const m of page.text.matchAll(/<input ([^>]*)>/g)) {
      const attrs = m[1] as string;
      const name = /name="([^"]+)"/.exec(attrs)?.[1];
      if (!name || name === '_token') continue;
      const type = /type="([^"]+)"/.exec(attrs)?.[1];
      const value = /value="([^"]*)"/.exec(attrs)?.[1] ?? '';
      if (type === 'radio' || type === 'checkbox') {
        if (/checked=""/.test(attrs)) fields[name] = value;
        continue;
      }
      if (type === 'hidden' && name === 'tindakan') continue;
      fields[name] = value.replaceAll('&amp;', '&');
    }
    fields.deskripsi = /<textarea[^>]*name="deskripsi"[^>]*>([\s\S]*?)<\/textarea>/.exec(page.text)?.[1] ?? '';
    fields.url_filter =
      /<option value="([^"]+)" selected=""/.exec(page.text)?.[1] ??
      (fields.url_filter as string | undefined) ??
      'plain';
    return { ...fields, _token: tokens.administrator as string };
  };

  test('administrators only: editors get 403 and change nothing; a visitor is sent to sign in', async () => {
    expect((await open(SETTINGS)).headers.location).toBe('/masuk/?redirect_to=%2Fadmin%2Fpengaturan%2F');
    expect((await open(SETTINGS, 'editor')).status).toBe(403);
    const before = await option(SITE_OPTIONS.site.name);
    const fields = { nama: 'Diubah editor', url_filter: 'plain', _token: tokens.editor as string };
    expect((await post(SETTINGS, 'editor', fields)).status).toBe(403);
    expect(
      (await post(SETTINGS, 'editor', { tindakan: 'kosongkan-cache', _token: tokens.editor as string })).status,
    ).toBe(403);
    expect(await option(SITE_OPTIONS.site.name)).toBe(before);
    // The section shows in the administrators' navigation only.
    const adminNav = /<nav class="admin__nav"[\s\S]*?<\/nav>/.exec((await open('/admin/', 'administrator')).text)?.[0];
    expect(adminNav).toContain(`href="${SETTINGS}"`);
    expect(/<nav class="admin__nav"[\s\S]*?<\/nav>/.exec((await open('/admin/', 'editor')).text)?.[0]).not.toContain(
      SETTINGS,
    );
  });

  test('a new school name and social link show on the cached public home page at once', async () => {
    const home = await open('/');
    expect(home.status).toBe(200);
    expect(nonceOf((await open('/')).text)).toBe(nonceOf(home.text)); // kept in the cache

    const fields = await currentForm();
    expect(fields.nama).toBe('SMP Tunas Bangsa');
    // The seed's links (content/site.yaml) are in the form.
    expect(fields.instagram).toMatch(/^https:\/\/www\.instagram\.com\//);
    // Without the token nothing is stored.
    const { _token, ...untokened } = fields;
    expect((await post(SETTINGS, 'administrator', { ...untokened, nama: 'Tanpa token' })).status).toBe(403);

    const media = await conn.db.selectFrom('media').select(['id', 'file']).orderBy('id').executeTakeFirstOrThrow();
    const saved = await post(SETTINGS, 'administrator', {
      ...fields,
      nama: 'SMP Harapan Nusantara',
      tiktok: 'https://www.tiktok.com/@smpharapan',
      telepon: '(021) 700-1234',
      logo: String(media.id),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe(`${SETTINGS}?disimpan`);
    const note = await open(saved.headers.location as string, 'administrator');
    expect(has(note.text, 'Pengaturan disimpan dan sudah tampil di situs publik.')).toBe(true);

    const after = await open('/');
    expect(nonceOf(after.text)).not.toBe(nonceOf(home.text));
    const header = /<header class="site-header"[\s\S]*?<\/header>/.exec(after.text)?.[0] ?? '';
    expect(header).toContain('SMP Harapan Nusantara');
    const footer = /<footer class="site-footer"[\s\S]*?<\/footer>/.exec(after.text)?.[0] ?? '';
    expect(footer).toContain('<p class="site-footer__name">SMP Harapan Nusantara</p>');
    expect(footer).toContain('href="https://www.tiktok.com/@smpharapan"');
    expect(footer).toContain('href="tel:+62217001234"');
    expect(footer).toContain(media.file);
    expect(footer).toContain('alt="Logo SMP Harapan Nusantara"');
    // What the form does not show is kept in the stored object (the seed's NPSN).
    expect(JSON.parse((await option(SITE_OPTIONS.site.name)) as string)).toMatchObject({
      title: 'SMP Harapan Nusantara',
      npsn: '69912345',
    });
    const log = await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'settings.update', subject_type: 'site' });
  });

  test('bad input: 400, messages by their fields, what was typed kept, nothing stored', async () => {
    const fields = await currentForm();
    const before = await option(SITE_OPTIONS.site.name);
    const version = await option(SETTINGS_VERSION_OPTION);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ facebook: 'http://facebook.com/smp' }, 'diawali https://', 'value="http://facebook.com/smp"'],
      [{ youtube: 'javascript:alert(1)' }, 'diawali https://', 'value="javascript:alert(1)"'],
      [{ surel: 'info@' }, 'alamat surel yang lengkap', 'value="info@"'],
      [{ nama: ' ' }, 'Isi nama sekolah.', 'value="(021) 700-1234"'],
      [{ url_filter: 'lain' }, 'gaya alamat filter', 'value="(021) 700-1234"'],
      [{ logo: '999999' }, 'tidak ada lagi di pustaka media', 'value="(021) 700-1234"'],
    ];
    for (const [change, message, kept] of cases) {
      const answer = await post(SETTINGS, 'administrator', { ...fields, ...change, alamat: 'Diketik <b>baru</b>' });
      expect(answer.status, message).toBe(400);
      expect(has(answer.text, message), message).toBe(true);
      expect(has(answer.text, 'aria-invalid="true"') || has(answer.text, 'admin-field__error'), message).toBe(true);
      expect(has(answer.text, kept), message).toBe(true);
      expect(has(answer.text, 'value="Diketik &lt;b&gt;baru&lt;/b&gt;"'), message).toBe(true);
    }
    expect(await option(SITE_OPTIONS.site.name)).toBe(before);
    expect(await option(SETTINGS_VERSION_OPTION)).toBe(version);
  });

  test('a form opened before another save is refused with 409, its typed values kept', async () => {
    const first = await currentForm();
    const second = { ...first };
    expect((await post(SETTINGS, 'administrator', { ...first, slogan: 'Slogan pertama' })).status).toBe(302);
    const stale = await post(SETTINGS, 'administrator', { ...second, slogan: 'Slogan kedua' });
    expect(stale.status).toBe(409);
    expect(has(stale.text, 'telah diubah administrator lain')).toBe(true);
    expect(has(stale.text, 'value="Slogan kedua"')).toBe(true);
    expect(JSON.parse((await option(SITE_OPTIONS.site.name)) as string).tagline).toBe('Slogan pertama');
    // The refused form carries the new version: sent again, it saves.
    const version = /name="versi" value="(\d+)"/.exec(stale.text)?.[1];
    expect(version).toBe(JSON.parse((await option(SETTINGS_VERSION_OPTION)) as string).toString());
    expect(
      (await post(SETTINGS, 'administrator', { ...second, slogan: 'Slogan kedua', versi: version as string })).status,
    ).toBe(302);
  });

  test('the page cache switched off: every visit rendered afresh; on again: kept; purge empties it', async () => {
    const fields = await currentForm();
    expect(fields.cache_halaman).toBe('1');
    const { cache_halaman: _, ...off } = fields;
    expect((await post(SETTINGS, 'administrator', off)).status).toBe(302);
    expect(await option(SITE_OPTIONS.pageCache.name)).toBe('false');
    const a = await open('/kontak/');
    const b = await open('/kontak/');
    expect(a.status).toBe(200);
    expect(nonceOf(b.text)).not.toBe(nonceOf(a.text));

    expect((await post(SETTINGS, 'administrator', { ...(await currentForm()), cache_halaman: '1' })).status).toBe(302);
    // Each process reads the switch again after a change, and serves from the cache once it has read it
    // (a moment; until then every visit is rendered): two visits in a row then get the same copy.
    let c = await open('/kontak/');
    for (let i = 0; i < 50; i++) {
      const next = await open('/kontak/');
      if (nonceOf(next.text) === nonceOf(c.text)) break;
      c = next;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(nonceOf((await open('/kontak/')).text)).toBe(nonceOf(c.text));

    const purged = await post(SETTINGS, 'administrator', {
      tindakan: 'kosongkan-cache',
      _token: tokens.administrator as string,
    });
    expect(purged.status).toBe(302);
    expect(purged.headers.location).toBe(`${SETTINGS}?cache-dikosongkan`);
    expect(
      has((await open(purged.headers.location as string, 'administrator')).text, 'Cache halaman dikosongkan'),
    ).toBe(true);
    expect(nonceOf((await open('/kontak/')).text)).not.toBe(nonceOf(c.text));
    const log = await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'cache.purge', subject_type: 'site' });
    // Without the token nothing happens.
    expect((await post(SETTINGS, 'administrator', { tindakan: 'kosongkan-cache' })).status).toBe(403);
  });

  test('the filter URL style: addresses are written in the new form, links in either form keep working', async () => {
    const term = await conn.db
      .selectFrom('term')
      .innerJoin('post_term', 'post_term.term_id', 'term.id')
      .select(['term.id'])
      .where('term.taxonomy', '=', 'kategori-galeri')
      .groupBy('term.id')
      .orderBy('term.id')
      .executeTakeFirstOrThrow();
    // A filter form posted without JavaScript is sent on to the filtered address, written in the set style.
    const filteredAddress = async () => {
      const answer = await site.send('/galeri/', {
        method: 'POST',
        headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
        body: `jsf=jet-engine%2Fgaleri&_tax_query_kategori-galeri%5B%5D=${term.id}&jet-smart-filters-redirect=1`,
      });
      expect(answer.status).toBe(303);
      return answer.headers.location as string;
    };
    const items = (html: string) =>
      [...new Set([...html.matchAll(/href="\/galeri\/([a-z0-9-]+)\/"/g)].map((m) => m[1]))].sort();

    const plain = await filteredAddress();
    expect(plain).toBe(`/galeri/?jet-smart-filters=jet-engine:galeri&tax=kategori-galeri:${term.id}`);
    const all = items((await open('/galeri/')).text);
    const filtered = items((await open(plain)).text);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered).not.toEqual(all);

    expect((await post(SETTINGS, 'administrator', { ...(await currentForm()), url_filter: 'permalink' })).status).toBe(
      302,
    );
    expect(await option(SITE_OPTIONS.filtersUrlType.name)).toBe('"permalink"');
    const permalink = await filteredAddress();
    expect(permalink).toBe(`/galeri/jsf/jet-engine:galeri/tax/kategori-galeri:${term.id}/`);
    // Links in either form (bookmarks, shared links, search engines) still show the same items.
    expect(items((await open(plain)).text)).toEqual(filtered);
    expect(items((await open(permalink)).text)).toEqual(filtered);

    expect((await post(SETTINGS, 'administrator', { ...(await currentForm()), url_filter: 'plain' })).status).toBe(302);
    expect(await filteredAddress()).toBe(plain);
    expect(items((await open(permalink)).text)).toEqual(filtered);
  });

  /** The layout's data a visitor's page gets (the root route's loader data, as the browser fetches it). */
  const layoutData = async (): Promise<Record<string, unknown>> => {
    const answer = await site.send('/_root.data', { headers: { accept: '*/*' } });
    expect(answer.status).toBe(200);
    const body = new Response(answer.text).body as ReadableStream<Uint8Array>;
    const decoded = (await decodeTurboStream(body, globalThis)).value as Record<string, { data: unknown }>;
    return decoded.root?.data as Record<string, unknown>;
  };
  const categoryIds = async () =>
    (
      await conn.db.selectFrom('term').select('id').where('taxonomy', '=', 'category').orderBy('id').limit(2).execute()
    ).map((t) => t.id);

  test('the header search: categories, Enter and the results’ place saved, and the public header reads them', async () => {
    expect((await layoutData()).headerSearch).toEqual({
      submitOnEnter: true,
      categories: [],
      resultsWidth: 420,
      resultsPosition: 'right',
    });
    const [first, second] = (await categoryIds()) as [number, number];
    const fields = await currentForm();
    // The form shows the defaults: Enter on, no category ticked, 420 px at the right.
    expect(fields).toMatchObject({ cari_enter: '1', cari_lebar: '420', cari_posisi: 'right' });
    expect(Object.keys(fields).filter((k) => k.startsWith('cari_kategori-'))).toEqual([]);
    const page = await open(SETTINGS, 'administrator');
    expect(page.text).toContain(`name="cari_kategori-${first}"`);

    // Editors may not change it, and without the token nothing is stored.
    const before = await option(SITE_OPTIONS.headerSearch.name);
    const wanted = { cari_lebar: '640', cari_posisi: 'left', [`cari_kategori-${first}`]: '1' };
    expect((await post(SETTINGS, 'editor', { ...fields, ...wanted, _token: tokens.editor as string })).status).toBe(
      403,
    );
    const { _token, ...untokened } = fields;
    expect((await post(SETTINGS, 'administrator', { ...untokened, ...wanted })).status).toBe(403);
    expect(await option(SITE_OPTIONS.headerSearch.name)).toBe(before);

    const { cari_enter: _, ...enterOff } = fields;
    const saved = await post(SETTINGS, 'administrator', {
      ...enterOff,
      ...wanted,
      [`cari_kategori-${second}`]: '1',
    });
    expect(saved.status).toBe(302);
    const stored = { submitOnEnter: false, categories: [first, second], resultsWidth: 640, resultsPosition: 'left' };
    expect(JSON.parse((await option(SITE_OPTIONS.headerSearch.name)) as string)).toEqual(stored);
    expect((await layoutData()).headerSearch).toEqual(stored);
    const again = await currentForm();
    expect(again).toMatchObject({ cari_lebar: '640', cari_posisi: 'left', [`cari_kategori-${first}`]: '1' });
    expect(again.cari_enter).toBeUndefined();
    expect(
      (await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()).action,
    ).toBe('settings.update');

    // The field's own width: an empty width.
    expect((await post(SETTINGS, 'administrator', { ...(await currentForm()), cari_lebar: '' })).status).toBe(302);
    expect((await layoutData()).headerSearch).toMatchObject({ resultsWidth: null, resultsPosition: 'left' });
  });

  test('bad header search settings: 400 with the message, nothing stored', async () => {
    const fields = await currentForm();
    const before = await option(SITE_OPTIONS.headerSearch.name);
    const cases: Array<[Record<string, string>, string]> = [
      [{ cari_lebar: '150' }, 'Lebar hasil paling sedikit 200 piksel'],
      [{ cari_lebar: '5000' }, 'Lebar hasil paling banyak 1200 piksel'],
      [{ cari_lebar: 'lebar' }, 'Tulis lebar dalam piksel'],
      [{ cari_posisi: 'atas' }, 'Pilih salah satu posisi hasil pencarian.'],
      [{ 'cari_kategori-x': '1' }, 'Pilih kategori dari daftar.'],
      // A tag, not a news category; and a category that does not exist.
      [{ 'cari_kategori-999999': '1' }, 'Ada kategori yang tidak ada lagi'],
    ];
    for (const [change, message] of cases) {
      const answer = await post(SETTINGS, 'administrator', { ...fields, ...change });
      expect(answer.status, message).toBe(400);
      expect(has(answer.text, message), message).toBe(true);
    }
    const tag = await conn.db
      .selectFrom('term')
      .select('id')
      .where('taxonomy', '=', 'post_tag')
      .executeTakeFirstOrThrow();
    expect((await post(SETTINGS, 'administrator', { ...fields, [`cari_kategori-${tag.id}`]: '1' })).status).toBe(400);
    expect(await option(SITE_OPTIONS.headerSearch.name)).toBe(before);
  });

  test('a post’s own SEO title and description are its page head’s, escaped', async () => {
    const news = await conn.db
      .selectFrom('post')
      .select(['id', 'slug', 'title'])
      .where('type', '=', 'post')
      .where('status', '=', 'publish')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const path = `/${news.slug}/`;
    const before = await open(path);
    expect(before.status).toBe(200);
    expect(before.text).toContain('<title>');
    expect(before.text).not.toContain('Judul SEO &lt;uji&gt;');

    await conn.db
      .insertInto('post_meta')
      .values([
        { post_id: news.id, meta_key: SEO_META.title, value_text: 'Judul SEO <uji> & "kutip"' },
        { post_id: news.id, meta_key: SEO_META.description, value_text: 'Deskripsi SEO <script>alert(1)</script>' },
      ])
      .execute();
    // Stored directly here: a change by staff (the editor records one) ends the cached copy.
    await recordChange(conn.db, {
      userId: ids.administrator as number,
      action: 'post.update',
      subjectType: 'post',
      subjectId: news.id,
      public: true,
    });

    const head = /<head>[\s\S]*?<\/head>/.exec((await open(path)).text)?.[0] ?? '';
    expect(head).toContain('<title>Judul SEO &lt;uji&gt; &amp; &quot;kutip&quot;</title>');
    expect(head).toMatch(/<meta property="og:title" content="Judul SEO &lt;uji&gt; &amp; &quot;kutip&quot;"\/>/);
    expect(head).toContain('<meta name="description" content="Deskripsi SEO &lt;script&gt;alert(1)&lt;/script&gt;"/>');
    expect(head).toContain(
      '<meta property="og:description" content="Deskripsi SEO &lt;script&gt;alert(1)&lt;/script&gt;"/>',
    );
    expect(head).not.toContain('<script>alert(1)');
  });
});
