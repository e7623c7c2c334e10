import type { Kysely } from 'kysely';

/**
 * Who runs a gallery upload's job (issue 21): `claimed_by` names the claiming server process (host,
 * boot, pid, instance) and `heartbeat_at` is renewed while it works, so a job whose process is gone is
 * taken back at once on its own host, and on another host once its heartbeat stops.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('media_job').addColumn('claimed_by', 'varchar(200)').execute();
  await db.schema.alterTable('media_job').addColumn('heartbeat_at', 'varchar(24)').execute();
}
