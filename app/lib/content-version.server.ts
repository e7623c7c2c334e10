import type { Db } from '~/db';
import { serialized } from '~/db/serialized.server';
import { isUniqueViolation } from '~/db/sql';

/**
 * The content version: the id of the newest change staff made that the public sees (`audit_log`,
 * issues 14 and 21: a draft's save is audited but ends nothing). Each server
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
  // One step down the (public, id) index, every 100 ms in every process.
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('public', '=', 1)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const version = Number(row?.id ?? 0);
  // Only forward: a read that began before a newer one answered must not bring back an older version.
  if (version > contentVersion(db)) {
    known.set(db, version);
    for (const drop of listeners) drop();
  }
  return version;
}

// Per database: the version read under way, and the one that follows it, which callers arriving meanwhile share.
const reads = new WeakMap<object, { running: Promise<number> | null; next: Promise<number> | null }>();

/**
 * The version as read by a read that began after this call (issue 25: a change made by another process
 * shows on this process's next answer, not up to `WATCH_MS` later). Callers that arrive while a read runs
 * share the one that follows it, so a busy process reads once per round trip, not once per request.
 */
export function freshContentVersion(db: Db): Promise<number> {
  const s = reads.get(db) ?? { running: null, next: null };
  reads.set(db, s);
  if (s.next) return s.next;
  const start = () => {
    const read = readContentVersion(db).finally(() => {
      if (s.running === read) s.running = null;
    });
    s.running = read;
    return read;
  };
  if (!s.running) return start();
  s.next = s.running
    .catch(() => 0)
    .then(() => {
      s.next = null;
      return start();
    });
  return s.next;
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
  /**
   * Whether the public sees the change (publishing, unpublishing, a published post's edit or deletion,
   * menus, settings …): only such a change ends the cached pages. A draft's save, a pending review's
   * moderation, an account's change that shows nowhere is audited and ends nothing.
   */
  public: boolean;
}

/**
 * Records a change made outside a transaction in the audit log; a public one is the new content version:
 * this process drops its copies now, every other one within `WATCH_MS`. Call it after the change is
 * stored. A change made in a transaction is recorded through `withStaffChange`.
 */
export async function recordChange(db: Db, change: StaffChange, now = new Date()): Promise<void> {
  if (db.isTransaction) throw new Error('recordChange: in a transaction, record through withStaffChange');
  await writeAuditRow(db, change, now);
  if (change.public) await readContentVersion(db);
}

/** Records a change in the transaction `withStaffChange` opened. */
export type RecordChange = (change: StaffChange, now?: Date) => Promise<void>;

/**
 * Runs `work` in one transaction. The changes it records with `record` are written to the audit log in
 * that transaction; once it has committed, a public one is announced (every process's copies end), so a
 * caller never pairs the record with the announcement by hand. A rolled-back transaction announces nothing.
 */
export async function withStaffChange<T>(
  db: Db,
  work: (trx: Db, record: RecordChange) => Promise<T>,
  options: { serializedBy?: string } = {},
): Promise<T> {
  let announce = false;
  const run = (trx: Db) =>
    work(trx, async (change, now = new Date()) => {
      await writeAuditRow(trx, change, now);
      if (change.public) announce = true;
    });
  // `serializedBy`: a step no other with the same key overlaps, in any process (db/serialized.server.ts).
  const result =
    options.serializedBy === undefined
      ? await db.transaction().execute(run)
      : await serialized(db, options.serializedBy, run);
  if (announce) await readContentVersion(db);
  return result;
}

/**
 * `withStaffChange` for a save that creates a record (`creating`) or updates one. Two editors creating at
 * once may take the same unique slug or id: the transaction that lost is rolled back and runs again,
 * three more times at the most.
 */
export async function withStaffSave<T>(
  db: Db,
  creating: boolean,
  work: (trx: Db, record: RecordChange) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await withStaffChange(db, work);
    } catch (error) {
      if (creating && attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** The change a save of a record without drafts makes (`{noun}.create` or `{noun}.update`): public at once. */
export function publicSave(
  userId: number,
  noun: string,
  creating: boolean,
  subject: Pick<StaffChange, 'subjectType' | 'subjectId' | 'summary'>,
): StaffChange {
  return { userId, action: `${noun}.${creating ? 'create' : 'update'}`, ...subject, public: true };
}

async function writeAuditRow(db: Db, change: StaffChange, now: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: change.userId,
      action: change.action,
      subject_type: change.subjectType,
      subject_id: change.subjectId ?? null,
      summary: (change.summary ?? '').slice(0, 300),
      at: now.toISOString(),
      public: change.public ? 1 : 0,
    })
    .execute();
}
