import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { migratedPostgresSchema, pgReachable } from '../tests/support/databases';
import { expectFilterConstraints, itemsWithMeta, SEED_TIMEOUT, seedTwiceAndCheck } from '../tests/support/demo-school';
import { seedSynthetic } from './index';
import { EKSKUL_META } from './schemas';

// The demo school seeded on PostgreSQL, when a server answers (on SQLite: demo-school-sqlite.test.ts).

const withPg = await pgReachable();

describe.skipIf(!withPg)('demo school on PostgreSQL', () => {
  let conn: Connection;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ conn, dispose } = await migratedPostgresSchema());
  });

  afterAll(async () => {
    await dispose?.();
  });

  test('seeds the school once; a second run changes nothing', () => seedTwiceAndCheck(conn), SEED_TIMEOUT);

  test('seedSynthetic adds rows on PostgreSQL too', async () => {
    await seedSynthetic(conn, 300);
    const row = await conn.db
      .selectFrom('post')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('slug', 'like', 'sintetis-%')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(300);
    const activities = await itemsWithMeta(conn, 'ekskul', 'sintetis-%');
    expect(activities.length).toBeGreaterThan(20);
    for (const item of activities) expect(Object.keys(item.meta).sort(), item.slug).toEqual([...EKSKUL_META].sort());
  });

  test('the smart_filter table refuses records the code cannot read', () => expectFilterConstraints(conn));
});
