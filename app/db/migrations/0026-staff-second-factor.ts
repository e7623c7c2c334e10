import type { Kysely } from 'kysely';

/**
 * Staff accounts (issue 25): a time-based second factor, the half-signed-in step it adds, and what the
 * account page shows of each session.
 * - `user_totp`: one authenticator secret per account; `confirmed_at` is null while enrolment waits for
 *   its first code, and `last_step` is the newest time step a code was accepted for (a code is never
 *   taken twice within its window).
 * - `sign_in_challenge`: a correct password of an account with a second factor: the code page's cookie
 *   holds a random token, only its hash is kept. It grants nothing: no reader of `session` sees it.
 * - `session`: the browser's user agent and address at sign-in, and when it was last seen.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('app_user.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .execute();
  await db.schema
    .createTable('sign_in_challenge')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('redirect_to', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_challenge_by_user').on('sign_in_challenge').column('user_id').execute();
  await db.schema.alterTable('session').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('session').addColumn('ip_address', 'text').execute();
  await db.schema.alterTable('session').addColumn('last_seen_at', 'text').execute();
}
