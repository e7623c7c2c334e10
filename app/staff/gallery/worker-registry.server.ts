import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Db } from '~/db';
import { thisClaimer } from '~/lib/job-claim.server';

/**
 * Where this process's media worker (media-job.server.ts) is found: the upload action stages files in
 * its folder and wakes it. Apart from the worker so that the album code and the worker need not
 * import each other.
 */

/** The folder of staged originals: beside the uploads folder, so never served to visitors. */
export function stagingDir(uploadsDir: string): string {
  return path.join(path.dirname(uploadsDir), `${path.basename(uploadsDir)}-staging`);
}

// This host as staged names carry it (its name and boot, hashed: a name is no place for a host name's characters).
const HOST_TAG = createHash('sha256').update(`${thisClaimer.host}|${thisClaimer.boot}`).digest('hex').slice(0, 8);
const STAGED_NAME = /^[0-9a-f]{12}\.([0-9a-f]{8})\.(\d{1,10})\.upload$/;

/**
 * The staged original's name for an upload's token: it names its writer (this host and process), so that
 * a server starting on this host removes at once what a killed writer staged and never recorded (issue 25,
 * the crash: media-job.server.ts `recoverAfterCrash`), not only after the grace other hosts' uploads get.
 */
export function stagedName(token: string): string {
  return `${token}.${HOST_TAG}.${process.pid}.upload`;
}

/** The process of this host that staged `name` (stagedName), or null: another host's, or an older name. */
export function stagedWriter(name: string): { pid: number } | null {
  const m = STAGED_NAME.exec(name);
  return m && m[1] === HOST_TAG ? { pid: Number(m[2]) } : null;
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
