import { type Kysely, sql } from 'kysely';

/**
 * Data stores, continued (issue 13). `store_guest` records when each store guest (the `guest_…` id of
 * the visitor's HttpOnly cookie) was last seen, so that guests gone for longer than their cookie lives
 * can be removed with their rows (features/stores/model.ts `GUEST_LIFETIME_DAYS`). Guests who already
 * stored something count as seen when they last added.
 *
 * The post count ("Disimpan 12 kali", the fragments of calls 5 and 6) counts a post's rows in a store:
 * the post index gains the store, so the count reads the index alone. It still serves the post's
 * foreign key (a deleted post's rows go).
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('store_guest')
    .addColumn('id', 'varchar(60)', (c) => c.primaryKey().check(sql`id like 'guest_%'`))
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('store_guest_by_seen').on('store_guest').column('seen_at').execute();
  await db
    .insertInto('store_guest')
    .columns(['id', 'seen_at'])
    .expression(
      db
        .selectFrom('store_item')
        .select(['owner', sql<string>`max(added_at)`.as('seen_at')])
        .where('owner', 'like', 'guest_%')
        .groupBy('owner'),
    )
    .execute();
  await db.schema.dropIndex('store_item_post').execute();
  await db.schema.createIndex('store_item_post_store').on('store_item').columns(['post_id', 'store']).execute();
}
