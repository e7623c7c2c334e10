import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Connection, connect } from '~/db/connection.server';
import { migrateToLatest } from '~/db/migrate.server';
import { mediaUrl, toMediaView } from '~/features/media';
import { treeSchema } from '~/features/site/index.server';
import { defaultContentDir } from './content';
import { ContentError, loadContent, SEED_OPTIONS, seedDemoSchool, seedSynthetic } from './index';

/** Shared with the other integration tests: pictures are drawn once per machine. */
const UPLOADS = path.resolve('.test-data/uploads');
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
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

  const pages = await db.selectFrom('post').select(['id', 'slug', 'tree']).where('type', '=', 'page').execute();
  expect(pages.map((p) => p.slug).sort()).toEqual(
    ['agenda', 'beranda', 'berita', 'galeri', 'guru-staf', 'kontak', 'ppdb', 'profil', 'visi-misi'].sort(),
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
  const imageIds = [...(beranda.tree ?? '').matchAll(/"mediaId":(\d+)/g)].map((m) => Number(m[1]));
  expect(imageIds.length).toBeGreaterThan(0);
  const found = await db.selectFrom('media').select('id').where('id', 'in', imageIds).execute();
  expect(found.length).toBe(new Set(imageIds).size);

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
  expect(top.map((i) => i.title)).toEqual(['Beranda', 'Profil', 'Berita', 'Galeri', 'Agenda', 'PPDB', 'Kontak']);
  const children = (title: string) => items.filter((i) => i.parent_id === top.find((t) => t.title === title)?.id);
  expect(children('Profil').map((i) => i.title)).toEqual(['Profil Sekolah', 'Visi & Misi', 'Guru & Staf']);
  expect(children('Berita').length).toBeGreaterThanOrEqual(6);
  expect(children('Berita').every((i) => i.url.startsWith('/category/'))).toBe(true);
  expect(top.find((i) => i.title === 'PPDB')?.badge).toBe('Baru');
  expect(await db.selectFrom('menu').select('id').where('location', '=', 'footer').executeTakeFirst()).toBeDefined();

  const admin = await db.selectFrom('app_user').selectAll().where('login', '=', 'admin').executeTakeFirstOrThrow();
  expect(admin).toMatchObject({
    display_name: 'Admin Sekolah',
    email: 'admin@smptunasbangsa.sch.id',
    password_hash: '!',
  });
  const role = await db
    .selectFrom('user_role')
    .select('role')
    .where('user_id', '=', admin.id)
    .executeTakeFirstOrThrow();
  expect(role.role).toBe('administrator');
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
        expect(await count('page')).toBe(9);
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
    'seedSynthetic adds rows with unique slugs, distinct dates, terms and meta, also when run twice',
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
        const galeri = rows.filter((r) => r.type === 'galeri').length;
        expect(galeri).toBeGreaterThan(60);
        expect(galeri).toBeLessThan(180);
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
        expect(termCounts.every((t) => Number(t.n) >= 1 && Number(t.n) <= 3)).toBe(true);
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
        expect(meta.map((m) => [m.meta_key, Number(m.n)])).toEqual([
          ['event_date', 600],
          ['tahun', 600],
          ['views', 600],
        ]);
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
      /^content\/pages\.yaml: pages\[0\]\.tree\[1\]\.children\[1\]\.children\[0\]\.settings\.level: /,
    );
  });
});

async function pgAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const withPg = await pgAvailable();

describe.skipIf(!withPg)('demo school on PostgreSQL', () => {
  const schema = `seed_test_${process.pid}_${Date.now().toString(36)}`;
  let admin: pg.Client;
  let conn: Connection;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
    conn = connect(url);
    await migrateToLatest(conn.db);
  });

  afterAll(async () => {
    await conn?.close();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
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
  });
});
