import type { Kysely } from 'kysely';
import { withId } from '../dialect';

/**
 * Server-side data stores (issue 13, calls 5 and 6): one row per post a visitor keeps in a store. The
 * owner is `user:<id>` for an account or the `guest_…` id of the visitor's HttpOnly cookie; `id` keeps
 * the order items were added in. A deleted post leaves every store with it.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('store_item')
    .addColumn('id', 'integer', withId(db))
    .addColumn('owner', 'varchar(60)', (c) => c.notNull())
    .addColumn('store', 'varchar(40)', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('store_item_one_per_post', ['owner', 'store', 'post_id'])
    .execute();
  await db.schema.createIndex('store_item_post').on('store_item').columns(['post_id']).execute();
}
