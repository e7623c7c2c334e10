/**
 * The WordPress import's figures (issue 26): imports FILE into a new, empty database (migrated, nothing seeded),
 * then imports it again (a second run writes nothing), and prints one JSON line: items, posts (news, pages, gallery
 * items), seconds of each run, posts a second, and the process's peak resident memory.
 *   tsx bench/wxr-import.ts FILE [--uploads DIR] [--pg]
 * `--pg` uses a new schema of PostgreSQL (TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/test), dropped after;
 * otherwise a SQLite file in a temporary folder. The images' copies go to a temporary folder, removed after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { connect } from '../app/db/connection.server';
import { migrateToLatest } from '../app/db/migrate.server';
import { importWordPress } from '../app/staff/import/import.server';

const { values, positionals } = parseArgs({
  options: { uploads: { type: 'string' }, pg: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file) {
  console.error('usage: tsx bench/wxr-import.ts FILE [--uploads DIR] [--pg]');
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wxr-import-bench-'));
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `wxr_bench_${process.pid}`;
let url = path.join(dir, 'site.db');
if (values.pg) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  url = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}
const conn = connect(url);
try {
  await migrateToLatest(conn.db);
  const options = { uploads: values.uploads, uploadsDir: path.join(dir, 'uploads') };
  let t = performance.now();
  const first = await importWordPress(conn.db, file, options);
  const seconds = (performance.now() - t) / 1000;
  t = performance.now();
  const second = await importWordPress(conn.db, file, options);
  const again = (performance.now() - t) / 1000;
  const posts = first.counts.news + first.counts.page + first.counts.gallery;
  console.log(
    JSON.stringify({
      file,
      database: conn.dialect,
      images: values.uploads ? 'uploads' : 'none',
      counts: first.counts,
      problems: first.problems.length,
      refused: first.refused,
      posts,
      seconds: Number(seconds.toFixed(2)),
      postsPerSecond: Math.round(posts / seconds),
      secondRunSeconds: Number(again.toFixed(2)),
      secondRunUnchanged: second.changes?.news?.unchanged ?? 0,
      maxRss: process.resourceUsage().maxRSS * 1024,
    }),
  );
} finally {
  await conn.close();
  fs.rmSync(dir, { recursive: true, force: true });
  if (values.pg) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
