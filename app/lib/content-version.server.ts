import type { Db } from '~/db';

/**
 * The content version: the id of the newest change staff made (`audit_log`, issue 14). Each server
 * process keeps the version it last read and re-reads it every `WATCH_MS`; a newer one means some
 * process changed content, and this process drops its copies (the page cache, remembered reads). So a
 * change shows on the public site at once, whichever process answers next.
 */
const WATCH_MS = 100;

// One state per process, kept on globalThis: the server (server/app.ts, run by tsx) and the app's built
// bundle each load their own copy of this module, and both must see the same version and listeners.
const STATE = Symbol.for('smp-tunas-bangsa.content-version');
const shared = globalThis as typeof globalThis & {
  [STATE]?: { known: WeakMap<object, number>; listeners: Set<() => void> };
};
shared[STATE] ??= { known: new WeakMap(), listeners: new Set() };
const { known, listeners } = shared[STATE];

/** The version this process last saw for the database (0 before the first read). */
export function contentVersion(db: object): number {
  return known.get(db) ?? 0;
}

/** Runs `drop` whenever this process learns of a newer version (its copies are out of date). */
export function onContentChange(drop: () => void): () => void {
  listeners.add(drop);
  return () => listeners.delete(drop);
}

/** Reads the newest version; a newer one than known drops every copy at once. */
export async function readContentVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('version'))
    .executeTakeFirst();
  const version = Number(row?.version ?? 0);
  if (version !== contentVersion(db)) {
    known.set(db, version);
    for (const drop of listeners) drop();
  }
  return version;
}

/** Re-reads the version every 100 ms until stopped (a server process; the timer keeps nothing alive). */
export function watchContentVersion(db: Db): () => void {
  let reading = false;
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    readContentVersion(db)
      .catch((error: unknown) => console.warn(`content version: ${(error as Error).message}`))
      .finally(() => {
        reading = false;
      });
  }, WATCH_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** One change made by staff, as the audit log keeps it. */
export interface StaffChange {
  userId: number;
  /** what was done, e.g. `post.publish`, `review.approve` */
  action: string;
  /** what it was done to, e.g. `post`, `review`, `subscriber` */
  subjectType: string;
  subjectId?: number | null;
  /** a short line for people, e.g. the post's title */
  summary?: string;
}

/**
 * Records a change in the audit log and makes it the new content version: this process drops its
 * copies now, every other one within `WATCH_MS`. Call it after the change is stored (in the same
 * transaction when there is one: pass the transaction as `db`, then `readContentVersion` after commit).
 */
export async function recordChange(db: Db, change: StaffChange, now = new Date()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: change.userId,
      action: change.action,
      subject_type: change.subjectType,
      subject_id: change.subjectId ?? null,
      summary: (change.summary ?? '').slice(0, 300),
      at: now.toISOString(),
    })
    .execute();
  if (!db.isTransaction) await readContentVersion(db);
}
