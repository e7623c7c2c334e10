import { type Kysely, sql } from 'kysely';
import { withId } from '../dialect';

/** Accounts (issue 4): sessions, password resets, the mail outbox and shared rate-limit counters. */
export async function up(db: Kysely<unknown>) {
  // Sessions live in the database so that every app process (and server) knows every sign-in.
  await db.schema
    .createTable('session')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_by_user').on('session').column('user_id').execute();
  // Each sign-in sweeps the expired sessions.
  await db.schema.createIndex('session_by_expiry').on('session').column('expires_at').execute();

  // Logins and e-mail addresses are one account whatever their case ("Budi" and "budi" cannot both exist).
  await db.schema.createIndex('app_user_login_ci').on('app_user').unique().expression(sql`lower(login)`).execute();
  await db.schema.createIndex('app_user_email_ci').on('app_user').unique().expression(sql`lower(email)`).execute();

  await db.schema
    .createTable('password_reset')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_reset_by_user').on('password_reset').column('user_id').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', withId(db))
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rate_limit')
    .addColumn('bucket', 'varchar(300)', (c) => c.notNull())
    .addColumn('window_start', 'integer', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().check(sql`hits >= 0`))
    .addPrimaryKeyConstraint('rate_limit_pk', ['bucket', 'window_start'])
    .execute();
  // Old counters of every bucket are swept by their window (app/lib/rate-limit.server.ts).
  await db.schema.createIndex('rate_limit_by_window').on('rate_limit').column('window_start').execute();
}
