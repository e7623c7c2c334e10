import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { mediaUrl, toMediaView } from '~/content/media';
import { treeSchema } from '~/content/tree';
import type { Connection } from '~/db/connection.server';
import { verifyPassword } from '~/features/accounts/password.server';
import { getFilterRecords } from '~/features/filters/records.server';
import { parseMenuSettings } from '~/features/menu/settings';
import { loadContent, SEED_OPTIONS, seedDemoSchool } from '../../seed';
import { EKSKUL_META } from '../../seed/schemas';
import { TEST_UPLOADS } from './databases';

/**
 * The demo school as seedDemoSchool writes it, checked on a database of either dialect: for
 * seed/demo-school-sqlite.test.ts and seed/demo-school-postgres.test.ts.
 */

/** Shared with the other integration tests: pictures are drawn once per machine. */
export const UPLOADS = TEST_UPLOADS;
export const SEED_TIMEOUT = 180_000;

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
export async function snapshot(conn: Connection) {
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

/** Each published item of a type with its meta (key → value) and its terms (`taxonomy:slug`). */
export async function itemsWithMeta(conn: Connection, type: string, slugLike = '%') {
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
export async function expectFilterConstraints(conn: Connection) {
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
export async function seedTwiceAndCheck(conn: Connection) {
  expect(await seedDemoSchool(conn, { uploadsDir: UPLOADS })).toEqual({ seeded: true });
  await expectDemoSchool(conn);
  const before = await snapshot(conn);
  expect(await seedDemoSchool(conn, { uploadsDir: UPLOADS })).toEqual({ seeded: false });
  expect(await snapshot(conn)).toEqual(before);
}
