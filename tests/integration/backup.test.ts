import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Connection, connect } from '~/db/connection.server';
import { backup, restore, type SiteStorage, verifyArchive } from '../../server/backup/archive.server';
import type { Manifest } from '../../server/backup/manifest';
import { DIALECTS, freshDatabase, PG_URL, TEST_UPLOADS } from '../support/databases';

/**
 * Issue 25 "Backups": `npm run backup` while the site writes, `--verify`, and `npm run restore` into an empty
 * database and uploads folder elsewhere: every post, photo, review, user and subscriber there, as backed up.
 */

const TABLES = ['post', 'media', 'review', 'app_user', 'subscriber'] as const;

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

async function idsOf(conn: Connection, table: (typeof TABLES)[number]): Promise<number[]> {
  const rows = await conn.db.selectFrom(table).select('id').orderBy('id').execute();
  return rows.map((r) => Number(r.id));
}

describe.each(DIALECTS)('backup and restore on %s', (dialect) => {
  let source: Awaited<ReturnType<typeof freshDatabase>>;
  let dir: string;
  let storage: SiteStorage;
  let target: SiteStorage;
  let dropTarget = async () => {};
  let manifest: Manifest;
  let before: Record<string, number[]>;
  let written = 0;
  const archive = () => path.join(dir, 'site.tar.gz');

  beforeAll(async () => {
    source = await freshDatabase(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smp-backup-'));
    const uploadsDir = path.join(dir, 'site', 'uploads');
    fs.cpSync(TEST_UPLOADS, uploadsDir, { recursive: true });
    // A photo uploaded but not yet processed (its staged original), and the pipeline's half-written file.
    fs.mkdirSync(path.join(dir, 'site', 'uploads-staging'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'site', 'uploads-staging', 'antri.jpg'), 'staged original');
    fs.writeFileSync(path.join(uploadsDir, 'setengah.jpg.123.ab.tmp'), 'half written');
    storage = { databaseUrl: source.url, uploadsDir };
    before = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await idsOf(source.conn, t)])));

    // The site goes on taking subscribers while the backup runs.
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await source.conn.db
          .insertInto('subscriber')
          .values({
            email: `selama-cadangan-${written}@example.com`,
            list_id: '',
            fields: '{}',
            status: 'pending',
            created_at: new Date().toISOString(),
            confirmed_at: null,
            unsubscribed_at: null,
          })
          .execute();
        written++;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    try {
      manifest = await backup(storage, archive());
    } finally {
      writing = false;
      await writer;
    }

    if (dialect === 'sqlite') {
      target = {
        databaseUrl: path.join(dir, 'restored', 'site.db'),
        uploadsDir: path.join(dir, 'restored', 'uploads'),
      };
    } else {
      // Another database of the same server, empty: the backup's schema is made in it.
      const name = `restore_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      url.search = '';
      // %20, not URLSearchParams' "+": libpq reads the options as they are written.
      const options = encodeURIComponent(`-c search_path=${manifest.schema}`);
      target = { databaseUrl: `${url}?options=${options}`, uploadsDir: path.join(dir, 'restored', 'uploads') };
      dropTarget = async () => {
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    }
  }, 180_000);

  afterAll(async () => {
    await source?.dispose();
    await dropTarget();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the archive checks out, and lists the staged original but not the half-written file', async () => {
    expect(written).toBeGreaterThan(0);
    const { problems } = await verifyArchive(archive());
    expect(problems).toEqual([]);
    const paths = manifest.files.map((f) => f.path);
    expect(paths).toContain('uploads-staging/antri.jpg');
    expect(paths.some((p) => p.endsWith('.tmp'))).toBe(false);
    for (const t of TABLES) expect(manifest.counts[t], t).toBeGreaterThanOrEqual(before[t]?.length ?? 0);
  });

  test('a restore elsewhere holds every row and file as backed up', { timeout: 120_000 }, async () => {
    await restore(target, archive());
    const restored = connect(target.databaseUrl);
    try {
      const after = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await idsOf(source.conn, t)])));
      for (const t of TABLES) {
        const ids = await idsOf(restored, t);
        expect(ids.length, t).toBe(manifest.counts[t]);
        // Everything there before the backup began is there; nothing that never existed is.
        expect(ids, t).toEqual(expect.arrayContaining(before[t] as number[]));
        expect(after[t], t).toEqual(expect.arrayContaining(ids));
      }
      // Whole rows, not only ids: every post as the site has it.
      const posts = async (c: Connection) => c.db.selectFrom('post').selectAll().orderBy('id').execute();
      expect(await posts(restored)).toEqual(await posts(source.conn));
      const subscribers = await restored.db.selectFrom('subscriber').select('email').execute();
      expect(subscribers.length).toBe(manifest.counts.subscriber);
    } finally {
      await restored.close();
    }
    for (const file of manifest.files) {
      const where = file.path.startsWith('uploads-staging/')
        ? path.join(path.dirname(target.uploadsDir), 'uploads-staging', file.path.slice('uploads-staging/'.length))
        : path.join(target.uploadsDir, file.path.slice('uploads/'.length));
      expect(sha256(where), file.path).toBe(file.sha256);
    }
  });

  test('a restore into a database or folder that holds something is refused unless forced', {
    timeout: 120_000,
  }, async () => {
    await expect(restore(target, archive())).rejects.toThrow(/the target is not empty/);
    fs.writeFileSync(path.join(target.uploadsDir, 'tambahan.jpg'), 'not in the backup');
    await restore(target, archive(), { force: true });
    expect(fs.existsSync(path.join(target.uploadsDir, 'tambahan.jpg'))).toBe(false);
  });

  test('a damaged archive is named for what is wrong, and restoring it changes nothing', {
    timeout: 120_000,
  }, async () => {
    const unpacked = path.join(dir, 'unpacked');
    fs.mkdirSync(unpacked);
    await tar.x({ file: archive(), cwd: unpacked });
    const photo = manifest.files.find((f) => f.path.startsWith('uploads/'))?.path as string;
    fs.appendFileSync(path.join(unpacked, photo), 'x');
    const damaged = path.join(dir, 'damaged.tar.gz');
    await tar.c({ gzip: true, file: damaged, cwd: unpacked }, fs.readdirSync(unpacked));
    const { problems } = await verifyArchive(damaged);
    expect(problems).toEqual([
      `${photo}: ${(manifest.files.find((f) => f.path === photo)?.bytes ?? 0) + 1} bytes, listed ${manifest.files.find((f) => f.path === photo)?.bytes}`,
    ]);

    const held = fs.readdirSync(target.uploadsDir, { recursive: true }).length;
    await expect(restore(target, damaged, { force: true })).rejects.toThrow(/does not check out/);
    expect(fs.readdirSync(target.uploadsDir, { recursive: true }).length).toBe(held);

    fs.writeFileSync(path.join(dir, 'not-an-archive.tar.gz'), 'PK\u0003\u0004 a zip, not a backup');
    await expect(verifyArchive(path.join(dir, 'not-an-archive.tar.gz'))).rejects.toThrow(/is not a backup archive/);
  });
});
