import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Smart filters (issue 3): the stored filter records. The lists in the checks are the wire's
 * (original-wire.md §2.2) and the spec's filter types as of this migration; a new type needs a
 * migration of its own, so that no record the code cannot read is ever stored.
 */
export async function up(db: Kysely<unknown>) {
  const pg = isPostgres(db);
  // A JSON column is text on both dialects; the database refuses text that is not JSON.
  const json = (column: string): RawBuilder<unknown> =>
    pg ? sql`(${sql.ref(column)}::jsonb) is not null` : sql`json_valid(${sql.ref(column)})`;

  await db.schema
    .createTable('smart_filter')
    // Ids are the seed file's (content/filters.yaml), so that pages can name their filters.
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id > 0`))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) =>
      c
        .notNull()
        .check(
          sql`type in ('checkboxes', 'select', 'hierarchy', 'radio', 'rating', 'color-image', 'alphabet', 'search', 'sorting', 'range', 'date-range', 'date-period')`,
        ),
    )
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('active_label', 'varchar(200)', (c) => c.notNull())
    .addColumn('query_type', 'varchar(20)', (c) =>
      c.notNull().check(sql`query_type in ('tax_query', 'meta_query', 'date_query', 'sort', '_s', 'alphabet')`),
    )
    .addColumn('query_var', 'varchar(200)', (c) => c.notNull())
    .addColumn('query_var_suffix', 'varchar(40)', (c) => c.notNull())
    .addColumn('apply_type', 'varchar(20)', (c) =>
      c.notNull().check(sql`apply_type in ('ajax', 'ajax-ontyping', 'reload', 'mixed')`),
    )
    .addColumn('source', 'text', (c) => c.notNull().check(json('source')))
    .addColumn('indexer', 'text', (c) => c.notNull().check(json('indexer')))
    .addColumn('settings', 'text', (c) => c.notNull().check(json('settings')))
    .execute();

  // Filters test each listed item's meta (original-wire.md §2.3): a per-item check on a meta key is a
  // point lookup by (post_id, meta_key) then the value, whatever the column. Without these SQLite
  // answers `exists (… where post_id = p.id and meta_key = ? and value_number between ? and ?)` by
  // scanning the key's whole range in post_meta_number for every item (seconds at 100,000 items).
  // Each starts with (post_id, meta_key), so 0001's index of just those two columns goes.
  await db.schema.dropIndex('post_meta_by_post').execute();
  for (const column of ['number', 'text', 'date']) {
    await db.schema
      .createIndex(`post_meta_by_post_${column}`)
      .on('post_meta')
      .columns(['post_id', 'meta_key', `value_${column}`])
      .execute();
  }
  // The alphabet filter compares titles' first letters (`lower(substr(title, 1, 1))`): an index led by that
  // expression answers it without scanning every post, and cannot win the listing plans below.
  await sql`create index post_initial on post (lower(substr(title, 1, 1)), type, status)`.execute(db);
  // No index for title sorts: any index on post (type, status, …) besides post_listing wins the
  // plan of `type in (…) order by published_at` (sitemap, multi-type lists) on SQLite and makes it
  // sort every row (1 ms → over 100 ms at 100,000 items); sorting a listing by title costs ~15 ms.
}
