import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { writeSyntheticWxr } from '../../../bench/wxr-synthetic';

// Issue 26: "memory stays under 300 MB for a 200 MB export". The file is made with streaming writes and read
// by bench/wxr-read.ts in a child process of its own, so the peak is the reader's (plus tsx), not Vitest's;
// then the whole dry run reads it too.
const temp = mkdtempSync(path.join(tmpdir(), 'wxr-memory-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const MB = 1024 * 1024;

test('slow (30–60 s): a 200 MB export is read in under 300 MB, and dry-run in a 128 MB heap', {
  timeout: 240_000,
}, async () => {
  const file = path.join(temp, 'export.xml');
  // 36,500 posts and as many images: 214 MB (204 MiB).
  const counts = await writeSyntheticWxr(file, { posts: 36_500 });
  expect(statSync(file).size).toBeGreaterThan(200 * MB);
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/wxr-read.ts', file], {
    maxBuffer: MB,
  });
  const result = JSON.parse(stdout) as { items: number; seconds: number; maxRss: number };
  expect(result.items).toBe(counts.posts + counts.attachments + counts.pages + counts.gallery + counts.menuItems);
  expect(result.maxRss).toBeLessThan(300 * MB);
  // The dry run keeps a little per item (slugs, ids, old links): with the heap capped it must still finish, so
  // nothing it keeps holds on to a body or a chunk of the file (V8 uncapped lets the heap grow lazily instead).
  const dry = await promisify(execFile)(
    process.execPath,
    ['--max-old-space-size=128', '--import', 'tsx', 'scripts/import-wordpress.ts', file, '--dry-run'],
    { maxBuffer: MB },
  );
  expect(dry.stdout).toMatch(new RegExp(`^ {2}berita +${counts.posts}$`, 'm'));
  expect(dry.stdout).toContain('Masalah (0):');
});
