import http from 'node:http';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { connect } from '../app/db/connection.server';
import { migrateToLatest } from '../app/db/migrate.server';
import { env } from '../app/lib/env.server';
import { seedDemoSchool } from '../seed';
import { createApp } from '../server/app';
import { allowedHosts, trustProxySetting } from '../server/hosts';

/** `npm run dev`: Vite in middleware mode with hot reload, the same server code as production. */
const root = path.resolve(import.meta.dirname, '..');
const vite = await import('vite').then((v) => v.createServer({ root, server: { middlewareMode: true } }));
const config = env();
const conn = connect(config.DATABASE_URL, { pgPoolSize: config.PG_POOL_SIZE });
await migrateToLatest(conn.db);
const uploadsDir = path.resolve(config.UPLOADS_DIR ?? path.join(root, 'data/uploads'));
await seedDemoSchool(conn, { uploadsDir });
const port = config.PORT;
const { listener } = await createApp({
  conn,
  dev: true,
  before: vite.middlewares,
  build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  uploadsDir,
  pageCacheMs: 0,
  allowedHosts: allowedHosts(config, port),
  trustProxy: trustProxySetting(config.TRUST_PROXY),
});
http.createServer(listener).listen(port, () => console.log(`dev server: http://localhost:${port}`));
