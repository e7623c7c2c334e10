/**
 * Moves a school's WordPress site in (issue 26):
 *   npm run import:wordpress -- FILE [--uploads DIR | --fetch-media] [--dry-run]
 * FILE is the WXR export (Tools → Export → All content); `--uploads` names a copy of the old `wp-content/uploads/`,
 * `--fetch-media` downloads the images from their URLs instead. `--dry-run` reads and checks the whole file and
 * prints the report without writing. Without it the export is written to the site's database (`DATABASE_URL`, default
 * `data/site.db`, migrated first) and its images to `UPLOADS_DIR` (default `data/uploads`), as `npm start` reads them;
 * a line per 10 % of the items goes to stderr meanwhile. Exit status: 0 done, 1 the file was refused, 2 wrong arguments.
 * package.json runs it in a 200 MB heap: what the import keeps of a 200 MB export fits, and V8 left alone grows the
 * heap with the garbage of the stream (410 MB resident, 270 MB with the cap).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connect, DEFAULT_SQLITE_FILE } from '../app/db/connection.server';
import { migrateToLatest } from '../app/db/migrate.server';
import { dryRun } from '../app/staff/import/dry-run.server';
import { importWordPress } from '../app/staff/import/import.server';
import { formatReport, type ImportReport } from '../app/staff/import/report';

const USAGE = 'usage: npm run import:wordpress -- FILE [--uploads DIR | --fetch-media] [--dry-run]';

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || (values.uploads !== undefined && values['fetch-media'])) {
    console.error(USAGE);
    return 2;
  }
  const file = path.resolve(positionals[0] as string);
  const uploads = values.uploads === undefined ? undefined : path.resolve(values.uploads);
  for (const [what, p, dir] of [
    ['FILE', file, false],
    ['--uploads', uploads, true],
  ] as const) {
    if (p === undefined) continue;
    const s = await stat(p).catch(() => null);
    if (!s || s.isDirectory() !== dir) {
      console.error(`${what}: ${p} ${dir ? 'bukan folder' : 'bukan berkas'}\n${USAGE}`);
      return 2;
    }
  }
  const report = values['dry-run']
    ? await dryRun(file, { uploads, fetchMedia: values['fetch-media'] })
    : await writeImport(file, uploads, values['fetch-media']);
  process.stdout.write(formatReport(report));
  return report.refused ? 1 : 0;
}

async function writeImport(file: string, uploads: string | undefined, fetchMedia: boolean): Promise<ImportReport> {
  const conn = connect(process.env.DATABASE_URL || DEFAULT_SQLITE_FILE);
  try {
    await migrateToLatest(conn.db);
    let shown = -1;
    return await importWordPress(
      conn.db,
      file,
      { uploads, fetchMedia, uploadsDir: path.resolve(process.env.UPLOADS_DIR || 'data/uploads') },
      (done, total) => {
        const tenth = total > 0 ? Math.floor((done * 10) / total) : 0;
        if (tenth === shown) return;
        shown = tenth;
        console.error(`${done} dari ${total} item`);
      },
    );
  } finally {
    await conn.close();
  }
}

function parse() {
  return parseArgs({
    options: {
      uploads: { type: 'string' },
      'fetch-media': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
