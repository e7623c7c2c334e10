import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { connect } from '../app/db/connection.server';
import { migrateToLatest } from '../app/db/migrate.server';
import { seedDemoSchool } from '../app/db/seed';
import { createApp } from './app';

/**
 * The production server (see scripts/start.ts): builds when the build is missing or older than the
 * sources, migrates, seeds the demo school on first run, then serves on PORT (default 3000).
 */
const root = path.resolve(import.meta.dirname, '..');
const serverBuild = path.join(root, 'build/server/index.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

if (!fs.existsSync(serverBuild) || fs.statSync(serverBuild).mtimeMs < newestMtime(path.join(root, 'app'))) {
  console.log('Building the site…');
  execSync('npx react-router build', { cwd: root, stdio: 'inherit' });
}

const conn = connect(process.env.DATABASE_URL);
await migrateToLatest(conn.db);
const uploadsDir = path.resolve(process.env.UPLOADS_DIR ?? path.join(root, 'data/uploads'));
const { seeded } = await seedDemoSchool(conn, { uploadsDir });
if (seeded) console.log(`Seeded the demo school into ${conn.location}`);

const build = await import(serverBuild);
const { listener } = await createApp({
  conn,
  build,
  clientDir: path.join(root, 'build/client'),
  uploadsDir,
  pageCacheMs: process.env.PAGE_CACHE === 'off' ? 0 : Number(process.env.PAGE_CACHE_TTL ?? 60) * 1000,
});
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const server = http.createServer(listener);
server.on('error', (error) => {
  console.error(`Cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => console.log(`SMP Tunas Bangsa: http://localhost:${port} (${conn.dialect})`));
const stop = () => server.close(() => void conn.close().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
