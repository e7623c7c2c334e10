import type { Kysely } from 'kysely';
import { withId } from '../dialect';

/**
 * Moving a WordPress site in (issue 26). `import_item` records, for each thing an export brought, the old site's
 * id and GUID and the row it became here: a second run of the same file matches every item by it and changes
 * nothing, a newer export updates what changed (`digest` of the record as imported) and adds what is new, and old
 * addresses (`?p=ID`, `?page_id=ID`, date permalinks, old slugs: `old_path`) answer with a 301 to the new one.
 * `import_run` is one import started from the staff area: its uploaded file, its progress and its report, run as a
 * job by whichever server claims it (as gallery photos and mail are).
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('import_item')
    .addColumn('id', 'integer', withId(db))
    /** the old site (its `wp:base_site_url`, else the channel's link), without a trailing slash */
    .addColumn('source', 'varchar(300)', (c) => c.notNull())
    /** 'post' (posts, pages, gallery items), 'media', 'term', 'menu-item', 'comment', 'author' */
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    /** the old site's id (post id, term id, comment id, author id) */
    .addColumn('wp_id', 'integer', (c) => c.notNull())
    .addColumn('guid', 'text')
    /** the row it became here: post.id, media.id, term.id, menu_item.id, review_comment.id, app_user.id */
    .addColumn('local_id', 'integer', (c) => c.notNull())
    /** a hash of the record as imported: an unchanged record is left alone on the next run */
    .addColumn('digest', 'varchar(64)', (c) => c.notNull())
    /** the item's address on the old site, path and query only (`/2023/05/12/slug/`), for its redirect */
    .addColumn('old_path', 'varchar(500)')
    .addColumn('imported_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(24)', (c) => c.notNull())
    .addUniqueConstraint('import_item_by_source', ['source', 'kind', 'wp_id'])
    .execute();
  await db.schema.createIndex('import_item_by_wp_id').on('import_item').columns(['kind', 'wp_id']).execute();
  await db.schema.createIndex('import_item_by_old_path').on('import_item').column('old_path').execute();
  await db.schema.createIndex('import_item_by_local').on('import_item').columns(['kind', 'local_id']).execute();

  await db.schema
    .createTable('import_run')
    .addColumn('id', 'integer', withId(db))
    .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    /** the uploaded export's file name in the import folder (beside the uploads folder, never served) */
    .addColumn('file', 'varchar(200)', (c) => c.notNull())
    /** its name on the administrator's computer, shown only */
    .addColumn('original_name', 'varchar(200)', (c) => c.notNull())
    /** JSON: { dryRun, fetchMedia } */
    .addColumn('options', 'text', (c) => c.notNull())
    /** 'pending' | 'running' | 'done' | 'failed' */
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    /** items read so far, and the export's items (counted before the import starts; 0 until then) */
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON: the report (app/staff/import/report.ts ImportReport), once done or failed */
    .addColumn('report', 'text')
    .addColumn('error', 'text')
    .addColumn('claimed_by', 'varchar(200)')
    .addColumn('claimed_at', 'varchar(24)')
    .addColumn('heartbeat_at', 'varchar(24)')
    .addColumn('created_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(24)')
    .execute();
  await db.schema.createIndex('import_run_due').on('import_run').columns(['status', 'created_at']).execute();
}
