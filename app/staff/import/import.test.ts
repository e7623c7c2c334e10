import { expect, test } from 'vitest';
import { sourceOf } from './import.server';
import { digestOf, mediaStem, oldPathOf } from './items.server';
import { changesNote, counted, emptyReport, formatReport } from './report';

test('the old site as import_item.source: its base URL, else its link, without a trailing slash', () => {
  expect(sourceOf({ baseSiteUrl: 'https://sekolah.sch.id/', link: 'https://x.example' })).toBe(
    'https://sekolah.sch.id',
  );
  expect(sourceOf({ baseSiteUrl: '', link: 'http://127.0.0.1:8080' })).toBe('http://127.0.0.1:8080');
});

test.each([
  ['http://old.example/2023/05/12/rapat/', '/2023/05/12/rapat/'],
  ['http://old.example/?page_id=7', '/?page_id=7'],
  ['http://old.example/galeri/lomba/?x=1', '/galeri/lomba/?x=1'],
  ['bukan alamat', null],
])('old path of %s', (link, path) => expect(oldPathOf(link)).toBe(path));

test.each([
  ['2026/11/upacara-hari-pendidikan-nasional.jpg', 'impor/2026/11/upacara-hari-pendidikan-nasional'],
  ['2024/05/Foto Lomba 17 Agustus.JPG', 'impor/2024/05/foto-lomba-17-agustus'],
  ['sites/3/2024/05/kelas.png', 'impor/2024/05/kelas'],
  ['2024/05/.jpg', 'impor/2024/05/gambar'],
])('stored name of an old upload %s', (file, stem) => expect(mediaStem(file)).toBe(stem));

test('a digest tells equal records apart from changed ones', () => {
  expect(digestOf({ a: 1, b: 'x' })).toBe(digestOf({ a: 1, b: 'x' }));
  expect(digestOf({ a: 1, b: 'x' })).not.toBe(digestOf({ a: 1, b: 'y' }));
  expect(digestOf({})).toMatch(/^[0-9a-f]{64}$/);
});

test("a real import's counts say what was new, updated and unchanged, one line each", () => {
  const report = emptyReport('ekspor.xml', false);
  counted(report, 'news', 'unchanged', 28);
  counted(report, 'news', 'updated');
  counted(report, 'news', 'added');
  counted(report, 'author', 'matched');
  expect(report.counts.news).toBe(30);
  expect(changesNote(report, 'news')).toBe('baru 1, diperbarui 1, tidak berubah 28');
  expect(changesNote(report, 'page')).toBe('');
  const lines = formatReport(report).split('\n');
  expect(lines).toContain('  berita                     30 (baru 1, diperbarui 1, tidak berubah 28)');
  expect(lines).toContain('  halaman                    0');
  expect(lines).toContain('  penulis                    1 (dipadankan dengan yang sudah ada 1)');
});
