import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mediaUrl, toMediaView } from '~/content/media';
import { treeSchema } from '~/content/tree';
import { type Connection, connect } from '~/db/connection.server';
import { migrateToLatest } from '~/db/migrate.server';
import { verifyPassword } from '~/features/accounts/password.server';
import { getFilterRecords } from '~/features/filters/records.server';
import { filterRecord } from '~/features/filters/settings';
import { parseMenuSettings } from '~/features/menu/settings';
import { migratedPostgresSchema, pgReachable } from '../tests/support/databases';
import { ContentError, loadContent, SEED_OPTIONS, seedDemoSchool, seedSynthetic } from './index';
import { defaultContentDir } from './load';
import { type Content, EKSKUL_META } from './schemas';

/** Shared with the other integration tests: pictures are drawn once per machine. */
const UPLOADS = path.resolve('.test-data/uploads');
const SEED_TIMEOUT = 180_000;

const tmpDirs: string[] = [];
function tempSqliteUrl(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunas-seed-'));
  tmpDirs.push(dir);
  return path.join(dir, 'site.db');
}
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A copy of the seed files to break one at a time: `refusal` replaces one text in one file (the
 * others as seeded) and gives the error loadContent raises, or 'accepted'.
 */
function contentCopy(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpDirs.push(dir);
  fs.cpSync(defaultContentDir(), dir, { recursive: true });
  const refusal = (file: string, from: string | RegExp, to: string): string => {
    const full = path.join(dir, file);
    const text = fs.readFileSync(full, 'utf8');
    const changed = text.replace(from, to);
    expect(changed, `${file}: ${String(from)}`).not.toBe(text);
    fs.writeFileSync(full, changed);
    try {
      loadContent(dir);
      return 'accepted';
    } catch (e) {
      expect(e).toBeInstanceOf(ContentError);
      return (e as Error).message;
    } finally {
      fs.writeFileSync(full, text);
    }
  };
  return { dir, refusal };
}

async function freshSqlite(): Promise<Connection> {
  const conn = connect(tempSqliteUrl());
  await migrateToLatest(conn.db);
  return conn;
}

const TABLES = [
  'post',
  'term',
  'post_term',
  'post_meta',
  'media',
  'menu',
  'menu_item',
  'app_user',
  'user_role',
  'site_option',
  'smart_filter',
] as const;

/** Row counts of every table and every option's value: what a second seed must leave alone. */
async function snapshot(conn: Connection) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await conn.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const options = await conn.db.selectFrom('site_option').selectAll().orderBy('name').execute();
  return { counts, options };
}

async function option(conn: Connection, name: string): Promise<unknown> {
  const row = await conn.db.selectFrom('site_option').select('value').where('name', '=', name).executeTakeFirst();
  return row ? JSON.parse(row.value) : undefined;
}

/** Distinct terms of a taxonomy attached to published posts of a type. */
async function termsUsed(conn: Connection, type: string, taxonomy: string): Promise<string[]> {
  const rows = await conn.db
    .selectFrom('post_term')
    .innerJoin('post', 'post.id', 'post_term.post_id')
    .innerJoin('term', 'term.id', 'post_term.term_id')
    .select('term.slug')
    .distinct()
    .where('post.type', '=', type)
    .where('post.status', '=', 'publish')
    .where('term.taxonomy', '=', taxonomy)
    .execute();
  return rows.map((r) => r.slug).sort();
}

/** The widgets of a seed tree, depth first. */
function widgetsOf(tree: Content['pages'][number]['tree']): Content['pages'][number]['tree'] {
  return tree.flatMap((el) => (el.type === 'widget' ? [el] : widgetsOf(el.children)));
}

/** Each published item of a type with its meta (key → value) and its terms (`taxonomy:slug`). */
async function itemsWithMeta(conn: Connection, type: string, slugLike = '%') {
  const { db } = conn;
  const posts = await db
    .selectFrom('post')
    .select(['id', 'slug'])
    .where('type', '=', type)
    .where('status', '=', 'publish')
    .where('slug', 'like', slugLike)
    .execute();
  const ids = posts.map((p) => p.id);
  const byId = new Map(
    posts.map((p) => [p.id, { slug: p.slug, meta: {} as Record<string, unknown>, terms: [] as string[] }]),
  );
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const meta = await db.selectFrom('post_meta').selectAll().where('post_id', 'in', chunk).execute();
    for (const m of meta) {
      byId.get(m.post_id)!.meta[m.meta_key] =
        m.value_text ?? (m.value_number === null ? m.value_date : Number(m.value_number));
    }
    const terms = await db
      .selectFrom('post_term')
      .innerJoin('term', 'term.id', 'post_term.term_id')
      .select(['post_term.post_id', 'term.taxonomy', 'term.slug', 'term.parent_id'])
      .where('post_term.post_id', 'in', chunk)
      .execute();
    for (const t of terms) byId.get(t.post_id)!.terms.push(`${t.taxonomy}:${t.slug}${t.parent_id === null ? '' : '^'}`);
  }
  return [...byId.values()];
}

/** Everything the demo school promises, checked on one database. */
async function expectDemoSchool(conn: Connection) {
  const { db } = conn;

  const posts = await db
    .selectFrom('post')
    .select(['id', 'slug', 'featured_media_id', 'published_at', 'content', 'excerpt'])
    .where('type', '=', 'post')
    .where('status', '=', 'publish')
    .execute();
  expect(posts.length).toBeGreaterThanOrEqual(32);
  expect(new Set(posts.map((p) => p.published_at)).size).toBe(posts.length);
  const dates = posts.map((p) => p.published_at).sort();
  expect(dates[0]! >= '2024-07-01').toBe(true);
  expect(dates[dates.length - 1]! < '2026-12-01').toBe(true);
  expect((await termsUsed(conn, 'post', 'category')).length).toBeGreaterThanOrEqual(6);
  expect((await termsUsed(conn, 'post', 'post_tag')).length).toBeGreaterThan(5);
  for (const p of posts) {
    expect(p.excerpt.length, p.slug).toBeGreaterThan(20);
    expect(p.content.split('<p>').length, p.slug).toBeGreaterThan(3);
  }

  // Every post has a featured image, and every copy of it is on disk.
  const mediaIds = posts.map((p) => p.featured_media_id);
  expect(mediaIds.every((id) => id !== null)).toBe(true);
  const media = await db
    .selectFrom('media')
    .selectAll()
    .where('id', 'in', mediaIds as number[])
    .execute();
  expect(media.length).toBe(new Set(mediaIds).size);
  for (const row of media) {
    const view = toMediaView(row);
    expect(view.formats).toEqual(['webp', 'jpg']);
    expect(view.sizes.length).toBeGreaterThan(0);
    for (const s of view.sizes) {
      for (const f of view.formats) {
        const file = path.join(UPLOADS, mediaUrl(row.file, s.width, f).replace('/wp-content/uploads/', ''));
        expect(fs.existsSync(file), file).toBe(true);
      }
    }
  }

  const gallery = await db
    .selectFrom('post')
    .select(['id'])
    .where('type', '=', 'galeri')
    .where('status', '=', 'publish')
    .execute();
  expect(gallery.length).toBeGreaterThanOrEqual(15);
  expect((await termsUsed(conn, 'galeri', 'kategori-galeri')).length).toBeGreaterThanOrEqual(3);
  const years = await db
    .selectFrom('post_meta')
    .innerJoin('post', 'post.id', 'post_meta.post_id')
    .select('post_meta.value_number')
    .distinct()
    .where('post.type', '=', 'galeri')
    .where('post_meta.meta_key', '=', 'tahun')
    .execute();
  expect(years.map((y) => y.value_number).sort()).toEqual([2025, 2026]);

  // Extracurricular activities: each with its activity (a child term), its grades and all its meta.
  const ekskul = await itemsWithMeta(conn, 'ekskul');
  expect(ekskul.length).toBeGreaterThanOrEqual(24);
  for (const item of ekskul) {
    expect(Object.keys(item.meta).sort(), item.slug).toEqual([...EKSKUL_META].sort());
    expect(typeof item.meta.hari, item.slug).toBe('string');
    for (const k of ['jam', 'biaya', 'rating'] as const)
      expect(typeof item.meta[k], `${item.slug} ${k}`).toBe('number');
    const activities = item.terms.filter((t) => t.startsWith('bidang-ekskul:'));
    expect(activities, item.slug).toHaveLength(1);
    expect(activities[0], item.slug).toMatch(/\^$/);
    expect(item.terms.filter((t) => t.startsWith('tingkat:')).length, item.slug).toBeGreaterThanOrEqual(1);
  }
  expect(ekskul.filter((e) => e.meta.biaya === 0).length).toBeGreaterThanOrEqual(3);

  // Filter records: the filters feature reads back every one the seed file has (it would skip a
  // row that does not parse), and the swatch pictures are stored media.
  const records = [...(await getFilterRecords(db)).values()];
  expect(records.map((f) => f.id)).toEqual(
    loadContent()
      .filters.map((f) => f.record.id)
      .sort((a, b) => a - b),
  );
  const venue = records.find((f) => f.queryType === 'meta_query' && f.queryVar === 'tempat');
  const imageIds = venue?.source.kind === 'manual' ? venue.source.options.map((o) => o.imageId) : [];
  expect(imageIds.length).toBeGreaterThanOrEqual(5);
  expect(imageIds.every((id) => typeof id === 'number')).toBe(true);
  const swatches = await db
    .selectFrom('media')
    .select('id')
    .where('id', 'in', imageIds as number[])
    .execute();
  expect(swatches.length).toBe(imageIds.length);

  const pages = await db.selectFrom('post').select(['id', 'slug', 'tree']).where('type', '=', 'page').execute();
  expect(pages.map((p) => p.slug).sort()).toEqual(
    [
      'agenda',
      'arsip-berita',
      'beranda',
      'berita',
      'ekskul',
      'galeri',
      'guru-staf',
      'kontak',
      'ppdb',
      'profil',
      'visi-misi',
      'video',
    ].sort(),
  );
  for (const p of pages) expect(() => treeSchema.parse(JSON.parse(p.tree ?? 'null')), p.slug).not.toThrow();
  const beranda = pages.find((p) => p.slug === 'beranda')!;
  expect(await option(conn, SEED_OPTIONS.pageOnFront)).toBe(beranda.id);
  expect(await option(conn, SEED_OPTIONS.postsPerPage)).toBe(10);
  expect(await option(conn, SEED_OPTIONS.filtersUrlType)).toBe('plain');
  expect(await option(conn, SEED_OPTIONS.site)).toMatchObject({
    title: 'SMP Tunas Bangsa',
    language: 'id',
    address: expect.stringContaining('Tanjung Harapan'),
  });
  expect(typeof (await option(conn, SEED_OPTIONS.seeded))).toBe('string');

  // The profile's table of contents points at sections further down the same page.
  const profil = pages.find((p) => p.slug === 'profil')!.tree ?? '';
  for (const anchor of ['sejarah', 'fasilitas', 'prestasi']) {
    expect(profil).toContain(`href=\\"#${anchor}\\"`);
    expect(profil).toContain(`"cssId":"${anchor}"`);
  }
  // Images in page trees resolve to media rows.
  const treeImages = [...(beranda.tree ?? '').matchAll(/"mediaId":(\d+)/g)].map((m) => Number(m[1]));
  expect(treeImages.length).toBeGreaterThan(0);
  const found = await db.selectFrom('media').select('id').where('id', 'in', treeImages).execute();
  expect(found.length).toBe(new Set(treeImages).size);

  const footer = await db
    .selectFrom('post')
    .select('tree')
    .where('type', '=', 'template')
    .where('slug', '=', 'footer')
    .executeTakeFirstOrThrow();
  expect(footer.tree).toContain('"widget":"nav-menu"');

  const menu = await db.selectFrom('menu').selectAll().where('location', '=', 'main').executeTakeFirstOrThrow();
  expect(menu.slug).toBe('utama');
  const items = await db
    .selectFrom('menu_item')
    .selectAll()
    .where('menu_id', '=', menu.id)
    .orderBy('position')
    .execute();
  const top = items.filter((i) => i.parent_id === null);
  expect(top.map((i) => i.title)).toEqual([
    'Beranda',
    'Profil',
    'Berita',
    'Galeri',
    'Ekstrakurikuler',
    'Agenda',
    'PPDB',
    'Kontak',
  ]);
  expect(top.find((i) => i.title === 'Ekstrakurikuler')?.url).toBe('/ekskul/');
  const children = (title: string) => items.filter((i) => i.parent_id === top.find((t) => t.title === title)?.id);
  expect(children('Profil').map((i) => i.title)).toEqual([
    'Profil Sekolah',
    'Visi & Misi',
    'Guru & Staf',
    'Video Sekolah',
  ]);
  expect(children('Berita').length).toBeGreaterThanOrEqual(6);
  expect(children('Berita').every((i) => i.url.startsWith('/category/'))).toBe(true);
  expect(top.find((i) => i.title === 'PPDB')?.badge).toBe('Baru');
  expect(top.find((i) => i.title === 'PPDB')?.attr_title).toBe('Pendaftaran siswa baru dibuka');
  expect(await db.selectFrom('menu').select('id').where('location', '=', 'footer').executeTakeFirst()).toBeDefined();

  // Issue 12: the header's templates, the "Profil" item's mega panel, the menu's own settings.
  const templates = await db
    .selectFrom('post')
    .select(['id', 'slug', 'tree', 'status'])
    .where('type', '=', 'template')
    .execute();
  expect(templates.map((t) => t.slug).sort()).toEqual([
    'footer',
    'mega-profil',
    'panel-hamburger',
    'popup-pengumuman-ppdb',
    'popup-perbandingan',
    // Issue 22: the panels of the tabs on /profil/.
    'tab-fasilitas',
    'tab-profil',
    'tab-visi-misi',
  ]);
  // Issue 13: the popups are the templates carrying popup settings (the announcement: second view, a week).
  const popupMeta = await db
    .selectFrom('post_meta')
    .innerJoin('post', 'post.id', 'post_meta.post_id')
    .select(['post.slug', 'post_meta.value_text'])
    .where('post_meta.meta_key', '=', '_jet_popup_settings')
    .orderBy('post.slug')
    .execute();
  expect(popupMeta.map((m) => m.slug)).toEqual(['popup-pengumuman-ppdb', 'popup-perbandingan']);
  expect(JSON.parse(popupMeta[0]?.value_text ?? '{}')).toMatchObject({ timing: { pageViews: 2 }, storage: 'week' });
  expect(templates.every((t) => t.status === 'publish')).toBe(true);
  const mega = templates.find((t) => t.slug === 'mega-profil')!;
  const megaWidgets = [...(mega.tree ?? '').matchAll(/"widget":"([a-z-]+)"/g)].map((m) => m[1]);
  expect(megaWidgets).toEqual(['text-editor', 'image']);
  for (const href of ['/profil/', '/visi-misi/', '/guru-staf/']) expect(mega.tree).toContain(`href=\\"${href}\\"`);
  const megaImage = Number(/"mediaId":(\d+)/.exec(mega.tree ?? '')?.[1]);
  expect(await db.selectFrom('media').select('id').where('id', '=', megaImage).executeTakeFirst()).toBeDefined();
  expect(items.filter((i) => i.mega_template_id !== null).map((i) => [i.title, i.mega_template_id])).toEqual([
    ['Profil', mega.id],
  ]);
  expect(new Set(items.map((i) => i.mega_content_type))).toEqual(new Set(['elementor']));
  // Slide-out from the right, hover, the default loader colour (issue 12): the defaults but for the
  // toggle's text and the descriptions shown.
  const defaults = parseMenuSettings('footer', '{}');
  expect(defaults.mobile).toMatchObject({ menuLayout: 'slide-out', menuPosition: 'right', loaderColor: '#3a3a3a' });
  expect(defaults.desktop).toMatchObject({ subEvent: 'hover', megaWidthType: 'container' });
  expect(parseMenuSettings(menu.slug, menu.settings)).toEqual({
    ...defaults,
    mobile: { ...defaults.mobile, toggleText: 'Menu', itemDescVisible: true },
  });
  // A menu without settings in menus.yaml is stored with every default written out.
  const footerMenu = await db
    .selectFrom('menu')
    .select(['slug', 'settings'])
    .where('location', '=', 'footer')
    .executeTakeFirstOrThrow();
  expect(JSON.parse(footerMenu.settings)).toEqual(parseMenuSettings('footer', '{}'));

  const admin = await db.selectFrom('app_user').selectAll().where('login', '=', 'admin').executeTakeFirstOrThrow();
  expect(admin).toMatchObject({
    display_name: 'Admin Sekolah',
    email: 'admin@smptunasbangsa.sch.id',
  });
  // The demo password (README) signs in; the hash is scrypt's, never the password itself.
  expect(admin.password_hash).toMatch(/^scrypt\$/);
  expect(await verifyPassword('Admin#Tunas2025', admin.password_hash)).toBe(true);
  const role = await db
    .selectFrom('user_role')
    .select('role')
    .where('user_id', '=', admin.id)
    .executeTakeFirstOrThrow();
  expect(role.role).toBe('administrator');
}

/** The database itself refuses filter records the code could not read (migration 0002's checks). */
async function expectFilterConstraints(conn: Connection) {
  const good = {
    id: 900,
    name: 'Uji',
    type: 'checkboxes',
    label: 'Uji',
    active_label: 'Uji',
    query_type: 'tax_query',
    query_var: 'category',
    query_var_suffix: '',
    apply_type: 'ajax',
    source: '{"kind":"taxonomy","taxonomy":"category"}',
    indexer: '{}',
    settings: '{}',
  };
  const insert = (row: typeof good) => conn.db.insertInto('smart_filter').values(row).execute();
  await insert(good);
  for (const bad of [
    { id: 0 },
    { type: 'slider' },
    { query_type: 'taxonomy' },
    { apply_type: 'instant' },
    { source: 'kind: taxonomy' },
    { settings: '{"min": 1' },
    { id: 900 },
  ]) {
    await expect(insert({ ...good, id: 901, ...bad }), JSON.stringify(bad)).rejects.toThrow();
  }
  await conn.db.deleteFrom('smart_filter').where('id', '=', 900).execute();
}

/** Seeds, checks, seeds again and checks that nothing changed. */
async function seedTwiceAndCheck(conn: Connection) {
  expect(await seedDemoSchool(conn, { uploadsDir: UPLOADS })).toEqual({ seeded: true });
  await expectDemoSchool(conn);
  const before = await snapshot(conn);
  expect(await seedDemoSchool(conn, { uploadsDir: UPLOADS })).toEqual({ seeded: false });
  expect(await snapshot(conn)).toEqual(before);
}

describe('demo school on SQLite', () => {
  test(
    'seeds the school once; a second run changes nothing',
    async () => {
      const conn = await freshSqlite();
      try {
        await seedTwiceAndCheck(conn);
      } finally {
        await conn.close();
      }
    },
    SEED_TIMEOUT,
  );

  test('the smart_filter table refuses records the code cannot read', async () => {
    const conn = await freshSqlite();
    try {
      await expectFilterConstraints(conn);
    } finally {
      await conn.close();
    }
  });

  test(
    'without the gallery: no gallery items, everything else there',
    async () => {
      const conn = await freshSqlite();
      try {
        expect(await seedDemoSchool(conn, { uploadsDir: UPLOADS, gallery: false })).toEqual({ seeded: true });
        const count = async (type: string) =>
          Number(
            (
              await conn.db
                .selectFrom('post')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('type', '=', type)
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect(await count('galeri')).toBe(0);
        expect(await count('post')).toBeGreaterThanOrEqual(32);
        expect(await count('page')).toBe(12);
        expect(await count('ekskul')).toBeGreaterThanOrEqual(24);
        // The activity categories still exist, so the gallery page can offer its filters.
        const terms = await conn.db.selectFrom('term').select('id').where('taxonomy', '=', 'kategori-galeri').execute();
        expect(terms.length).toBeGreaterThanOrEqual(3);
      } finally {
        await conn.close();
      }
    },
    SEED_TIMEOUT,
  );

  test(
    'seedSynthetic adds news, gallery and activity rows with unique slugs, distinct dates, their terms and meta, also when run twice',
    async () => {
      const conn = await freshSqlite();
      try {
        await seedDemoSchool(conn, { uploadsDir: UPLOADS });
        const { db } = conn;
        const mediaBefore = (await snapshot(conn)).counts.media;
        await seedSynthetic(conn, 500);
        await seedSynthetic(conn, 100);
        const rows = await db
          .selectFrom('post')
          .select(['id', 'type', 'slug', 'published_at', 'featured_media_id'])
          .where('slug', 'like', 'sintetis-%')
          .execute();
        expect(rows.length).toBe(600);
        expect(new Set(rows.map((r) => r.slug)).size).toBe(600);
        expect(new Set(rows.map((r) => r.published_at)).size).toBe(600);
        // About 70% news, 15% gallery, 15% activities.
        const ofType = (type: string) => rows.filter((r) => r.type === type);
        for (const type of ['galeri', 'ekskul']) {
          expect(ofType(type).length, type).toBeGreaterThan(50);
          expect(ofType(type).length, type).toBeLessThan(140);
        }
        expect(ofType('post').length + ofType('galeri').length + ofType('ekskul').length).toBe(600);
        const ekskulIds = new Set(ofType('ekskul').map((r) => r.id));
        expect(rows.every((r) => r.featured_media_id !== null)).toBe(true);
        expect((await snapshot(conn)).counts.media).toBe(mediaBefore);
        const threeYearsAgo = new Date(Date.now() - 3 * 366 * 86_400_000).toISOString();
        expect(rows.every((r) => r.published_at >= threeYearsAgo && r.published_at <= new Date().toISOString())).toBe(
          true,
        );

        const ids = rows.map((r) => r.id);
        const termCounts = await db
          .selectFrom('post_term')
          .select(['post_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('post_id', 'in', ids)
          .groupBy('post_id')
          .execute();
        expect(termCounts.length).toBe(600);
        // News and gallery rows: 1-3 terms; activities: their activity and 1-3 grades.
        for (const t of termCounts) {
          const [min, max] = ekskulIds.has(t.post_id) ? [2, 4] : [1, 3];
          expect(Number(t.n)).toBeGreaterThanOrEqual(min);
          expect(Number(t.n)).toBeLessThanOrEqual(max);
        }
        // Gallery items only carry activity categories.
        const wrong = await db
          .selectFrom('post_term')
          .innerJoin('post', 'post.id', 'post_term.post_id')
          .innerJoin('term', 'term.id', 'post_term.term_id')
          .select('post.id')
          .where('post.slug', 'like', 'sintetis-%')
          .where('post.type', '=', 'galeri')
          .where('term.taxonomy', '!=', 'kategori-galeri')
          .execute();
        expect(wrong).toEqual([]);
        const meta = await db
          .selectFrom('post_meta')
          .select(['meta_key', (eb) => eb.fn.countAll<number>().as('n')])
          .where('post_id', 'in', ids)
          .groupBy('meta_key')
          .orderBy('meta_key')
          .execute();
        const others = 600 - ekskulIds.size;
        expect(Object.fromEntries(meta.map((m) => [m.meta_key, Number(m.n)]))).toEqual({
          event_date: others,
          tahun: others,
          views: others,
          ...Object.fromEntries(EKSKUL_META.map((k) => [k, ekskulIds.size])),
        });

        // Synthetic activities look like real ones, with values the filters offer.
        const real = await itemsWithMeta(conn, 'ekskul', '%');
        const synthetic = await itemsWithMeta(conn, 'ekskul', 'sintetis-%');
        expect(synthetic.length).toBe(ekskulIds.size);
        const offered = (k: string) =>
          new Set(real.filter((e) => !e.slug.startsWith('sintetis-')).map((e) => e.meta[k]));
        for (const item of synthetic) {
          for (const k of ['hari', 'jam', 'tempat', 'warna'])
            expect(offered(k).has(item.meta[k]), `${item.slug} ${k}`).toBe(true);
          expect(item.meta.biaya).toBeGreaterThanOrEqual(0);
          expect(item.meta.biaya).toBeLessThanOrEqual(200_000);
          expect(item.meta.rating).toBeGreaterThanOrEqual(1);
          expect(item.meta.rating).toBeLessThanOrEqual(5);
          expect(item.terms.filter((t) => t.startsWith('bidang-ekskul:') && t.endsWith('^'))).toHaveLength(1);
          expect(item.terms.every((t) => t.startsWith('bidang-ekskul:') || t.startsWith('tingkat:'))).toBe(true);
        }
        expect(synthetic.some((e) => e.meta.biaya === 0)).toBe(true);
      } finally {
        await conn.close();
      }
    },
    SEED_TIMEOUT,
  );
});

describe('seed files', () => {
  test('the content files load and hold what the pages need', () => {
    const content = loadContent();
    expect(content.posts.length).toBeGreaterThanOrEqual(32);
    expect(content.gallery.length).toBeGreaterThanOrEqual(15);
    expect(content.pages.filter((p) => p.front).map((p) => p.slug)).toEqual(['beranda']);
    expect(content.site.language).toBe('id');
  });

  test('a bad field is reported with its file and path', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunas-content-'));
    tmpDirs.push(dir);
    fs.cpSync(defaultContentDir(), dir, { recursive: true });
    const postsFile = path.join(dir, 'posts.yaml');
    const text = fs.readFileSync(postsFile, 'utf8');
    fs.writeFileSync(postsFile, text.replace(/date: 2024-07-29T10:00:00\+07:00/, 'date: 29 Juli 2024'));
    expect(() => loadContent(dir)).toThrow(ContentError);
    expect(() => loadContent(dir)).toThrow(/^content\/posts\.yaml: posts\[1\]\.date: /);

    fs.writeFileSync(
      postsFile,
      text.replace('categories: [pengumuman, ekstrakurikuler]', 'categories: [pengumuman, kuliner]'),
    );
    expect(() => loadContent(dir)).toThrow('content/posts.yaml: posts[1].categories[1]: no category with slug kuliner');

    fs.writeFileSync(postsFile, text);
    const pagesFile = path.join(dir, 'pages.yaml');
    const pages = fs.readFileSync(pagesFile, 'utf8');
    fs.writeFileSync(
      pagesFile,
      pages.replace(
        'settings: { title: Sambutan Kepala Sekolah, level: 2 }',
        'settings: { title: Sambutan, level: 9 }',
      ),
    );
    expect(() => loadContent(dir)).toThrow(
      /^content\/pages\.yaml: pages\[0\]\.tree\[2\]\.children\[1\]\.children\[0\]\.settings\.level: /,
    );
  });

  test('menus name templates that exist and settings the menu schema takes, or are refused with their path', () => {
    const content = loadContent();
    const main = content.menus.find((m) => m.location === 'main');
    expect(main?.items.find((i) => i.title === 'Profil')?.megaTemplate).toBe('mega-profil');
    expect(content.templates.map((t) => t.slug)).toEqual(expect.arrayContaining(['mega-profil', 'panel-hamburger']));

    const { refusal } = contentCopy('tunas-menus-');
    expect(refusal('menus.yaml', 'megaTemplate: mega-profil', 'megaTemplate: mega-sejarah')).toBe(
      'content/menus.yaml: menus[0].items[1].megaTemplate: no template "mega-sejarah" in templates.yaml',
    );
    expect(refusal('menus.yaml', 'menuLayout: slide-out', 'menuLayout: sideways')).toMatch(
      /^content\/menus\.yaml: menus\[0\]\.settings\.mobile\.menuLayout: Invalid option/,
    );
    expect(refusal('menus.yaml', "loaderColor: '#3a3a3a'", 'loaderColor: grey')).toBe(
      'content/menus.yaml: menus[0].settings.mobile.loaderColor: a colour is #rgb or #rrggbb',
    );
    expect(refusal('menus.yaml', 'megaWidthType: container', 'megaWidthType: selector')).toBe(
      'content/menus.yaml: menus[0].settings.desktop.megaWidthSelector: megaWidthType selector needs a megaWidthSelector',
    );
    expect(
      refusal('menus.yaml', 'closeAfterNavigate: true', 'closeAfterNavigate: true\n        afterTemplate: promo'),
    ).toBe('content/menus.yaml: menus[0].settings.mobile.afterTemplate: no template "promo" in templates.yaml');
    expect(
      refusal(
        'menus.yaml',
        'closeAfterNavigate: true',
        'closeAfterNavigate: true\n        afterTemplate: panel-hamburger',
      ),
    ).toBe('accepted');
    expect(refusal('menus.yaml', 'rollUp: true', 'rollUp: true\n        rollDown: true')).toMatch(
      /^content\/menus\.yaml: menus\[0\]\.settings\.desktop: Unrecognized key/,
    );
    expect(refusal('menus.yaml', '    location: footer', '    location: main')).toBe(
      'content/menus.yaml: menus[1].location: another menu is at location main',
    );
    expect(refusal('templates.yaml', '- slug: panel-hamburger', '- slug: mega-profil')).toBe(
      'content/templates.yaml: templates[2].slug: duplicate slug mega-profil',
    );
    expect(refusal('menus.yaml', 'icon: user-plus', 'icon: User Plus')).toMatch(
      /^content\/menus\.yaml: menus\[0\]\.items\[6\]\.icon: /,
    );
    expect(refusal('menus.yaml', 'icon: user-plus', 'icon: user-plush')).toBe(
      'content/menus.yaml: menus[0].items[6].icon: no icon "user-plush" in the Lucide icon set (lucide.dev/icons)',
    );
  });

  test('the filter records load and validate, and every filter widget names a record and a listing on its page', () => {
    const content = loadContent();
    const ids = content.filters.map((f) => f.record.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { record } of content.filters) expect(filterRecord.parse(record), record.name).toEqual(record);

    const placed = new Set<number>();
    /** Per page: the filter group widgets it has, and the filter ids of each group. */
    const pageGroups = new Map<string, { widgets: Set<string>; filters: Map<string, number[]> }>();
    for (const page of content.pages) {
      const widgets = widgetsOf(page.tree);
      const listings = new Set(
        widgets.flatMap((w) => {
          const provider = { 'jet-listing-grid': 'jet-engine', posts: 'epro-posts' }[w.widget ?? ''];
          return provider && typeof w.settings.queryId === 'string' ? [`${provider}/${w.settings.queryId}`] : [];
        }),
      );
      const found = { widgets: new Set<string>(), filters: new Map<string, number[]>() };
      pageGroups.set(page.slug, found);
      for (const w of widgets.filter((w) => w.widget?.startsWith('smart-filter'))) {
        const key = `${String(w.settings.provider)}/${String(w.settings.queryId)}`;
        expect(listings.has(key), `${page.slug} ${w.id} → ${key}`).toBe(true);
        found.widgets.add(w.widget as string);
        if (w.widget === 'smart-filter') {
          const id = Number(w.settings.filterId);
          expect(ids, `${page.slug} ${w.id}`).toContain(id);
          placed.add(id);
          found.filters.set(key, [...(found.filters.get(key) ?? []), id]);
        }
      }
    }
    // Every record is shown somewhere, and each listing page has the filters the issue asks for.
    expect([...placed].sort()).toEqual([...ids].sort());
    const filtersOf = (slug: string, key: string) =>
      [...(pageGroups.get(slug)?.filters.get(key) ?? [])].sort((a, b) => a - b);
    expect(filtersOf('galeri', 'jet-engine/galeri')).toEqual([11, 12, 13]);
    expect(filtersOf('berita', 'epro-posts/berita')).toEqual([21, 22, 23, 24, 25, 26, 27, 28]);
    expect(filtersOf('ekskul', 'jet-engine/ekskul')).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39]);
    const widgetsOn = (slug: string) => [...(pageGroups.get(slug)?.widgets ?? [])];
    expect(widgetsOn('galeri')).toEqual(
      expect.arrayContaining(['smart-filter', 'smart-filter-active', 'smart-filter-remove']),
    );
    for (const slug of ['berita', 'ekskul']) {
      expect(widgetsOn(slug), slug).toEqual(
        expect.arrayContaining([
          'smart-filter',
          'smart-filter-pagination',
          'smart-filter-active',
          'smart-filter-remove',
        ]),
      );
    }
    expect(widgetsOn('berita')).toContain('smart-filter-apply');
    // The mixed filters of /berita/ need that apply button.
    expect(content.filters.filter((f) => f.record.applyType === 'mixed').map((f) => f.record.id)).toEqual([22, 23]);
  });

  test('every option of the /ekskul/ filters has activities, and some combinations have none', () => {
    const content = loadContent();
    const items = content.ekskul;
    expect(items.length).toBeGreaterThanOrEqual(24);
    const record = (id: number) => content.filters.find((f) => f.record.id === id)!.record;
    const metaOf = (item: Content['ekskul'][number], key: string) => String(item[key as keyof typeof item]);

    // Manual options on meta: each has items, and no item holds a value the filter does not offer.
    for (const id of [33, 35, 36, 37]) {
      const f = record(id);
      const options = f.source.kind === 'manual' ? f.source.options.map((o) => o.value) : [];
      expect(options.length, f.name).toBeGreaterThan(3);
      for (const o of options)
        expect(
          items.some((e) => metaOf(e, f.queryVar) === o),
          `${f.name}: ${o}`,
        ).toBe(true);
      for (const e of items) expect(options, `${e.slug} ${f.queryVar}`).toContain(metaOf(e, f.queryVar));
    }
    // Every activity, every field (through its activities) and every grade has items.
    const terms = content.terms['bidang-ekskul'];
    for (const t of terms) {
      const below = t.parent ? [t.slug] : terms.filter((c) => c.parent === t.slug).map((c) => c.slug);
      expect(
        items.some((e) => below.includes(e.bidang)),
        t.slug,
      ).toBe(true);
    }
    for (const t of content.terms.tingkat)
      expect(
        items.some((e) => e.tingkat.includes(t.slug)),
        t.slug,
      ).toBe(true);
    // Fees fit the slider, with free activities and dear ones; ratings reach every star.
    const fee = record(32).settings;
    expect(items.every((e) => e.biaya >= fee.min! && e.biaya <= fee.max! && e.biaya % fee.step! === 0)).toBe(true);
    expect(items.filter((e) => e.biaya === 0).length).toBeGreaterThanOrEqual(5);
    expect(items.some((e) => e.biaya >= 100_000)).toBe(true);
    for (let star = 1; star <= 5; star++)
      expect(
        items.some((e) => e.rating >= star),
        `${star}★`,
      ).toBe(true);
    expect(items.some((e) => e.rating < 3)).toBe(true);

    // The `hide` rule (days) and the `disable` rule (grades) have something to do: under some
    // other choice a day and a grade have no activity left, while others still have some.
    const fieldOf = (e: Content['ekskul'][number]) => terms.find((t) => t.slug === e.bidang)?.parent;
    const days = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];
    const hours = [...new Set(items.map((e) => e.jam))];
    expect(
      hours.some((h) => {
        const counts = days.map((d) => items.filter((e) => e.jam === h && e.hari === d).length);
        return counts.includes(0) && counts.some((n) => n > 0);
      }),
    ).toBe(true);
    const fields = terms.filter((t) => !t.parent).map((t) => t.slug);
    expect(
      fields.some((f) => {
        const counts = ['kelas-7', 'kelas-8', 'kelas-9'].map(
          (g) => items.filter((e) => fieldOf(e) === f && e.tingkat.includes(g)).length,
        );
        return counts.includes(0) && counts.some((n) => n > 0);
      }),
    ).toBe(true);
  });

  test('a bad filter record, or a filter widget without its record or listing, is refused with its path', () => {
    const { dir, refusal } = contentCopy('tunas-filters-');

    expect(refusal('filters.yaml', 'rule: hide,', 'rule: hidden,')).toMatch(
      /^content\/filters\.yaml: filters\[17\]\.indexer\.rule: Invalid option/,
    );
    // A key the record schema would silently drop is a typo in a seed file.
    expect(refusal('filters.yaml', "label: Merah, color: '#d32f2f'", "label: Merah, colour: '#d32f2f'")).toBe(
      'content/filters.yaml: filters[16].source.options[0]: Unrecognized key: "colour"',
    );
    expect(refusal('filters.yaml', /(queryVar: biaya)\n\s+queryVarSuffix: range/, '$1')).toBe(
      'content/filters.yaml: filters[12].queryType: a range filter queries meta_query <name>|range (original-wire.md §2.2), not meta_query "biaya"',
    );
    expect(refusal('filters.yaml', 'image: tempat-aula', 'image: tempat-kolam')).toBe(
      'content/filters.yaml: filters[15].source.options[1].image: no image "tempat-kolam" in media.yaml',
    );
    expect(refusal('filters.yaml', 'id: 12\n', 'id: 11\n')).toBe(
      'content/filters.yaml: filters[1].id: filter id 11 is used twice',
    );
    expect(refusal('filters.yaml', 'taxonomy: tingkat }', 'taxonomy: kelas }')).toBe(
      'content/filters.yaml: filters[18].source: a tax_query filter offers the terms of its taxonomy (tingkat)',
    );
    expect(refusal('pages.yaml', '{ filterId: 12, provider: jet-engine', '{ filterId: 99, provider: jet-engine')).toBe(
      'content/pages.yaml: pages[5].tree[1].children[1].children[0].settings.filterId: no filter 99 in filters.yaml',
    );
    expect(refusal('pages.yaml', '{ filterId: 22, provider: epro-posts', '{ filterId: 12, provider: epro-posts')).toBe(
      'content/pages.yaml: pages[4].tree[1].children[0].children[3].settings.filterId: filter 12 filters by meta tahun, which no post item of listing epro-posts/berita carries',
    );
    expect(
      refusal(
        'pages.yaml',
        '{ provider: jet-engine, queryId: ekskul, midSize',
        '{ provider: jet-engine, queryId: kegiatan, midSize',
      ),
    ).toBe(
      'content/pages.yaml: pages[6].tree[1].children[1].children[4].settings.queryId: no listing jet-engine/kegiatan on this page (a jet-listing-grid widget with queryId kegiatan)',
    );
    expect(refusal('ekskul.yaml', 'bidang: pramuka\n', 'bidang: kepemimpinan\n')).toBe(
      'content/ekskul.yaml: items[0].bidang: kepemimpinan is a field; name the activity below it',
    );
    expect(refusal('ekskul.yaml', 'hari: Jumat\n', "hari: Jum'at\n")).toMatch(
      /^content\/ekskul\.yaml: items\[0\]\.hari: Invalid option/,
    );
    // An additional provider names another listing on the same page.
    expect(
      refusal(
        'pages.yaml',
        '[{ provider: epro-posts, queryId: berita-samping }]',
        '[{ provider: epro-posts, queryId: kabar }]',
      ),
    ).toBe(
      'content/pages.yaml: pages[4].tree[1].children[0].children[2].settings.additionalProviders[0].queryId: no listing epro-posts/kabar on this page (a posts widget with queryId kabar)',
    );
    expect(
      refusal(
        'pages.yaml',
        '[{ provider: epro-posts, queryId: berita-samping }]',
        '[{ provider: epro-posts, queryId: berita }]',
      ),
    ).toBe(
      "content/pages.yaml: pages[4].tree[1].children[0].children[2].settings.additionalProviders[0]: epro-posts/berita is the filter's own listing",
    );
    // Untouched, the same files load.
    expect(() => loadContent(dir)).not.toThrow();
  });
});

const withPg = await pgReachable();

describe.skipIf(!withPg)('demo school on PostgreSQL', () => {
  let conn: Connection;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ conn, dispose } = await migratedPostgresSchema());
  });

  afterAll(async () => {
    await dispose?.();
  });

  test('seeds the school once; a second run changes nothing', () => seedTwiceAndCheck(conn), SEED_TIMEOUT);

  test('seedSynthetic adds rows on PostgreSQL too', async () => {
    await seedSynthetic(conn, 300);
    const row = await conn.db
      .selectFrom('post')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('slug', 'like', 'sintetis-%')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(300);
    const activities = await itemsWithMeta(conn, 'ekskul', 'sintetis-%');
    expect(activities.length).toBeGreaterThan(20);
    for (const item of activities) expect(Object.keys(item.meta).sort(), item.slug).toEqual([...EKSKUL_META].sort());
  });

  test('the smart_filter table refuses records the code cannot read', () => expectFilterConstraints(conn));
});
