import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A hash of what a seeded database is made from (seed code, migrations, content): a copy kept for
 * reuse (test templates, the bench database) is stale as soon as it changes.
 */
export function seedFingerprint(root: string): string {
  const hash = createHash('sha256');
  for (const dir of ['seed', 'app/db/migrations', 'content']) {
    const abs = path.join(root, dir);
    if (!fs.existsSync(abs)) continue;
    const files = fs
      .readdirSync(abs, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !/\.test\.tsx?$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
    for (const file of files) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}
