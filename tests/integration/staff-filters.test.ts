import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { updatePost } from '~/content/posts-write.server';
import type { Element } from '~/content/tree';
import type { Connection } from '~/db/connection.server';
import type { FilteringAnswer, IndexedData } from '~/features/filters/model';
import { recordChange } from '~/lib/content-version.server';
import { toBracketPairs } from '~/wire/form';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { signInRoles } from '../support/users';

/**
 * Issue 14 "Filters": staff create, change and delete filter records at /admin/filter/. The public
 * page that shows a filter (/galeri/, kept in the page cache here) and the filtering call's counts
 * follow each change at once: counts are live queries, and every remembered copy of a record or a
 * count ends with the change. The role and the CSRF token are checked on every request; bad input is
 * answered 400 with the form kept, and changes nothing; a filter a page shows cannot be deleted.
 */

afterAll(() => closeAppBuild());

const NEW = '/admin/filter/baru/';
const GALERI = 'jet-engine/galeri';
/** The gallery listing shows at most 9 items (spec 001 §9): no count exceeds it. */
const GALERI_MAX = 9;

describe.each(DIALECTS)('the filters’ staff screens on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  const cookies: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let created = 0;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    // The page cache on: /galeri/ is kept until a change by staff ends it.
    site = await startSite(conn, { pageCacheMs: 60_000 });
    await signInRoles(conn.db, 'filter', ['editor', 'author', 'subscriber'], { cookies, tokens, ids });
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const { open, post } = staffRequests(() => site, cookies);
  const has = (text: string, part: string) => text.includes(part);
  const filterRows = async () => conn.db.selectFrom('smart_filter').selectAll().orderBy('id').execute();
  const versionOf = async (id: number) =>
    String(
      (await conn.db.selectFrom('smart_filter').select('version').where('id', '=', id).executeTakeFirstOrThrow())
        .version,
    );

  /** The filtering call as the page's script sends it, over HTTP. */
  async function counts(filterIds: number[]): Promise<IndexedData> {
    const answer = await site.send('/wp-admin/admin-ajax.php', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        toBracketPairs({
          action: 'jet_smart_filters',
          provider: GALERI,
          query: {},
          indexing_filters: JSON.stringify(filterIds),
        }),
      ).toString(),
    });
    expect(answer.status).toBe(200);
    return (JSON.parse(answer.text) as FilteringAnswer).jetFiltersIndexedData?.[GALERI] ?? {};
  }

  /** What the counts must be, from the rows themselves: published gallery items per term and per meta value. */
  async function expected() {
    const items = await conn.db
      .selectFrom('post')
      .select('id')
      .where('type', '=', 'galeri')
      .where('status', '=', 'publish')
      .execute();
    const galeri = new Set(items.map((i) => i.id));
    const perTerm: Record<string, number> = {};
    const terms = await conn.db
      .selectFrom('post_term as pt')
      .innerJoin('term as t', 't.id', 'pt.term_id')
      .select(['pt.post_id', 't.id'])
      .where('t.taxonomy', '=', 'kategori-galeri')
      .execute();
    for (const t of terms) if (galeri.has(t.post_id)) perTerm[String(t.id)] = (perTerm[String(t.id)] ?? 0) + 1;
    const perYear: Record<string, number> = {};
    const years = await conn.db
      .selectFrom('post_meta')
      .select(['post_id', 'value_number'])
      .where('meta_key', '=', 'tahun')
      .execute();
    for (const y of years)
      if (galeri.has(y.post_id)) perYear[String(y.value_number)] = (perYear[String(y.value_number)] ?? 0) + 1;
    const cap = (m: Record<string, number>) =>
      Object.fromEntries(Object.entries(m).map(([k, n]) => [k, Math.min(n, GALERI_MAX)]));
    return { perTerm: cap(perTerm), perYear: cap(perYear) };
  }

  const checkboxes = {
    nama: 'Galeri: kategori (baru)',
    jenis: 'checkboxes',
    label: 'Pilih kategori galeri',
    label_aktif: '',
    jenis_kueri: 'tax_query',
    var_kueri: 'kategori-galeri',
    penerapan: 'ajax',
    indeks: 'ya',
    tampil_hitungan: 'ya',
    aturan: 'show',
    mode_hitung: 'default',
    operator: 'OR',
  };

  test('only staff with the filters capability open the screens or change anything', async () => {
    expect((await open('/admin/filter/')).headers.location).toBe('/masuk/?redirect_to=%2Fadmin%2Ffilter%2F');
    const before = await filterRows();
    for (const role of ['author', 'subscriber']) {
      for (const path of ['/admin/filter/', NEW, '/admin/filter/11/', '/admin/filter/11/hapus/']) {
        expect((await open(path, role)).status, `${role} ${path}`).toBe(403);
      }
    }
    expect((await post(NEW, 'author', { ...checkboxes, _token: tokens.author as string })).status).toBe(403);
    expect((await post('/admin/filter/13/hapus/', 'author', { _token: tokens.author as string })).status).toBe(403);
    // Without the token nothing is stored either.
    expect((await post(NEW, 'editor', checkboxes)).status).toBe(403);
    expect(await filterRows()).toEqual(before);
  });

  test('the list names every filter, its query and the pages that show it', async () => {
    const list = await open('/admin/filter/', 'editor');
    expect(list.status).toBe(200);
    expect(has(list.text, 'Galeri: kategori kegiatan')).toBe(true);
    expect(has(list.text, 'tax_query kategori-galeri')).toBe(true);
    expect(has(list.text, 'meta_query biaya|range')).toBe(true);
    expect(has(list.text, 'href="/galeri/"')).toBe(true);
    expect(has(list.text, 'href="/admin/filter/11/"')).toBe(true);
    const form = await open('/admin/filter/32/', 'editor');
    expect(form.status).toBe(200);
    expect(has(form.text, 'value="200000"')).toBe(true);
    // The prefix keeps its space.
    expect(has(form.text, 'value="Rp "')).toBe(true);
    for (const path of ['/admin/filter/999999/', '/admin/filter/abc/', '/admin/filter/0/hapus/']) {
      expect((await open(path, 'editor')).status, path).toBe(404);
    }
  });

  test('an editor creates a checkboxes filter on a taxonomy; once a page shows it, its label and counts are public', async () => {
    const before = (await filterRows()).length;
    const saved = await post(NEW, 'editor', { ...checkboxes, _token: tokens.editor as string });
    expect(saved.status).toBe(302);
    created = Number(/^\/admin\/filter\/(\d+)\/\?disimpan$/.exec(saved.headers.location ?? '')?.[1]);
    expect(created).toBeGreaterThan(39);
    expect((await filterRows()).length).toBe(before + 1);
    const row = await conn.db
      .selectFrom('smart_filter')
      .selectAll()
      .where('id', '=', created)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'checkboxes',
      label: 'Pilih kategori galeri',
      active_label: 'Pilih kategori galeri',
      query_type: 'tax_query',
      query_var: 'kategori-galeri',
      query_var_suffix: '',
      version: 1,
    });
    expect(JSON.parse(row.source)).toEqual({ kind: 'taxonomy', taxonomy: 'kategori-galeri' });
    expect(JSON.parse(row.settings)).toEqual({ operator: 'OR' });
    const log = await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      user_id: ids.editor,
      action: 'filter.create',
      subject_type: 'smart_filter',
      subject_id: created,
    });
    const form = await open(saved.headers.location as string, 'editor');
    expect(has(form.text, 'Filter disimpan.')).toBe(true);
    expect(has(form.text, 'Belum dipakai')).toBe(true);

    // The pages section places it on /galeri/ next to the seeded category filter (as its editor would).
    const galeri = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('type', '=', 'page')
      .where('slug', '=', 'galeri')
      .executeTakeFirstOrThrow();
    const tree = JSON.parse(galeri.tree as string) as Element[];
    const place = (els: Element[]): boolean => {
      const j = els.findIndex((el) => el.widget === 'smart-filter' && el.settings.filterId === 11);
      if (j >= 0) {
        els.splice(j + 1, 0, {
          id: 'flt9new',
          type: 'widget',
          widget: 'smart-filter',
          settings: { filterId: created, provider: 'jet-engine', queryId: 'galeri' },
          children: [],
        });
        return true;
      }
      return els.some((el) => place(el.children));
    };
    expect(place(tree)).toBe(true);
    await updatePost(conn.db, galeri.id, { tree: JSON.stringify(tree) });
    await recordChange(conn.db, {
      userId: ids.editor as number,
      action: 'page.update',
      subjectType: 'post',
      subjectId: galeri.id,
      public: true,
    });

    const page = await open('/galeri/');
    expect(page.status).toBe(200);
    expect(has(page.text, 'Pilih kategori galeri')).toBe(true);
    const { perTerm } = await expected();
    expect(Object.keys(perTerm).length).toBeGreaterThan(2);
    expect((await counts([created])).tax_query?.['kategori-galeri']).toEqual(perTerm);
  });

  test('an edit shows at once on the cached public page and in the call’s counts: a new query var counts its own values', async () => {
    const path = `/admin/filter/${created}/`;
    expect(has((await open('/galeri/')).text, 'Pilih kategori galeri')).toBe(true);
    const fields = {
      ...checkboxes,
      label: 'Jenis kegiatan sekolah',
      versi: await versionOf(created),
      _token: tokens.editor as string,
    };
    expect((await post(path, 'editor', fields)).status).toBe(302);
    const page = await open('/galeri/');
    expect(has(page.text, 'Jenis kegiatan sekolah')).toBe(true);
    expect(has(page.text, 'Pilih kategori galeri')).toBe(false);
    const { perTerm, perYear } = await expected();
    expect((await counts([created])).tax_query?.['kategori-galeri']).toEqual(perTerm);

    // Its query becomes the year meta with the stored values as options: the counts follow at once.
    const byYear = {
      ...fields,
      jenis_kueri: 'meta_query',
      var_kueri: 'tahun',
      sumber: 'meta-values',
      versi: await versionOf(created),
    };
    expect((await post(path, 'editor', byYear)).status).toBe(302);
    const after = await counts([created]);
    expect(after.tax_query?.['kategori-galeri']).toBeUndefined();
    expect(after.meta_query?.tahun).toEqual(perYear);
    expect(Object.keys(perYear).length).toBeGreaterThan(1);

    // A manual list of two years: options change, the counts are the same live counts.
    const manual = {
      ...byYear,
      sumber: 'manual',
      opsi: '2024 | Tahun 2024\n2025 | Tahun 2025',
      versi: await versionOf(created),
    };
    expect((await post(path, 'editor', manual)).status).toBe(302);
    const stored = await conn.db
      .selectFrom('smart_filter')
      .select('source')
      .where('id', '=', created)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.source)).toEqual({
      kind: 'manual',
      options: [
        { value: '2024', label: 'Tahun 2024' },
        { value: '2025', label: 'Tahun 2025' },
      ],
    });
    expect(has((await open('/galeri/')).text, 'Tahun 2025')).toBe(true);
    expect((await counts([created])).meta_query?.tahun).toEqual(perYear);

    // Content changes count at once too: a gallery item taken off the site leaves the counts.
    const item = await conn.db
      .selectFrom('post as p')
      .innerJoin('post_meta as m', (j) => j.onRef('m.post_id', '=', 'p.id').on('m.meta_key', '=', 'tahun'))
      .select(['p.id', 'm.value_number'])
      .where('p.type', '=', 'galeri')
      .where('p.status', '=', 'publish')
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    // Through the write side, as staff's unpublishing is: its change log row tells every filter index.
    await updatePost(conn.db, item.id, { status: 'draft' });
    await recordChange(conn.db, {
      userId: ids.editor as number,
      action: 'gallery.unpublish',
      subjectType: 'post',
      subjectId: item.id,
      public: true,
    });
    expect((await counts([created])).meta_query?.tahun).toEqual((await expected()).perYear);
    await updatePost(conn.db, item.id, { status: 'publish' });
    await recordChange(conn.db, {
      userId: ids.editor as number,
      action: 'gallery.publish',
      subjectType: 'post',
      subjectId: item.id,
      public: true,
    });
  });

  test('bad input: 400, the message next to its field, what was typed shown back, nothing stored', async () => {
    const path = `/admin/filter/${created}/`;
    const before = await filterRows();
    const versi = await versionOf(created);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ var_kueri: 'tidak-ada' }, 'var_kueri', 'Taksonomi “tidak-ada” tidak ada.'],
      [{ var_kueri: 'kategori galeri<script>' }, 'var_kueri', 'Nama kueri hanya huruf kecil'],
      [{ label: 'x'.repeat(201) }, 'label', 'Label paling panjang 200 karakter.'],
      [{ nama: '  ' }, 'nama', 'Isi nama filter'],
      [{ jenis: 'range' }, 'jenis_kueri', 'tidak dapat memakai jenis kueri itu'],
      [{ jenis: 'bogus' }, 'jenis', 'Pilih jenis filter.'],
      [{ induk: 'tidak-ada' }, 'induk', 'Tidak ada istilah “tidak-ada”'],
      [
        { jenis_kueri: 'meta_query', var_kueri: 'tahun', sumber: 'manual', opsi: '2024 | A\n2024 | B' },
        'opsi',
        'Baris 2',
      ],
      [
        { jenis_kueri: 'meta_query', var_kueri: 'bukan_meta', sumber: 'meta-values' },
        'var_kueri',
        'Tidak ada isi yang menyimpan meta',
      ],
      [{ batas_opsi: 'banyak' }, 'batas_opsi', 'Isi bilangan bulat 0–100'],
    ];
    for (const [change, field, message] of cases) {
      for (const target of [path, NEW]) {
        const answer = await post(target, 'editor', {
          ...checkboxes,
          label: 'Label yang diketik',
          ...change,
          versi,
          _token: tokens.editor as string,
        });
        expect(answer.status, `${target} ${message}`).toBe(400);
        expect(has(answer.text, message), message).toBe(true);
        expect(has(answer.text, `id="filter-${field}" aria-invalid="true"`), message).toBe(true);
        expect(has(answer.text, `filter-${field}-error`), message).toBe(true);
        // Nothing typed is lost.
        expect(has(answer.text, 'value="Galeri: kategori (baru)"') || change.nama !== undefined, message).toBe(true);
      }
    }
    // HTML typed in a field comes back escaped.
    const script = await post(NEW, 'editor', {
      ...checkboxes,
      nama: '<script>alert(1)</script>',
      var_kueri: 'x y',
      _token: tokens.editor as string,
    });
    expect(script.status).toBe(400);
    expect(has(script.text, '<script>alert(1)</script>')).toBe(false);
    expect(has(script.text, 'value="&lt;script&gt;alert(1)&lt;/script&gt;"')).toBe(true);
    // A form too big to be one, and a version that is not one: refused, never a 500.
    expect(
      (await post(path, 'editor', { ...checkboxes, opsi: 'x'.repeat(70_000), _token: tokens.editor as string })).status,
    ).toBe(400);
    expect((await post(path, 'editor', { ...checkboxes, versi: 'abc', _token: tokens.editor as string })).status).toBe(
      400,
    );
    expect(await filterRows()).toEqual(before);
  });

  test('a stale form is refused with 409 and keeps what was typed; the other save stays', async () => {
    const path = `/admin/filter/${created}/`;
    const versi = await versionOf(created);
    const first = { ...checkboxes, label: 'Kategori kegiatan sekolah', versi, _token: tokens.editor as string };
    expect((await post(path, 'editor', first)).status).toBe(302);
    const stale = await post(path, 'editor', { ...first, label: 'Label dari formulir lama' });
    expect(stale.status).toBe(409);
    expect(has(stale.text, 'telah diubah orang lain')).toBe(true);
    expect(has(stale.text, 'value="Label dari formulir lama"')).toBe(true);
    const row = await conn.db
      .selectFrom('smart_filter')
      .select(['label', 'version'])
      .where('id', '=', created)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ label: 'Kategori kegiatan sekolah', version: Number(versi) + 1 });
    // An edit of a filter that is gone is a 404.
    expect((await post('/admin/filter/999999/', 'editor', { ...first })).status).toBe(404);
  });

  test('a filter a page shows is not deleted (the page is named); an unused one is, after asking', async () => {
    const inUse = `/admin/filter/${created}/hapus/`;
    const ask = await open(inUse, 'editor');
    expect(ask.status).toBe(200);
    expect(has(ask.text, 'tidak dapat dihapus')).toBe(true);
    expect(has(ask.text, 'Ya, hapus filter')).toBe(false);
    const refused = await post(inUse, 'editor', { _token: tokens.editor as string });
    expect(refused.status).toBe(409);
    expect(has(refused.text, 'masih dipakai di “Galeri”')).toBe(true);
    expect(
      await conn.db.selectFrom('smart_filter').select('id').where('id', '=', created).executeTakeFirst(),
    ).toBeDefined();

    // A new filter no page shows.
    const spare = await post(NEW, 'editor', { ...checkboxes, nama: 'Cadangan', _token: tokens.editor as string });
    const spareId = Number(/(\d+)/.exec(spare.headers.location ?? '')?.[1]);
    const path = `/admin/filter/${spareId}/hapus/`;
    expect(has((await open(path, 'editor')).text, 'Ya, hapus filter')).toBe(true);
    expect((await post(path, 'editor', {})).status).toBe(403);
    const done = await post(path, 'editor', { _token: tokens.editor as string });
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/admin/filter/?dihapus');
    expect(
      await conn.db.selectFrom('smart_filter').select('id').where('id', '=', spareId).executeTakeFirst(),
    ).toBeUndefined();
    const log = await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'filter.delete', subject_type: 'smart_filter', subject_id: spareId });
    expect((await post(path, 'editor', { _token: tokens.editor as string })).status).toBe(404);
    // The seeded filters the public pages show are all refused.
    expect((await post('/admin/filter/32/hapus/', 'editor', { _token: tokens.editor as string })).status).toBe(409);
  });
});
