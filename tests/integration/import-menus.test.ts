import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { approvedSummary, updateRatingSummary } from '~/features/reviews/rating-meta.server';
import { holderKey, importComments } from '~/staff/import/comments.server';
import { recordImportItem } from '~/staff/import/import-item.server';
import { importMenuItems } from '~/staff/import/menus.server';
import type { CommentPlan, MenuItemPlan, MenuTarget } from '~/staff/import/model';
import { emptyReport, type ImportReport } from '~/staff/import/report';
import { DIALECTS, freshDatabase } from '../support/databases';

/**
 * Issue 26: a WordPress export's menu items become this site's menu (parents and order kept, targets the imported
 * items' addresses, old-site links made this site's, unsafe links refused) and take the header from the demo's
 * menu; approved comments come in as the post's comments, threaded and as plain text. A second run writes nothing.
 */

const SOURCE = 'https://smp-lama.sch.id';
const NOW = new Date('2026-11-28T12:00:00.000Z');

const custom = (url: string): MenuTarget => ({ kind: 'custom', url });
const item = (
  wpId: number,
  title: string,
  target: MenuTarget,
  order: number,
  parentWpId: number | null = null,
  newTab = false,
): MenuItemPlan => ({ wpId, menuSlug: 'menu-sekolah', title, parentWpId, order, target, newTab, classes: '' });

describe.each(DIALECTS)('importing menus and comments on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  const news = { id: 0, slug: '', title: '' };
  const page = { id: 0, slug: '', title: '' };
  const category = { id: 0, slug: '' };
  let plans: MenuItemPlan[];

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    const db = conn.db;
    const first = (type: string) =>
      db
        .selectFrom('post')
        .select(['id', 'slug', 'title'])
        .where('type', '=', type)
        .where('status', '=', 'publish')
        .orderBy('id')
        .executeTakeFirstOrThrow();
    Object.assign(news, await first('post'));
    Object.assign(page, await first('page'));
    Object.assign(
      category,
      await db
        .selectFrom('term')
        .select(['id', 'slug'])
        .where('taxonomy', '=', 'category')
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    );
    const at = NOW.toISOString();
    for (const [kind, wpId, localId, oldPath] of [
      ['post', 201, news.id, '/2023/05/12/berita-lama/'],
      ['post', 202, page.id, '/?page_id=202'],
      ['term', 301, category.id, null],
    ] as const) {
      await recordImportItem(db, { source: SOURCE, kind, wpId, localId, digest: 'x', oldPath }, false, at);
    }
    plans = [
      item(1, 'Beranda', custom(`${SOURCE}/`), 1),
      item(2, '', { kind: 'post', objectType: 'page', wpId: 202 }, 2),
      item(3, 'Informasi', custom('#'), 3),
      item(4, 'Kegiatan', { kind: 'term', taxonomy: 'category', wpId: 301 }, 4, 3),
      item(5, 'Berita lama', { kind: 'post', objectType: 'post', wpId: 201 }, 5, 3, true),
      item(6, 'Lewat ?p=', custom(`${SOURCE}/?p=201`), 6, 5),
      // The fourth level: the header shows three, so it moves up under item 5.
      item(7, 'Terlalu dalam', custom('https://contoh.id/'), 7, 6),
      item(8, 'Tidak diimpor', { kind: 'post', objectType: 'post', wpId: 999 }, 8, 3),
      // Its parent is left out: it hangs under the grandparent.
      item(9, 'Surel TU', custom('mailto:tu@smp-lama.sch.id'), 9, 8),
      item(10, 'Jahat', custom('javascript:alert(1)'), 10),
      item(11, 'PPDB lama', custom(`${SOURCE}/ppdb-lama/`), 11),
    ];
  }, 120_000);
  afterAll(async () => {
    await dispose?.();
  });

  /** The imported menu as a tree of `title url` lines, children indented. */
  async function menuTree(menuId: number): Promise<string[]> {
    const rows = await conn.db
      .selectFrom('menu_item')
      .select(['id', 'parent_id', 'position', 'title', 'url', 'target'])
      .where('menu_id', '=', menuId)
      .execute();
    const out: string[] = [];
    const walk = (parent: number | null, depth: number) => {
      for (const r of rows.filter((x) => x.parent_id === parent).sort((a, b) => a.position - b.position)) {
        out.push(`${'  '.repeat(depth)}${r.title} ${r.url}${r.target ? ` ${r.target}` : ''}`);
        walk(r.id, depth + 1);
      }
    };
    walk(null, 0);
    return out;
  }

  const importedMenu = () =>
    conn.db.selectFrom('menu').selectAll().where('slug', '=', 'menu-sekolah').executeTakeFirstOrThrow();

  test('the items come in as a tree pointing at the imported items, and the menu takes the header', async () => {
    const demo = await conn.db.selectFrom('menu').selectAll().where('location', '=', 'main').executeTakeFirstOrThrow();
    const report = emptyReport('export.xml', false);
    await importMenuItems(conn.db, SOURCE, plans, report, NOW, [{ slug: 'menu-sekolah', name: 'Menu Sekolah' }]);
    const menu = await importedMenu();
    expect(menu.name).toBe('Menu Sekolah');
    expect(await menuTree(menu.id)).toEqual([
      'Beranda /',
      `${page.title} /${page.slug}/`,
      `Informasi /category/${category.slug}/`,
      `  Kegiatan /category/${category.slug}/`,
      `  Berita lama /${news.slug}/ _blank`,
      `    Lewat ?p= /${news.slug}/`,
      '    Terlalu dalam https://contoh.id/',
      '  Surel TU mailto:tu@smp-lama.sch.id',
      `PPDB lama ${SOURCE}/ppdb-lama/`,
    ]);
    expect(report.counts).toMatchObject({ menu: 1, 'menu-item': 9 });
    expect(report.skipped.map((s) => s.what)).toEqual([
      'item menu «Tidak diimpor» (Menu Sekolah)',
      'item menu «Jahat» (Menu Sekolah)',
    ]);
    expect(report.problems.map((p) => `${p.what}: ${p.why}`).join('\n')).toMatch(/PPDB lama.*tidak menunjuk/);
    // The school's own menu is in the header now, with the demo header's behaviour; the demo menu stays, unplaced.
    expect(menu.location).toBe('main');
    expect(menu.settings).toBe(demo.settings);
    expect(
      (await conn.db.selectFrom('menu').select('location').where('id', '=', demo.id).executeTakeFirstOrThrow())
        .location,
    ).toBeNull();
  });

  test('a second run writes nothing; a changed item is updated in place', async () => {
    const menu = await importedMenu();
    const before = await menuTree(menu.id);
    const ids = await conn.db
      .selectFrom('menu_item')
      .select('id')
      .where('menu_id', '=', menu.id)
      .orderBy('id')
      .execute();
    const audit = async () =>
      Number(
        (
          await conn.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const audited = await audit();
    const again = emptyReport('export.xml', false);
    await importMenuItems(conn.db, SOURCE, plans, again, NOW);
    expect(await menuTree(menu.id)).toEqual(before);
    expect(await audit()).toBe(audited);
    expect(again.counts).toMatchObject({ menu: 1, 'menu-item': 9 });
    expect(again.changes).toEqual({ menu: { unchanged: 1 }, 'menu-item': { unchanged: 9 } });
    expect(
      await conn.db.selectFrom('menu').select('slug').where('slug', 'like', 'menu-sekolah%').execute(),
    ).toHaveLength(1);

    const renamed = plans.map((p) => (p.wpId === 1 ? { ...p, title: 'Halaman depan' } : p));
    const third = emptyReport('export.xml', false);
    await importMenuItems(conn.db, SOURCE, renamed, third, NOW);
    expect(third.changes?.['menu-item']).toEqual({ updated: 1, unchanged: 8 });
    expect((await menuTree(menu.id))[0]).toBe('Halaman depan /');
    expect(
      await conn.db.selectFrom('menu_item').select('id').where('menu_id', '=', menu.id).orderBy('id').execute(),
    ).toEqual(ids);
  });

  test('a menu staff changed keeps the header', async () => {
    await conn.db
      .insertInto('audit_log')
      .values({
        user_id: null as unknown as number,
        action: 'menu.item.update',
        subject_type: 'menu_item',
        subject_id: 1,
        summary: 'x',
        at: NOW.toISOString(),
        public: 1,
      })
      .execute();
    const other = plans.map((p) => ({
      ...p,
      wpId: p.wpId + 1000,
      parentWpId: p.parentWpId && p.parentWpId + 1000,
      menuSlug: 'menu-kaki',
    }));
    const report = emptyReport('export.xml', false);
    await importMenuItems(conn.db, SOURCE, other, report, NOW);
    const footer = await conn.db
      .selectFrom('menu')
      .selectAll()
      .where('slug', '=', 'menu-kaki')
      .executeTakeFirstOrThrow();
    expect(footer.name).toBe('Menu Kaki');
    expect(footer.location).toBeNull();
    expect((await importedMenu()).location).toBe('main');
  });

  describe('comments', () => {
    const comment = (wpId: number | null, parentWpId: number | null, content: string, date: string): CommentPlan => ({
      wpId,
      parentWpId,
      author: `Pembaca ${wpId}`,
      authorEmail: `pembaca${wpId}@contoh.id`,
      authorUrl: '',
      content,
      date,
      userId: null,
    });
    const comments = [
      comment(
        1001,
        null,
        '<p>Selamat &amp; sukses!</p><script>alert(1)</script><p>Baris kedua</p>',
        '2023-01-01T01:00:00.000Z',
      ),
      comment(
        1002,
        1001,
        'Terima kasih <b>Bu</b>, nilai a &lt; b <img src=x onerror=alert(1)>',
        '2023-01-02T01:00:00.000Z',
      ),
      comment(1003, 1002, 'Balasan untuk balasan', '2023-01-03T01:00:00.000Z'),
      comment(1004, 9999, 'Induknya tidak ada di ekspor', '2023-01-04T01:00:00.000Z'),
      comment(null, null, 'Tanpa ID', '2023-01-05T01:00:00.000Z'),
    ];
    const run = async (report: ImportReport) =>
      conn.db
        .transaction()
        .execute((trx) => importComments(trx, SOURCE, { id: news.id, type: 'post' }, comments, report, NOW));
    const stored = () =>
      conn.db
        .selectFrom('review_comment as c')
        .innerJoin('review as r', 'r.id', 'c.review_id')
        .select(['c.id', 'c.parent_id', 'c.author_name', 'c.author_mail', 'c.content', 'c.created_at', 'r.author_key'])
        .where('c.post_id', '=', news.id)
        .where('r.author_key', '=', holderKey(SOURCE))
        .orderBy('c.id')
        .execute();

    test('threads are kept (two levels, as the site shows them), text is plain and script-free', async () => {
      const summary = await approvedSummary(conn.db, news.id);
      const report = emptyReport('export.xml', false);
      await run(report);
      const rows = await stored();
      expect(rows.map((r) => r.content)).toEqual([
        'Selamat & sukses!\n\nBaris kedua',
        'Induknya tidak ada di ekspor',
        'Terima kasih Bu, nilai a < b',
        'Balasan untuk balasan',
      ]);
      const [first, orphan, reply, deeper] = rows as [
        (typeof rows)[0],
        (typeof rows)[0],
        (typeof rows)[0],
        (typeof rows)[0],
      ];
      expect(first.parent_id).toBeNull();
      expect(orphan.parent_id).toBeNull();
      expect(reply.parent_id).toBe(first.id);
      // A reply to a reply hangs under the thread's first comment.
      expect(deeper.parent_id).toBe(first.id);
      expect(first).toMatchObject({
        author_name: 'Pembaca 1001',
        author_mail: 'pembaca1001@contoh.id',
        created_at: '2023-01-01T01:00:00.000Z',
      });
      expect(report.counts.comment).toBe(4);
      expect(report.skipped).toHaveLength(1);
      // The holding review is approved and shown, without a rating: the post's count and average stay.
      const holder = await conn.db
        .selectFrom('review')
        .selectAll()
        .where('post_id', '=', news.id)
        .where('author_key', '=', holderKey(SOURCE))
        .executeTakeFirstOrThrow();
      expect(holder).toMatchObject({
        approved: 1,
        rating_data: '[]',
        title: 'Komentar dari situs lama',
        author_name: 'smp-lama.sch.id',
      });
      await conn.db.transaction().execute((trx) => updateRatingSummary(trx, news.id));
      expect(await approvedSummary(conn.db, news.id)).toEqual(summary);
    });

    test('a second run writes nothing; a changed comment is updated', async () => {
      const before = await stored();
      const again = emptyReport('export.xml', false);
      await run(again);
      expect(await stored()).toEqual(before);
      expect(again.changes?.comment).toEqual({ unchanged: 4 });
      comments[2] = { ...(comments[2] as CommentPlan), content: 'Balasan yang diubah' };
      const third = emptyReport('export.xml', false);
      await run(third);
      expect(third.changes?.comment).toEqual({ updated: 1, unchanged: 3 });
      expect((await stored()).map((r) => r.id)).toEqual(before.map((r) => r.id));
      expect((await stored())[3]?.content).toBe('Balasan yang diubah');
    });
  });
});
