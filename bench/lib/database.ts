import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { seedFingerprint } from '../../seed/fingerprint';
import { ROOT, runCommand, TSX } from './processes';

/** Bench data lives here, out of git (the folder carries its own .gitignore). */
export const DATA_DIR = path.join(ROOT, '.bench-data');
export const UPLOADS_DIR = path.join(DATA_DIR, 'uploads');
export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  dialect: 'sqlite' | 'postgres';
  /** DATABASE_URL for the seed and the servers. */
  url: string;
  /** Where, for people (no password). */
  location: string;
  /** Synthetic rows asked for. */
  synthetic: number;
  /** Published news posts, gallery items and activities in the database (demo + synthetic). */
  postsAndGallery: number;
  reused: boolean;
  seedSeconds: number;
}

interface Marker {
  synthetic: number;
  fingerprint: string;
  location: string;
  seededAt: string;
}

/** The rows the bench counts: news posts, gallery items and activities, the types the synthetic seed writes. */
const COUNT_SQL = `select count(*) as n from post where type in ('post', 'galeri', 'ekskul')`;

export function ensureDataDir() {
  fs.mkdirSync(UPLOADS_DIR, { recursive: true });
  const ignore = path.join(DATA_DIR, '.gitignore');
  if (!fs.existsSync(ignore)) fs.writeFileSync(ignore, '# bench databases and pictures (bench/lib/database.ts)\n*\n');
}

function readMarker(file: string): Marker | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Marker;
  } catch {
    return null;
  }
}

async function countRows(dialect: 'sqlite' | 'postgres', url: string): Promise<number> {
  try {
    if (dialect === 'sqlite') {
      if (!fs.existsSync(url)) return 0;
      const db = new SQLite(url, { readonly: true, fileMustExist: true });
      try {
        return Number((db.prepare(COUNT_SQL).get() as { n: number }).n);
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>(COUNT_SQL)).rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  } catch {
    // No table yet, or an unreadable file: nothing reusable.
    return 0;
  }
}

async function pgAdmin(baseUrl: string, sqlText: string) {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/**
 * The bench database: SQLite `.bench-data/sqlite-<N>.db`, or the PostgreSQL schema `bench_<N>`
 * (a schema of its own, dropped and made again whenever it is reseeded). It is reused when it
 * holds the rows and was seeded by today's seed code; otherwise it is made from scratch with
 * `scripts/seed.ts --synthetic N`.
 */
export async function prepareDatabase(opts: {
  dialect: 'sqlite' | 'postgres';
  synthetic: number;
  pgUrl: string;
  reseed: boolean;
}): Promise<BenchDatabase> {
  ensureDataDir();
  const { dialect, synthetic } = opts;
  let url: string;
  let location: string;
  let schema = '';
  if (dialect === 'sqlite') {
    url = path.join(DATA_DIR, `sqlite-${synthetic}.db`);
    location = path.relative(ROOT, url);
  } else {
    schema = `bench_${synthetic}`;
    const sep = opts.pgUrl.includes('?') ? '&' : '?';
    url = `${opts.pgUrl}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    location = `${opts.pgUrl.replace(/:[^:@/]*@/, ':***@')} schema ${schema}`;
  }
  const markerFile = path.join(DATA_DIR, `${dialect}-${synthetic}.json`);
  const fingerprint = seedFingerprint(ROOT);
  const marker = readMarker(markerFile);
  const count = await countRows(dialect, url);

  let why = '';
  if (opts.reseed) why = '--reseed';
  else if (count < synthetic) why = count === 0 ? 'no bench database yet' : `it holds ${count} rows, not ${synthetic}`;
  else if (!marker || marker.location !== location) why = 'no record of how it was seeded';
  else if (marker.fingerprint !== fingerprint) why = 'the seed code or content changed since';

  if (!why) {
    console.log(`database: reusing ${location} (${count} posts and gallery items)`);
    return { dialect, url, location, synthetic, postsAndGallery: count, reused: true, seedSeconds: 0 };
  }

  console.log(`database: seeding ${location} with ${synthetic} synthetic rows (${why})…`);
  fs.rmSync(markerFile, { force: true });
  if (dialect === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${url}${suffix}`, { force: true });
  } else {
    await pgAdmin(opts.pgUrl, `drop schema if exists ${schema} cascade; create schema ${schema}`);
  }
  const t = performance.now();
  await runCommand(TSX, ['scripts/seed.ts', '--synthetic', String(synthetic)], {
    env: { ...process.env, DATABASE_URL: url, UPLOADS_DIR },
    live: true,
  });
  if (dialect === 'postgres') {
    // What autovacuum would do soon after a bulk load: planner statistics and a visibility map
    // (index-only scans). Measuring before it ran would measure the load, not the site.
    const client = new pg.Client({ connectionString: opts.pgUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ t: string }>('select tablename as t from pg_tables where schemaname = $1', [
        schema,
      ]);
      const tables = rows.map((r) => `"${schema}"."${r.t.replace(/"/g, '""')}"`);
      if (tables.length) await client.query(`vacuum (analyze) ${tables.join(', ')}`);
    } finally {
      await client.end();
    }
  }
  const seedSeconds = (performance.now() - t) / 1000;
  const after = await countRows(dialect, url);
  if (after < synthetic) throw new Error(`the seed finished but ${location} holds ${after} rows, not ${synthetic}`);
  const record: Marker = { synthetic, fingerprint, location, seededAt: new Date().toISOString() };
  fs.writeFileSync(markerFile, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`database: seeded in ${seedSeconds.toFixed(1)} s (${after} posts and gallery items)`);
  return { dialect, url, location, synthetic, postsAndGallery: after, reused: false, seedSeconds };
}
