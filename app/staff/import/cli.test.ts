import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { FIXTURE, FIXTURE_DIR, FIXTURE_PRESENT, wxr, wxrItem } from './wxr.fixtures';

// `npm run import:wordpress -- FILE [--uploads DIR | --fetch-media] [--dry-run]`, run as staff would.
const temp = mkdtempSync(path.join(tmpdir(), 'wxr-cli-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

// Writing goes to a database of the test's own (the site's settings name it, as for `npm start`).
const site = { ...process.env, DATABASE_URL: path.join(temp, 'site.db'), UPLOADS_DIR: path.join(temp, 'uploads') };

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const argv = ['--import', 'tsx', 'scripts/import-wordpress.ts', ...args];
    execFile(process.execPath, argv, { env: site }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

test('arguments, the dry run, a refusal, and writing', { timeout: 120_000 }, async () => {
  const small = path.join(temp, 'ekspor.xml');
  writeFileSync(small, wxr(wxrItem({ id: 1, title: 'Satu' })));
  const refused = path.join(temp, 'v2.xml');
  writeFileSync(refused, wxr(wxrItem({ id: 1 }), { version: '2.0' }));
  const [dry, write, bad, both, wrongVersion] = await Promise.all([
    cli(small, '--dry-run'),
    cli(small),
    cli(path.join(temp, 'tidak-ada.xml'), '--dry-run'),
    cli(small, '--uploads', temp, '--fetch-media', '--dry-run'),
    cli(refused, '--dry-run'),
  ]);
  expect(dry).toMatchObject({ code: 0, stderr: '' });
  expect(dry.stdout).toMatch(/^Uji coba impor \(tidak ada yang ditulis\): .*ekspor\.xml\n/);
  expect(dry.stdout).toMatch(/^ {2}berita +1$/m);
  expect(write.code).toBe(0);
  expect(write.stdout).toMatch(/^Impor: .*ekspor\.xml\n/);
  expect(write.stdout).toMatch(/^ {2}berita +1 \(baru 1\)$/m);
  expect(write.stderr).toContain('1 dari 1 item');
  expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('bukan berkas') });
  expect(both).toMatchObject({ code: 2, stderr: expect.stringContaining('usage:') });
  expect(wrongVersion.code).toBe(1);
  expect(wrongVersion.stdout).toMatch(/^DITOLAK: Versi WXR 2\.0 tidak didukung/m);
});

test.skipIf(!FIXTURE_PRESENT)(
  'the real export with its uploads: the report, nothing missing',
  { timeout: 60_000 },
  async () => {
    const { code, stdout } = await cli(FIXTURE, '--uploads', path.join(FIXTURE_DIR, 'uploads'), '--dry-run');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}item galeri +14$/m);
    expect(stdout).toContain('Masalah (0):');
  },
);
