import path from 'node:path';
import type { Db } from '~/db';

/**
 * Where this process's media worker (media-job.server.ts) is found: the upload action stages files in
 * its folder and wakes it. Apart from the worker so that the album code and the worker need not
 * import each other.
 */

/** The folder of staged originals: beside the uploads folder, so never served to visitors. */
export function stagingDir(uploadsDir: string): string {
  return path.join(path.dirname(uploadsDir), `${path.basename(uploadsDir)}-staging`);
}

/** How this process runs the jobs (server/app.ts; tests pass a short backoff). */
export interface MediaWorkerOptions {
  uploadsDir: string;
  /** the wait after the first failed try; doubled after each (default 2 s: 2, 4, 8, 16 s) */
  backoffMs?: number;
  /** how often due jobs are looked for (default 1 s) */
  pollMs?: number;
}

export interface Worker {
  options: Required<MediaWorkerOptions>;
  wake(): void;
}

// One registry per process, on globalThis: server/app.ts (run by tsx) and the app's bundle each load
// their own copy of this module, and the upload action must find the worker the server started.
const REGISTRY = Symbol.for('smp-tunas-bangsa.media-worker');
const shared = globalThis as typeof globalThis & { [REGISTRY]?: WeakMap<object, Worker> };
shared[REGISTRY] ??= new WeakMap();
export const workers = shared[REGISTRY];

/** This process's worker for the database: its uploads folder and a way to start due jobs now. */
export function mediaWorkerOf(db: Db): Worker | undefined {
  return workers.get(db);
}
