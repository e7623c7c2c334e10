// `npm run test:e2e`: the Playwright suite (playwright.config.ts). Its global setup builds the app and
// seeds the test databases, so this works from a fresh clone. Extra arguments go to Playwright.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
if (result.error) console.error(result.error);
process.exit(result.status ?? 1);
