/**
 * `npm run restore -- FILE [--force]` brings a backup (`npm run backup`) into an empty database and uploads
 * folder, with the site stopped; `--force` replaces what they hold. DATABASE_URL and UPLOADS_DIR say where, as
 * for `npm start`.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restore } from '../server/backup/archive.server';
import { summarize } from '../server/backup/manifest';

const USAGE = 'usage: npm run restore -- FILE [--force]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const file = positionals[0] as string;
  const started = performance.now();
  const manifest = await restore(
    {
      databaseUrl: process.env.DATABASE_URL || undefined,
      uploadsDir: path.resolve(process.env.UPLOADS_DIR || 'data/uploads'),
    },
    file,
    { force: values.force },
  );
  console.log(summarize(manifest));
  console.log(`restored ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s; start the site again`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
