/**
 * The site's backups (README "Backups"), with DATABASE_URL and UPLOADS_DIR saying where its data is, as for
 * `npm start`:
 *   npm run backup -- FILE                one consistent archive of the running site
 *   npm run backup -- --verify FILE       checks an archive without restoring it
 *   npm run restore -- FILE [--force]     (`--restore`) brings it into an empty database and uploads folder
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup, restore, verifyArchive } from '../server/backup/archive.server';
import { summarize } from '../server/backup/manifest';

const USAGE = 'usage: npm run backup -- [--verify] FILE   |   npm run restore -- FILE [--force]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      verify: { type: 'boolean', default: false },
      restore: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (
    values.help ||
    positionals.length !== 1 ||
    (values.verify && values.restore) ||
    (values.force && !values.restore)
  ) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const file = positionals[0] as string;
  const storage = {
    databaseUrl: process.env.DATABASE_URL || undefined,
    uploadsDir: path.resolve(process.env.UPLOADS_DIR || 'data/uploads'),
  };
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (values.verify) {
    const { manifest, problems } = await verifyArchive(file);
    console.log(summarize(manifest));
    if (problems.length > 0) {
      console.error(`${file} does NOT check out:\n  ${problems.join('\n  ')}`);
      return 1;
    }
    console.log(`${file} checks out (${took()})`);
  } else if (values.restore) {
    console.log(summarize(await restore(storage, file, { force: values.force })));
    console.log(`restored ${file} in ${took()}; start the site again`);
  } else {
    console.log(summarize(await backup(storage, file)));
    console.log(`wrote ${file} in ${took()}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
