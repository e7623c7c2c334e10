import type { Kysely } from 'kysely';
import { withId } from '../dialect';

/**
 * The staff area (issue 14): every change staff make is one row of `audit_log` (who, what, on which
 * subject, when). The newest row's id is also the content version every server process watches
 * (lib/content-version.server.ts): a new row tells each process to drop its copies (the page cache,
 * remembered reads), so a change is on the public site at once.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', withId(db))
    .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('subject_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject_id', 'integer')
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_subject')
    .on('audit_log')
    .columns(['subject_type', 'subject_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'id']).execute();
}
