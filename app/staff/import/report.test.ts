import { expect, test } from 'vitest';
import { count, emptyReport, formatReport, noteShortcodes, problem, skip } from './report';

test('the report as text: counts, skipped, problems, shortcodes, one line each', () => {
  const report = emptyReport('ekspor.xml', true);
  count(report, 'news', 30);
  count(report, 'media');
  skip(report, '«Menu» (ID 100, wp_navigation)', 'menu blok');
  problem(report, '«Dua» (ID 2, post)', 'slug kosong');
  for (const n of [1, 2, 3, 4, 5, 6, 7]) noteShortcodes(report, `«P${n}»`, ['embed']);
  noteShortcodes(report, '«P1»', ['audio']);
  report.seconds = 0.5;
  expect(formatReport(report)).toBe(`Uji coba impor (tidak ada yang ditulis): ekspor.xml

Yang akan masuk:
  berita                     30
  halaman                    0
  item galeri                0
  gambar                     1
  istilah (kategori, tag …)  0
  menu                       0
  item menu                  0
  komentar                   0
  penulis                    0

Dilewati (1):
  - «Menu» (ID 100, wp_navigation): menu blok

Masalah (1):
  - «Dua» (ID 2, post): slug kosong

Shortcode yang dibiarkan sebagai teks (2):
  - [audio] di 1 item: «P1»
  - [embed] di 7 item: «P1», «P2», «P3», «P4», «P5» dan 2 lainnya

Waktu: 0.50 s
`);
});

test('a refused import says so first', () => {
  const report = emptyReport('x.xml', false);
  report.refused = 'Versi WXR 2.0 tidak didukung.';
  expect(formatReport(report).split('\n').slice(0, 5)).toEqual([
    'Impor: x.xml',
    '',
    'DITOLAK: Versi WXR 2.0 tidak didukung.',
    'Yang terbaca sebelum penolakan:',
    '',
  ]);
});
