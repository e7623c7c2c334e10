import type { Kysely } from 'kysely';
import { withId } from '../dialect';

/**
 * Gallery uploads (issue 14 "Gallery"): an uploaded photo is a `media` row at once, `status`
 * 'processing' until the background job has made its copies ('ready'), or 'failed' after its last
 * try. `media_job` is that job: the staged original, its tries and the time of the next one; any
 * server process may run it, and a conditional update claims it for one.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('media')
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('ready'))
    .execute();
  await db.schema
    .createTable('media_job')
    .addColumn('id', 'integer', withId(db))
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    /** the album the photo was uploaded to (its public photos are brought up to date when ready) */
    .addColumn('post_id', 'integer', (c) => c.references('post.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    /** the staged original's file name, in the staging folder beside the uploads folder */
    .addColumn('source', 'varchar(200)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_try_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('claimed_at', 'varchar(24)')
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(24)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_job_due').on('media_job').columns(['status', 'next_try_at']).execute();
  await db.schema.createIndex('media_job_by_media').on('media_job').column('media_id').execute();
}
