import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { type Connection, connect } from '~/db/connection.server';
import { migrateToLatest } from '~/db/migrate.server';
import {
  expectFilterConstraints,
  itemsWithMeta,
  SEED_TIMEOUT,
  seedTwiceAndCheck,
  snapshot,
  UPLOADS,
} from '../tests/support/demo-school';
import { seedDemoSchool, seedSynthetic } from './index';
import { EKSKUL_META } from './schemas';

// The demo school seeded on SQLite (on PostgreSQL: demo-school-postgres.test.ts).

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
