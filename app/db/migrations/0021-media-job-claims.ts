import type { Kysely } from 'kysely';

/**
 * Gallery upload jobs (issue 21). Who runs one: `claimed_by` names the claiming server process (host,
 * boot, pid, instance) and `heartbeat_at` is renewed while it works, so a job whose process is gone is
 * taken back at once on its own host, and on another host once its heartbeat stops. Where its photo
 * goes: `upload_batch` and `batch_position` say which files were chosen together and in what order,
 * so the album lists them as chosen however their uploads land.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('media_job').addColumn('claimed_by', 'varchar(200)').execute();
  await db.schema.alterTable('media_job').addColumn('heartbeat_at', 'varchar(24)').execute();
  await db.schema.alterTable('media_job').addColumn('upload_batch', 'varchar(40)').execute();
  await db.schema.alterTable('media_job').addColumn('batch_position', 'integer').execute();
}
