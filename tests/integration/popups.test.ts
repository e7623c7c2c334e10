import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { placedOn } from '~/features/popups/model';
import { pagePopups } from '~/features/popups/popups.server';
import { POPUP_META } from '~/features/popups/settings';
import { templateContent } from '~/pages/template.server';
import { DIALECTS, freshDatabase } from '../support/databases';

/**
 * Issue 13, the server's half of popups: which of the stored popups a page gets (placement and the
 * logged-in role rule), on the seeded demo school, and the popup's content over call 3.
 */
describe.each(DIALECTS)('the popups of a page on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
  });
  afterAll(() => dispose());

  /** What a page shows: the layout's list for the viewer, placed as the browser places it (`placedOn`). */
  const shown = async (path: string, viewer: { roles: string[] } | null = null) =>
    (await pagePopups({ db: conn.db, userOf: async () => viewer }, new Request(`http://school.test${path}`))).filter(
      (p) => placedOn(p, path),
    );
  const slugs = async (path: string, viewer: { roles: string[] } | null = null) =>
    (await shown(path, viewer)).map((p) => p.slug);

  test('the announcement is on every page; the compare popup only on /ekskul/', async () => {
    expect(await slugs('/')).toEqual(['popup-pengumuman-ppdb']);
    expect(await slugs('/profil/')).toEqual(['popup-pengumuman-ppdb']);
    expect(await slugs('/ekskul/')).toEqual(['popup-pengumuman-ppdb', 'popup-perbandingan']);
    const [announcement] = await shown('/', null);
    // The browser gets the settings it decides with, not where the popup is placed.
    expect(announcement?.settings).toMatchObject({
      timing: { pageViews: 2 },
      trigger: { type: 'page-load', delay: 1 },
      storage: 'week',
      label: 'Pengumuman PPDB 2027/2028',
    });
    expect(announcement?.settings).not.toHaveProperty('pages');
  });

  test('no popup on the account pages or in the staff area, even one placed everywhere (issue 21)', async () => {
    for (const path of ['/masuk/', '/daftar/', '/lupa-kata-sandi/', '/atur-ulang-kata-sandi/', '/terima-undangan/']) {
      expect(await slugs(path), path).toEqual([]);
    }
    expect(await slugs('/admin/', { roles: ['administrator'] })).toEqual([]);
    expect(await slugs('/admin/halaman/3/pratinjau', { roles: ['editor'] })).toEqual([]);
    expect(await slugs('/berlangganan/berhenti/')).toEqual([]);
  });

  test('the content of a popup is its template over call 3', async () => {
    const [announcement] = await shown('/', null);
    const answer = await templateContent({ db: conn.db, dialect: conn.dialect }, announcement?.id ?? 0);
    expect(answer.template_content).toContain('Pendaftaran Peserta Didik Baru 2027/2028 Dibuka');
    expect(answer.template_content).toContain('href="/ppdb/"');
  });

  test('a logged-in rule, and stored settings that do not parse, decide per viewer and per row', async () => {
    const id = (
      await conn.db.selectFrom('post').select('id').where('slug', '=', 'popup-perbandingan').executeTakeFirstOrThrow()
    ).id;
    const original = await conn.db
      .selectFrom('post_meta')
      .select('value_text')
      .where('post_id', '=', id)
      .where('meta_key', '=', POPUP_META)
      .executeTakeFirstOrThrow();
    const set = (value: string) =>
      conn.db
        .updateTable('post_meta')
        .set({ value_text: value })
        .where('post_id', '=', id)
        .where('meta_key', '=', POPUP_META)
        .execute();
    const settings = JSON.parse(original.value_text ?? '{}');
    try {
      await set(
        JSON.stringify({ ...settings, pages: ['*'], timing: { loggedIn: { who: 'users', excludeRoles: ['editor'] } } }),
      );
      // The server keeps its list a few seconds: a fresh read is asked for by waiting it out.
      await expect
        .poll(() => slugs('/profil/', { roles: ['subscriber'] }), { timeout: 8_000, interval: 500 })
        .toEqual(['popup-pengumuman-ppdb', 'popup-perbandingan']);
      expect(await slugs('/profil/', null)).toEqual(['popup-pengumuman-ppdb']);
      expect(await slugs('/profil/', { roles: ['editor'] })).toEqual(['popup-pengumuman-ppdb']);

      // Where it may not open (issue 21): the pages its settings keep it off, and those under a `/path/*`.
      await set(JSON.stringify({ ...settings, pages: ['*'], notOn: ['/profil/', '/berita/*'] }));
      await expect
        .poll(() => slugs('/visi-misi/'), { timeout: 8_000, interval: 500 })
        .toEqual(['popup-pengumuman-ppdb', 'popup-perbandingan']);
      expect(await slugs('/profil/')).toEqual(['popup-pengumuman-ppdb']);
      expect(await slugs('/berita/page/2/')).toEqual(['popup-pengumuman-ppdb']);

      await set('{"pages":"not a list"');
      await expect
        .poll(() => slugs('/ekskul/', { roles: ['subscriber'] }), { timeout: 8_000, interval: 500 })
        .toEqual(['popup-pengumuman-ppdb']);
    } finally {
      await set(original.value_text ?? '');
    }
  }, 30_000);
});
