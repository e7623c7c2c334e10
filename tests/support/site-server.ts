import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import type { Connection } from '~/db/connection.server';
import { type AppOptions, createApp } from '../../server/app';
import { loopbackHosts } from '../../server/hosts';
import { TEST_UPLOADS } from './databases';

/**
 * The real server (server/app.ts: host check, page cache, Express, React Router) on a test database,
 * listening on a free loopback port. The app is loaded through Vite (as `npm run dev` does), so the
 * integration suite needs no production build; `close` stops the server and Vite.
 */
export interface SiteServer {
  port: number;
  /** `127.0.0.1:PORT`, an allowed Host */
  host: string;
  /** One raw HTTP request: any Host header, any request target (`//`, `%00` …), no redirects followed. */
  send(target: string, init?: RawInit): Promise<RawAnswer>;
  close(): Promise<void>;
}

export interface RawInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

let vite: Promise<ViteDevServer> | undefined;
let firstBuild: Promise<ServerBuild> | undefined;

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_LOCK = path.join(ROOT, '.test-data/vite-start.lock');

/**
 * Runs `start` while no other test worker starts its Vite server: each start has React Router's
 * plugin delete and rewrite `.react-router/types`, and two at once fail with ENOTEMPTY. A lock left
 * by a killed worker is taken over after a minute.
 */
async function oneStartAtATime<T>(start: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(START_LOCK), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(START_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(START_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) fs.rmSync(START_LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await start();
  } finally {
    fs.rmSync(START_LOCK, { recursive: true, force: true });
  }
}

/** One Vite server per test file: it compiles the app once, whatever the number of sites. */
function appBuild(): () => Promise<ServerBuild> {
  const load = async () => (await vite)?.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  // The types are written while the server starts and compiles the app for the first time.
  firstBuild ??= oneStartAtATime(() => {
    vite = import('vite').then((v) =>
      v.createServer({
        root: ROOT,
        server: { middlewareMode: true, hmr: false, watch: null },
        logLevel: 'silent',
        customLogger: { ...v.createLogger('silent'), warnOnce() {} },
      }),
    );
    return load();
  });
  return async () => {
    await firstBuild;
    return load();
  };
}

/** The app as the server runs it (this file's Vite build): its route modules, for tests that walk the routes. */
export function loadAppBuild(): Promise<ServerBuild> {
  return appBuild()();
}

/** Stops this file's Vite server (call once, after the last site closed). */
export async function closeAppBuild(): Promise<void> {
  if (vite) await (await vite).close();
  vite = undefined;
  firstBuild = undefined;
}

/** Starts the server on `conn`; options override the defaults (page cache off, loopback hosts). */
export async function startSite(
  conn: Connection,
  options: Partial<Omit<AppOptions, 'conn' | 'build' | 'allowedHosts'>> & {
    allowedHosts?: (port: number) => string[];
  } = {},
): Promise<SiteServer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const { listener, stop } = await createApp({
    conn,
    build: appBuild(),
    uploadsDir: TEST_UPLOADS,
    pageCacheMs: 0,
    ...options,
    allowedHosts: options.allowedHosts?.(port) ?? loopbackHosts(port),
  });
  server.on('request', listener);
  const host = `127.0.0.1:${port}`;
  return {
    port,
    host,
    send(target, init = {}) {
      return new Promise((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: target, method: init.method ?? 'GET', headers: { host, ...init.headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(init.body);
      });
    },
    close: () =>
      new Promise((resolve) => {
        stop();
        server.close(() => resolve());
      }),
  };
}
