import { sql } from 'kysely';
import type { Db } from './connection.server';
import { isPostgres } from './dialect';

/**
 * Runs `work` in a transaction that no other `serialized` call with the same key overlaps, in any
 * process: a transaction-scoped advisory lock on PostgreSQL, a write transaction taken up front
 * (BEGIN IMMEDIATE) on SQLite. For read-then-write steps of one visitor that would otherwise race
 * (a burst of like/dislike toggles), so each answers without a conflict to retry.
 */
export async function serialized<T>(db: Db, key: string, work: (trx: Db) => Promise<T>): Promise<T> {
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      return work(trx);
    });
  }
  // One connection for the whole step: Kysely's SQLite driver lends it to nobody else meanwhile.
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}
