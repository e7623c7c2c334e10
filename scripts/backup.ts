/**
 * `npm run backup -- FILE` writes one consistent archive of the site (database, uploads, manifest) while it
 * runs; `npm run backup -- --verify FILE` checks an archive without restoring it. DATABASE_URL and
 * UPLOADS_DIR say where the site's data is, as for `npm start`.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup, verifyArchive } from '../server/backup/archive.server';
import { summarize } from '../server/backup/manifest';

const USAGE = 'usage: npm run backup -- FILE   |   npm run backup -- --verify FILE';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { verify: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const file = positionals[0] as string;
  const started = performance.now();
  if (values.verify) {
    const { manifest, problems } = await verifyArchive(file);
    console.log(summarize(manifest));
    if (problems.length > 0) {
      console.error(`${file} does NOT check out:\n  ${problems.join('\n  ')}`);
      return 1;
    }
    console.log(`${file} checks out (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return 0;
  }
  const manifest = await backup(
    {
      databaseUrl: process.env.DATABASE_URL || undefined,
      uploadsDir: path.resolve(process.env.UPLOADS_DIR || 'data/uploads'),
    },
    file,
  );
  console.log(summarize(manifest));
  console.log(`wrote ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
