/**
 * Seeds the database: `tsx scripts/seed.ts [--synthetic N] [--no-gallery]`.
 * DATABASE_URL (default SQLite data/site.db) and UPLOADS_DIR (default data/uploads) say where.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connect, DEFAULT_SQLITE_FILE } from '~/db/connection.server';
import { migrateToLatest } from '~/db/migrate.server';
import { seedDemoSchool, seedSynthetic } from '../seed';

const USAGE = 'usage: tsx scripts/seed.ts [--synthetic N] [--no-gallery]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      synthetic: { type: 'string' },
      'no-gallery': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const synthetic = values.synthetic === undefined ? 0 : Number(values.synthetic);
  if (!Number.isSafeInteger(synthetic) || synthetic < 0) {
    throw Object.assign(new Error(`--synthetic wants a whole number ≥ 0, not "${values.synthetic}"`), {
      code: 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
    });
  }

  const url = process.env.DATABASE_URL || DEFAULT_SQLITE_FILE;
  const uploadsDir = path.resolve(process.env.UPLOADS_DIR || 'data/uploads');
  const conn = connect(url);
  try {
    console.log(`database: ${conn.location} (${conn.dialect})`);
    await migrateToLatest(conn.db);
    console.log('migrations: up to date');

    let t = Date.now();
    const { seeded } = await seedDemoSchool(conn, { uploadsDir, gallery: !values['no-gallery'] });
    console.log(
      seeded
        ? `demo school: seeded in ${((Date.now() - t) / 1000).toFixed(1)} s${values['no-gallery'] ? ' (without gallery items)' : ''}; pictures in ${uploadsDir}`
        : 'demo school: already seeded, left as it is',
    );

    if (synthetic > 0) {
      t = Date.now();
      await seedSynthetic(conn, synthetic);
      console.log(`synthetic: added ${synthetic} rows in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
  } finally {
    await conn.close();
  }
}

main().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) console.error(USAGE);
  process.exitCode = 1;
});
