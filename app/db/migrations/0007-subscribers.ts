import { type Kysely, sql } from 'kysely';
import { withId } from '../dialect';

/**
 * The newsletter (issue 13, call 17): subscribers, one row per address, confirmed by a double opt-in
 * mail; and the outbox keeps each message's extra headers (List-Unsubscribe on every newsletter mail).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('subscriber')
    .addColumn('id', 'integer', withId(db))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('list_id', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'varchar(20)', (c) =>
      c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
