import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AppContext } from '~/context';
import { type Connection, connect } from '~/db/connection.server';
import { migrateToLatest } from '~/db/migrate.server';
import { sessionReader } from '~/features/accounts/session.server';
import { seedDemoSchool } from '../../seed';
import { seedFingerprint } from '../../seed/fingerprint';

/** Generated images are shared by every test database (they never change). */
export const TEST_UPLOADS = path.resolve('.test-data/uploads');
const TEMPLATE_DIR = path.resolve('.test-data/templates');

export const PG_URL = process.env.TEST_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether a PostgreSQL server answers (the suite also runs on SQLite alone). */
export async function pgReachable(): Promise<boolean> {
  if (!/^postgres/.test(PG_URL)) return false;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A seeded SQLite template, made once per variant and copied for each test file. */
async function sqliteTemplate(variant: 'demo' | 'no-gallery'): Promise<string> {
  // Named by what it is seeded from: a change to the seed, migrations or content makes a new one.
  const file = path.join(TEMPLATE_DIR, `${variant}-${seedFingerprint(process.cwd())}.db`);
  const lock = `${file}.ready`;
  if (fs.existsSync(lock)) return file;
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}`;
  const conn = connect(tmp);
  await migrateToLatest(conn.db);
  await seedDemoSchool(conn, { uploadsDir: TEST_UPLOADS, gallery: variant === 'demo' });
  await conn.close();
  // Several test files may race here; a rename is atomic, so each reader sees a whole file.
  fs.renameSync(tmp, file);
  fs.writeFileSync(lock, '');
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${tmp}${suffix}`, { force: true });
  return file;
}

/** Seeds both SQLite templates (vitest global setup). */
export async function prepareTemplates(): Promise<void> {
  await sqliteTemplate('demo');
  await sqliteTemplate('no-gallery');
}

/** A fresh, seeded database of the given dialect, removed again by `dispose`. */
export async function freshDatabase(
  dialect: 'sqlite' | 'postgres',
  variant: 'demo' | 'no-gallery' = 'demo',
): Promise<{ conn: Connection; url: string; dispose(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const template = await sqliteTemplate(variant);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smp-test-'));
    const file = path.join(dir, 'site.db');
    fs.copyFileSync(template, file);
    const conn = connect(file);
    return {
      conn,
      url: file,
      async dispose() {
        await conn.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const fresh = await migratedPostgresSchema();
  await seedDemoSchool(fresh.conn, { uploadsDir: TEST_UPLOADS, gallery: variant === 'demo' });
  return fresh;
}

/** A new PostgreSQL schema with every migration run and nothing seeded, removed again by `dispose`. */
export async function migratedPostgresSchema(): Promise<{ conn: Connection; url: string; dispose(): Promise<void> }> {
  const schema = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const sep = PG_URL.includes('?') ? '&' : '?';
  // No parallel query: a parallel worker may not find a schema this new ("schema … does not exist", where
  // "parallel worker"), and the catalog grows big enough for one while many test files run at once.
  const url = `${PG_URL}${sep}options=${encodeURIComponent(`-c search_path=${schema} -c max_parallel_workers_per_gather=0`)}`;
  const conn = connect(url);
  await migrateWhileOthersDrop(conn, schema);
  return {
    conn,
    url,
    async dispose() {
      await conn.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/**
 * Kysely's migrator looks for its table through every schema of the database, so another test file
 * dropping its own schema at that moment fails ours with "schema t_… does not exist". Nothing has
 * migrated by then: run it again.
 */
async function migrateWhileOthersDrop(conn: Connection, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(conn.db);
      return;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const othersDropped = cause?.code === '3F000' && !cause.message?.includes(schema);
      if (!othersDropped || attempt === 5) throw error;
    }
  }
}

/** The dialects this run covers: SQLite always, PostgreSQL when reachable. */
export const DIALECTS: Array<'sqlite' | 'postgres'> = (await pgReachable()) ? ['sqlite', 'postgres'] : ['sqlite'];

/** The load context a route or wire call gets from the server. */
export function appContext(conn: Connection, nonceSecret = 'test-secret'): AppContext {
  return {
    db: conn.db,
    dialect: conn.dialect,
    nonceSecret,
    cspNonce: 'test',
    devMode: false,
    serverHtml: new Map(),
    userOf: sessionReader(conn.db),
  };
}
