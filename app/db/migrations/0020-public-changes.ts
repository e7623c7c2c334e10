import type { Kysely } from 'kysely';

/**
 * Issue 21: a change staff make is audited whether or not the public sees it, but only a change the
 * public sees ends the cached pages. `audit_log.public` says which (1: published content, menus,
 * settings …; 0: a draft's save, a pending review, an account's change that shows nowhere), and the
 * content version (lib/content-version.server.ts) is the newest public row's id, found by the index.
 * Rows from before count as public: the version they make is the one every process already has.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('audit_log')
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('audit_log_public').on('audit_log').columns(['public', 'id']).execute();
}
