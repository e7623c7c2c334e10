import type { Kysely } from 'kysely';

/**
 * Staff edit filter records (issue 14 "Filters"): `smart_filter.version` counts the record's saves, so
 * that a form opened before another editor's save is refused (409) instead of overwriting it. An
 * integer, not a time: two saves in the same millisecond still differ.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('smart_filter')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
