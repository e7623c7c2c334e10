import { describe, expect, test } from 'vitest';
import {
  ARCHIVE_FORMAT,
  compareCounts,
  compareFiles,
  type FileEntry,
  isSafeArchivePath,
  type Manifest,
  readManifest,
  summarize,
} from './manifest';

const sha = (c: string) => c.repeat(64);
const manifest: Manifest = {
  format: ARCHIVE_FORMAT,
  version: 1,
  createdAt: '2026-11-28T04:00:00.000Z',
  dialect: 'sqlite',
  schema: null,
  migration: '0025-search-prefixes',
  database: { path: 'database.sqlite', bytes: 4096, sha256: sha('a') },
  counts: { post: 156, media: 164, review: 287, app_user: 4, subscriber: 2 },
  files: [{ path: 'uploads/2026/03/foto-480w.webp', bytes: 1200, sha256: sha('b') }],
};

describe('readManifest', () => {
  test('reads what a backup writes', () => {
    expect(readManifest(JSON.stringify(manifest))).toEqual(manifest);
  });

  test('names what is wrong with anything else', () => {
    expect(() => readManifest('{')).toThrow('manifest.json is not JSON');
    expect(() => readManifest('{"format":"wordpress"}')).toThrow('not a backup of this site');
    expect(() => readManifest(JSON.stringify({ ...manifest, version: 2 }))).toThrow(
      'backup version 2; this site reads 1',
    );
    expect(() => readManifest(JSON.stringify({ ...manifest, counts: { post: -1 } }))).toThrow(
      'manifest.json: counts.post',
    );
    expect(() =>
      readManifest(JSON.stringify({ ...manifest, files: [{ path: 'uploads/a.jpg', bytes: 1, sha256: 'xyz' }] })),
    ).toThrow('files.0.sha256');
  });
});

test('an archive path must stay inside the archive', () => {
  expect(isSafeArchivePath('uploads/2026/03/foto.jpg')).toBe(true);
  expect(isSafeArchivePath('manifest.json')).toBe(true);
  for (const bad of ['/etc/passwd', '../site.db', 'uploads/../../x', 'uploads//x', './x', 'a\\b', 'a\0b', ''])
    expect(isSafeArchivePath(bad), bad).toBe(false);
});

test('compareFiles lists missing, changed and unlisted files', () => {
  const listed: FileEntry[] = [
    { path: 'uploads/a.jpg', bytes: 10, sha256: sha('1') },
    { path: 'uploads/b.jpg', bytes: 10, sha256: sha('2') },
    { path: 'uploads/c.jpg', bytes: 10, sha256: sha('3') },
  ];
  const found = new Map<string, FileEntry>([
    ['uploads/a.jpg', { path: 'uploads/a.jpg', bytes: 10, sha256: sha('1') }],
    ['uploads/b.jpg', { path: 'uploads/b.jpg', bytes: 10, sha256: sha('9') }],
    ['uploads/d.jpg', { path: 'uploads/d.jpg', bytes: 3, sha256: sha('4') }],
  ]);
  expect(compareFiles(listed, found)).toEqual([
    'uploads/b.jpg: checksum differs',
    'uploads/c.jpg: missing',
    'uploads/d.jpg: not listed in the manifest',
  ]);
  expect(
    compareFiles(listed.slice(0, 1), new Map([['uploads/a.jpg', { ...(listed[0] as FileEntry), bytes: 11 }]])),
  ).toEqual(['uploads/a.jpg: 11 bytes, listed 10']);
});

test('compareCounts lists the tables whose rows differ', () => {
  expect(compareCounts({ post: 3, review: 2 }, { post: 3, review: 2 })).toEqual([]);
  expect(compareCounts({ post: 3, review: 2 }, { post: 2, extra: 0 })).toEqual([
    'table post: 2 rows, backed up 3',
    'table review: missing',
    'table extra: not in the backup',
  ]);
});

test('summarize says what the archive holds', () => {
  expect(summarize(manifest)).toBe(
    [
      'SQLite backup of 2026-11-28T04:00:00.000Z, migration 0025-search-prefixes',
      '5 tables, 613 rows: 156 posts, 164 media, 287 reviews, 4 users, 2 subscribers',
      '1 files, 0.0 MB with the database',
    ].join('\n'),
  );
});
