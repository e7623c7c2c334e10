import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection.server';
import * as m0001 from './migrations/0001-content';

/** Migrations are listed here, in order, so that the bundle and tsx see the same set. */
const migrations: Record<string, Migration> = {
  '0001-content': m0001,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
