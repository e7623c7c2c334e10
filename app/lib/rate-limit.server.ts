import { sql } from 'kysely';
import type { Db } from '~/db';

/**
 * At most `limit` hits per `windowMs` (a fixed window, counted in the database so that every process
 * shares it). Windows are whole minutes, at most a day.
 */
export interface RateRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const LONGEST_WINDOW_MINUTES = 24 * 60;

/** The window `now` falls in, as its first minute since the epoch (the same numbering for every rule). */
function windowStart(rule: RateRule, now: number): number {
  if (rule.windowMs % MINUTE !== 0 || rule.windowMs > LONGEST_WINDOW_MINUTES * MINUTE) {
    throw new Error(`rate rule window ${rule.windowMs} ms: whole minutes up to a day`);
  }
  return (Math.floor(now / rule.windowMs) * rule.windowMs) / MINUTE;
}

/** Counts one hit on `bucket`; false when the bucket is already over its limit in this window. */
export async function takeHit(db: Db, bucket: string, rule: RateRule, now = Date.now()): Promise<boolean> {
  const start = windowStart(rule, now);
  const row = await db
    .insertInto('rate_limit')
    .values({ bucket, window_start: start, hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limit.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  // A new window: counters older than the longest window are no longer read, whatever their bucket.
  if (row.hits === 1) {
    await db
      .deleteFrom('rate_limit')
      .where('window_start', '<', Math.floor(now / MINUTE) - LONGEST_WINDOW_MINUTES)
      .execute();
  }
  return row.hits <= rule.limit;
}

/** Takes back a hit `takeHit` counted at `now` (a sign-in that succeeded does not count as a failure). */
export async function giveBackHit(db: Db, bucket: string, rule: RateRule, now: number): Promise<void> {
  await db
    .updateTable('rate_limit')
    .set({ hits: sql`hits - 1` })
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart(rule, now))
    .where('hits', '>', 0)
    .execute();
}

/** The visitor's address as the server saw it (server/app.ts puts the real one in x-forwarded-for). */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  return (forwarded?.split(',')[0]?.trim() || request.headers.get('x-real-ip') || 'unknown').slice(0, 64);
}
