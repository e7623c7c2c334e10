import { sql } from 'kysely';
import type { Db } from '~/db';

/** At most `limit` hits per `windowMs` (a fixed window, counted in the database: every process shares it). */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/** Counts one hit on `bucket`; false when the bucket is already over its limit in this window. */
export async function takeHit(db: Db, bucket: string, rule: RateRule, now = Date.now()): Promise<boolean> {
  const window = Math.floor(now / rule.windowMs);
  const row = await db
    .insertInto('rate_limit')
    .values({ bucket, window_start: window, hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limit.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  // Old windows of this bucket are no longer read.
  if (row.hits === 1) await db.deleteFrom('rate_limit').where('bucket', '=', bucket).where('window_start', '<', window).execute();
  return row.hits <= rule.limit;
}

/** Whether `bucket` has reached its limit in this window, without counting a hit (e.g. before a sign-in try). */
export async function isLimited(db: Db, bucket: string, rule: RateRule, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom('rate_limit')
    .select('hits')
    .where('bucket', '=', bucket)
    .where('window_start', '=', Math.floor(now / rule.windowMs))
    .executeTakeFirst();
  return (row?.hits ?? 0) >= rule.limit;
}

/** The visitor's address as the server saw it (behind a loopback proxy, Express has put it in x-forwarded-for). */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  return (forwarded?.split(',')[0]?.trim() || request.headers.get('x-real-ip') || 'unknown').slice(0, 64);
}
