// Run by global-setup.ts under tsx inside the app snapshot, so that the seeding library is the one
// the servers run: `tsx tests/e2e/support/seed-templates.ts <demo.db> <no-gallery.db> <uploads dir>`.
import fs from 'node:fs';
import path from 'node:path';
import { connect } from '../../../app/db/connection.server';
import { migrateToLatest } from '../../../app/db/migrate.server';
import { seedDemoSchool } from '../../../seed';

const [demoFile, noGalleryFile, uploadsDir] = process.argv.slice(2);
if (!demoFile || !noGalleryFile || !uploadsDir) {
  throw new Error('usage: seed-templates.ts <demo.db> <no-gallery.db> <uploads dir>');
}

/** Migrates and seeds one template into a temporary file, then renames it into place. */
async function makeTemplate(file: string, gallery: boolean): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const conn = connect(tmp);
  await migrateToLatest(conn.db);
  const { seeded } = await seedDemoSchool(conn, { uploadsDir: uploadsDir as string, gallery });
  // Closing checkpoints the WAL into the main file, so the template is one self-contained file.
  await conn.close();
  if (!seeded) throw new Error(`seeding ${file} did nothing: was ${tmp} left over from another run?`);
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.renameSync(tmp, file);
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${tmp}${suffix}`, { force: true });
}

// The demo school first: it draws every picture, so the second seed finds them all on disk.
await makeTemplate(demoFile, true);
await makeTemplate(noGalleryFile, false);
