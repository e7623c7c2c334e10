import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './connection.server';
import { isPostgres } from './dialect';
import * as m0001 from './migrations/0001-content';
import * as m0002 from './migrations/0002-filters';
import * as m0003 from './migrations/0003-accounts';
import * as m0004 from './migrations/0004-reviews';
import * as m0005 from './migrations/0005-menus';
import * as m0006 from './migrations/0006-search-index';
import * as m0007 from './migrations/0007-subscribers';
import * as m0009 from './migrations/0009-stores';
import * as m0010 from './migrations/0010-store-guests';
import * as m0011 from './migrations/0011-audit-log';
import * as m0012 from './migrations/0012-post-revisions';
import * as m0013 from './migrations/0013-review-staff';
import * as m0014 from './migrations/0014-staff-users';
import * as m0015 from './migrations/0015-media-jobs';
import * as m0016 from './migrations/0016-filter-version';
import * as m0018 from './migrations/0018-page-drafts';
import * as m0019 from './migrations/0019-post-references';
import * as m0020 from './migrations/0020-public-changes';
import * as m0021 from './migrations/0021-media-job-claims';
import * as m0022 from './migrations/0022-content-changes';
import * as m0023 from './migrations/0023-comments-without-approval';
import * as m0024 from './migrations/0024-post-counts';
import * as m0025 from './migrations/0025-search-prefixes';
import * as m0026 from './migrations/0026-staff-second-factor';
import * as m0027 from './migrations/0027-mail-queue';
import * as m0028 from './migrations/0028-wordpress-import';
import * as m0029 from './migrations/0029-media-caption';

/** Migrations are listed here, in order, so that the bundle and tsx see the same set. */
const migrations: Record<string, Migration> = {
  '0001-content': m0001,
  '0002-filters': m0002,
  '0003-accounts': m0003,
  '0004-reviews': m0004,
  '0005-menus': m0005,
  '0006-search-index': m0006,
  '0007-subscribers': m0007,
  '0009-stores': m0009,
  '0010-store-guests': m0010,
  '0011-audit-log': m0011,
  '0012-post-revisions': m0012,
  '0013-review-staff': m0013,
  '0014-staff-users': m0014,
  '0015-media-jobs': m0015,
  '0016-filter-version': m0016,
  '0018-page-drafts': m0018,
  '0019-post-references': m0019,
  '0020-public-changes': m0020,
  '0021-media-job-claims': m0021,
  '0022-content-changes': m0022,
  '0023-comments-without-approval': m0023,
  '0024-post-counts': m0024,
  '0025-search-prefixes': m0025,
  '0026-staff-second-factor': m0026,
  '0027-mail-queue': m0027,
  '0028-wordpress-import': m0028,
  '0029-media-caption': m0029,
};

/** The migrations this version of the site knows, oldest first (a backup made by a newer one is refused). */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(migrations);

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its bookkeeping tables in any schema unless told which; name the current one so
  // that databases in separate PostgreSQL schemas (tests, several sites) never see each other's.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    migrationTableSchema: schema,
    // A database that ran a later number before an earlier one landed (0016 before 0015) still migrates.
    // The numbers 0008 and 0017 are missing on purpose (parallel branches were renumbered): never fill them.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
