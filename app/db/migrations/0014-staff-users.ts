import type { Kysely } from 'kysely';

/**
 * The staff's users (issue 14 "Users"): an account may be deactivated (`app_user.deactivated_at`: it
 * cannot sign in, its sessions are gone) and an invited person's account waits for its owner
 * (`app_user.invited_at`, set until they choose a login and password through the invitation's link).
 * The links live in `user_invitation`: single use (`used_at`), seven days (`expires_at`), only the
 * token's hash kept. A separate table from `password_reset`, so that neither link opens the other's page.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('app_user').addColumn('deactivated_at', 'text').execute();
  await db.schema.alterTable('app_user').addColumn('invited_at', 'text').execute();
  await db.schema
    .createTable('user_invitation')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('user_invitation_by_user').on('user_invitation').column('user_id').execute();
}
