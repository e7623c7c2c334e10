import type { Kysely } from 'kysely';

/**
 * Mail through SMTP as a job (issue 25): a message is stored before the answer that promised it, and
 * any server process sends it, one at a time per message (a claim, as the gallery's jobs), again after
 * a failed try or a process that stopped mid-send. Messages kept in the outbox without SMTP are
 * 'written', as before.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('outbox')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('written'))
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox').addColumn('next_try_at', 'varchar(24)').execute();
  await db.schema.alterTable('outbox').addColumn('claimed_by', 'varchar(200)').execute();
  await db.schema.alterTable('outbox').addColumn('claimed_at', 'varchar(24)').execute();
  await db.schema.alterTable('outbox').addColumn('sent_at', 'varchar(24)').execute();
  await db.schema.alterTable('outbox').addColumn('error', 'text').execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_try_at']).execute();
}
