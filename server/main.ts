import { execSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../app/db/connection.server';
import { migrateToLatest } from '../app/db/migrate.server';
import { env } from '../app/lib/env.server';
import { seedDemoSchool } from '../seed';
import { createApp } from './app';
import { allowedHosts, trustProxySetting } from './hosts';

/**
 * The production server (see scripts/start.ts): builds when the build is missing or older than the
 * sources, migrates, seeds the demo school on first run, then serves on PORT (default 3000) from
 * WEB_CONCURRENCY processes (default one per CPU). The processes share nothing but the database, as
 * app servers behind a load balancer would (DESIGN.md "The wire protocol").
 */
const root = path.resolve(import.meta.dirname, '..');
const serverBuild = path.join(root, 'build/server/index.js');
// Checked once here: a bad value stops the server before it builds or serves.
const config = env();
const uploadsDir = path.resolve(config.UPLOADS_DIR ?? path.join(root, 'data/uploads'));
const port = config.PORT;
const host = config.HOST;
const processes = config.WEB_CONCURRENCY ?? os.availableParallelism();

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Build, migrate and seed: once, before any process serves. */
async function prepare() {
  if (!fs.existsSync(serverBuild) || fs.statSync(serverBuild).mtimeMs < newestMtime(path.join(root, 'app'))) {
    console.log('Building the site…');
    execSync('npx react-router build', { cwd: root, stdio: 'inherit' });
  }
  const conn = connect(config.DATABASE_URL, { pgPoolSize: config.PG_POOL_SIZE });
  try {
    await migrateToLatest(conn.db);
    const { seeded } = await seedDemoSchool(conn, { uploadsDir });
    if (seeded) console.log(`Seeded the demo school into ${conn.location}`);
  } finally {
    await conn.close();
  }
}

async function serve(announce: boolean) {
  const conn = connect(config.DATABASE_URL, { pgPoolSize: config.PG_POOL_SIZE });
  const build = await import(serverBuild);
  const { listener } = await createApp({
    conn,
    build,
    clientDir: path.join(root, 'build/client'),
    uploadsDir,
    pageCacheMs: config.PAGE_CACHE ? config.PAGE_CACHE_TTL * 1000 : 0,
    allowedHosts: allowedHosts(config, port),
    trustProxy: trustProxySetting(config.TRUST_PROXY),
  });
  const server = http.createServer(listener);
  server.on('error', (error) => {
    console.error(`Cannot listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    if (announce) console.log(`SMP Tunas Bangsa: http://localhost:${port} (${conn.dialect})`);
  });
  const stop = () => server.close(() => void conn.close().then(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Keeps `processes` workers serving; a worker that dies after it served is replaced. */
function superviseWorkers() {
  let stopping = false;
  let announced = false;
  const fork = () => {
    const worker = cluster.fork();
    let listening = false;
    worker.on('listening', () => {
      listening = true;
      if (!announced) console.log(`SMP Tunas Bangsa: http://localhost:${port} (${processes} processes)`);
      announced = true;
    });
    worker.on('exit', (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      // A worker that never listened (port taken, bad configuration) would fail again: stop.
      if (!listening) process.exit(code || 1);
      console.error(`A server process ended (${signal ?? code}); starting another.`);
      fork();
    });
  };
  for (let i = 0; i < processes; i++) fork();
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (cluster.isPrimary) {
  await prepare();
  if (processes === 1) await serve(true);
  else superviseWorkers();
} else {
  await serve(false);
}
