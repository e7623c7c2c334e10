import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { dryRun } from './dry-run.server';
import { formatReport } from './report';
import { FIXTURE, FIXTURE_ABSENT, FIXTURE_DIR, FIXTURE_PRESENT, wxr, wxrItem } from './wxr.fixtures';

const temp = mkdtempSync(path.join(tmpdir(), 'wxr-dry-run-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe.skipIf(!FIXTURE_PRESENT)(`dry run of the real export${FIXTURE_PRESENT ? '' : ` (${FIXTURE_ABSENT})`}`, () => {
  const text = FIXTURE_PRESENT ? readFileSync(FIXTURE, 'utf8') : '';
  // Counted from the file with regexes, not with the reader.
  const ofType = (type: string) => text.split(`<wp:post_type><![CDATA[${type}]]></wp:post_type>`).length - 1;
  const distinctTerms = new Set(
    [
      ...text.matchAll(
        /<wp:term_taxonomy>(?:<!\[CDATA\[)?(category|post_tag)(?:\]\]>)?<\/wp:term_taxonomy>\s*<wp:term_slug><!\[CDATA\[([^\]]*)/g,
      ),
    ].map((m) => `${m[1]}:${m[2]}`),
  );

  test('the report counts what the export holds', async () => {
    const report = await dryRun(FIXTURE, { uploads: path.join(FIXTURE_DIR, 'uploads') });
    expect(report.refused).toBeNull();
    expect(report.counts).toEqual({
      news: ofType('post'),
      page: ofType('page'),
      gallery: ofType('galeri'),
      media: ofType('attachment'),
      term: distinctTerms.size,
      menu: 1,
      'menu-item': ofType('nav_menu_item'),
      comment: (text.match(/<wp:comment_approved><!\[CDATA\[1\]\]>/g) ?? []).length,
      author: (text.match(/<wp:author>/g) ?? []).length,
    });
    expect(report.counts).toMatchObject({ news: 30, page: 2, gallery: 14, media: 44, 'menu-item': 6, term: 18 });
    expect(report.skipped).toEqual([
      {
        what: '«Menu Utama» (ID 100, wp_navigation)',
        why: 'menu blok (wp_navigation): menu diambil dari item menu klasik (nav_menu_item)',
      },
    ]);
    // Every image is in uploads/, every featured image in the export, every slug free.
    expect(report.problems).toEqual([]);
    const printed = formatReport(report);
    expect(printed).toMatch(/^ {2}berita +30$/m);
    expect(printed).toMatch(/^ {2}gambar +44$/m);
  });

  test('with an uploads folder lacking the files, each missing image is a problem', async () => {
    const report = await dryRun(FIXTURE, { uploads: temp });
    expect(report.problems).toHaveLength(44);
    expect(report.problems[0]).toEqual({
      what: '«Upacara Hari Pendidikan Nasional» (ID 5, attachment)',
      why: 'berkas tidak ada di folder uploads: 2026/11/upacara-hari-pendidikan-nasional.jpg',
    });
  });

  test('with --fetch-media, images on the old site’s private address are problems', async () => {
    const report = await dryRun(FIXTURE, { fetchMedia: true });
    expect(report.problems).toHaveLength(44);
    expect(report.problems[0]?.why).toMatch(/^alamat gambar menunjuk ke jaringan privat: http:\/\/127\.0\.0\.1:8080\//);
  });
});

test('problems and skips name the item: slugs, shortcodes, the sanitiser, missing images, comments', async () => {
  const comment = (id: number, approved: string) =>
    `<wp:comment><wp:comment_id>${id}</wp:comment_id><wp:comment_content>Hai</wp:comment_content><wp:comment_approved>${approved}</wp:comment_approved><wp:comment_type>comment</wp:comment_type></wp:comment>`;
  const file = path.join(temp, 'small.xml');
  writeFileSync(
    file,
    wxr(
      wxrItem({ id: 1, title: 'Satu', extra: `${comment(1, '1')}${comment(2, '0')}` }) +
        wxrItem({ id: 2, title: 'Dua', name: 'judul-1' }) +
        wxrItem({ id: 3, title: 'Tiga', status: 'auto-draft' }) +
        wxrItem({
          id: 4,
          title: 'Empat',
          extra: '<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>99</wp:meta_value></wp:postmeta>',
        }).replace(
          '<p>Isi 4</p>',
          '<p>[contact-form-7 id="1"] <a href="http://sekolah-lama.example/?p=1">ada</a> <a href="/hilang/">hilang</a></p><script>alert(1)</script>',
        ),
    ),
  );
  const report = await dryRun(file);
  expect(report.counts).toMatchObject({ news: 3, comment: 1 });
  expect(report.skipped).toEqual([
    { what: 'komentar 2 pada «Satu» (ID 1, post)', why: 'belum disetujui' },
    { what: '«Tiga» (ID 3, post)', why: 'draf otomatis yang tidak pernah disimpan' },
  ]);
  expect(report.problems).toEqual([
    { what: '«Dua» (ID 2, post)', why: 'slug "judul-1" sudah dipakai oleh «Satu» (ID 1, post): memakai "judul-1-2"' },
    { what: '«Empat» (ID 4, post)', why: 'pembersih HTML membuang: script' },
    { what: '«Empat» (ID 4, post)', why: 'gambar unggulan ID 99 tidak ada di ekspor (atau tidak diimpor)' },
    { what: '«Empat» (ID 4, post)', why: 'tautan ke situs lama tidak menunjuk ke isi yang diimpor: /hilang/' },
  ]);
  expect([...report.shortcodes]).toEqual([['contact-form-7', ['«Empat» (ID 4, post)']]]);
});

test('a refused file: the report says why, and what was read before', async () => {
  const file = path.join(temp, 'truncated.xml');
  const doc = wxr(wxrItem({ id: 1 }) + wxrItem({ id: 2 }));
  writeFileSync(file, doc.slice(0, doc.lastIndexOf('<wp:post_id>')));
  const report = await dryRun(file);
  expect(report.refused).toMatch(
    /^Berkas terpotong: berakhir di tengah item «Judul 2» \(mulai baris \d+\) \(baris \d+\)\.$/,
  );
  expect(report.counts.news).toBe(1);
  expect(formatReport(report)).toContain(`DITOLAK: ${report.refused}`);
});
