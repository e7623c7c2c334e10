import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { WxrItem, WxrRecord } from './records';
import { FIXTURE, FIXTURE_ABSENT, FIXTURE_PRESENT, readText, wxr, wxrItem } from './wxr.fixtures';
import { readWxr } from './wxr.server';

async function readFile(file: string): Promise<WxrRecord[]> {
  const out: WxrRecord[] = [];
  for await (const record of readWxr(file)) out.push(record);
  return out;
}

const itemsOf = (records: WxrRecord[]) =>
  records
    .flatMap((r) => (r.kind === 'item' ? [r.item] : []))
    .reduce((m, i) => m.set(i.postId, i), new Map<number | null, WxrItem>());

describe.skipIf(!FIXTURE_PRESENT)(`the real export${FIXTURE_PRESENT ? '' : ` (${FIXTURE_ABSENT})`}`, () => {
  const text = FIXTURE_PRESENT ? readFileSync(FIXTURE, 'utf8') : '';
  /** Counted with a regex over the file, independently of the reader. */
  const typeCount = (type: string) => text.split(`<wp:post_type><![CDATA[${type}]]></wp:post_type>`).length - 1;

  test('every record, in document order, as the file holds them', async () => {
    const records = await readFile(FIXTURE);
    expect(records[0]).toEqual({
      kind: 'channel',
      channel: {
        title: 'SMP Negeri Contoh',
        link: 'http://127.0.0.1:8080',
        wxrVersion: '1.2',
        baseSiteUrl: 'http://127.0.0.1:8080',
        baseBlogUrl: 'http://127.0.0.1:8080',
      },
    });
    const kinds = records.map((r) => r.kind);
    expect(kinds.filter((k) => k === 'author')).toHaveLength((text.match(/<wp:author>/g) ?? []).length);
    expect(kinds.filter((k) => k === 'term')).toHaveLength((text.match(/<wp:(category|tag|term)>/g) ?? []).length);
    expect(kinds.filter((k) => k === 'item')).toHaveLength((text.match(/<item>/g) ?? []).length);
    // Authors and terms come before the items, as WordPress writes them.
    expect(kinds.lastIndexOf('term')).toBeLessThan(kinds.indexOf('item'));
    const items = [...itemsOf(records).values()];
    for (const type of ['post', 'page', 'galeri', 'attachment', 'nav_menu_item', 'wp_navigation']) {
      expect(
        items.filter((i) => i.postType === type),
        type,
      ).toHaveLength(typeCount(type));
    }
    expect(typeCount('post')).toBe(30);
    expect(typeCount('attachment')).toBe(44);
  });

  test('ten chosen items read with their fields', async () => {
    const items = itemsOf(await readFile(FIXTURE));
    const pick = (id: number) => items.get(id) as WxrItem;
    const post = pick(36);
    expect(post).toMatchObject({
      title: 'Siswa Lolos Seleksi Paskibraka Kabupaten',
      postName: 'siswa-lolos-seleksi-paskibraka-kabupaten',
      postType: 'post',
      status: 'publish',
      postDate: '2026-10-09 04:02:34',
      postDateGmt: '2026-10-08 21:02:34',
      postModifiedGmt: '2026-10-08 21:02:34',
      pubDate: 'Thu, 08 Oct 2026 21:02:34 +0000',
      creator: 'admin',
      guid: 'http://127.0.0.1:8080/siswa-lolos-seleksi-paskibraka-kabupaten/',
      link: 'http://127.0.0.1:8080/siswa-lolos-seleksi-paskibraka-kabupaten/',
      isSticky: false,
      postParent: 0,
      menuOrder: 0,
    });
    expect(post.terms).toEqual([
      { domain: 'post_tag', nicename: 'ekstrakurikuler', name: 'ekstrakurikuler' },
      { domain: 'post_tag', nicename: 'literasi', name: 'literasi' },
      { domain: 'category', nicename: 'pengumuman', name: 'Pengumuman' },
      { domain: 'post_tag', nicename: 'pentas-seni', name: 'pentas seni' },
    ]);
    expect(post.meta).toContainEqual({ key: '_thumbnail_id', value: '37' });
    expect(post.meta).toContainEqual({ key: 'bench_score', value: '92' });
    expect(post.content.startsWith('<!-- wp:paragraph -->\n<p>Kegiatan ini diikuti')).toBe(true);

    expect(pick(4)).toMatchObject({ title: 'Upacara Hari Pendidikan Nasional', postDateGmt: '2026-11-25 21:02:34' });
    expect(pick(4).meta).toContainEqual({ key: '_thumbnail_id', value: '5' });
    expect(pick(62).terms.map((t) => t.nicename)).toEqual(['akademik', 'literasi', 'osis', 'pentas-seni']);

    const image = pick(5);
    expect(image).toMatchObject({ postType: 'attachment', status: 'inherit', postParent: 4 });
    expect(image.attachmentUrl).toBe(
      'http://127.0.0.1:8080/wp-content/uploads/2026/11/upacara-hari-pendidikan-nasional.jpg',
    );
    expect(image.meta).toContainEqual({
      key: '_wp_attached_file',
      value: '2026/11/upacara-hari-pendidikan-nasional.jpg',
    });
    expect(image.meta).toContainEqual({ key: '_wp_attachment_image_alt', value: 'Upacara Hari Pendidikan Nasional' });
    expect(image.meta.find((m) => m.key === '_wp_attachment_metadata')?.value).toMatch(/^a:6:\{s:5:"width";i:1200;/);

    expect(pick(64)).toMatchObject({
      title: 'Galeri Kegiatan Sekolah 1',
      postType: 'galeri',
      postName: 'galeri-kegiatan-sekolah-1',
    });
    expect(pick(64).meta).toEqual([{ key: '_thumbnail_id', value: '65' }]);
    expect(pick(90)).toMatchObject({ title: 'Galeri Kegiatan Sekolah 14', postDateGmt: '2026-09-17 13:02:34' });

    expect(pick(92)).toMatchObject({ title: 'Profil', postType: 'page', postName: 'profil', postParent: 0 });
    expect(pick(93)).toMatchObject({ title: 'Kontak', postType: 'page', postName: 'kontak' });

    const menuItem = pick(99);
    expect(menuItem).toMatchObject({ title: 'Kontak', postType: 'nav_menu_item', menuOrder: 6 });
    expect(menuItem.terms).toEqual([{ domain: 'nav_menu', nicename: 'menu-utama', name: 'Menu Utama' }]);
    expect(menuItem.meta).toContainEqual({ key: '_menu_item_url', value: 'http://127.0.0.1:8080/kontak/' });
    expect(menuItem.meta).toContainEqual({ key: '_menu_item_menu_item_parent', value: '0' });
    expect(pick(96)).toMatchObject({ title: 'Berita', menuOrder: 3 });

    expect(pick(100)).toMatchObject({ postType: 'wp_navigation', title: 'Menu Utama' });
    expect(pick(100).content).toContain('<!-- wp:navigation-link {"label":"Beranda"');
  });

  test('the same records whatever the chunks (a character split anywhere)', async () => {
    const whole = await readText(text, { size: text.length });
    const small = await readText(text, { size: 997 });
    expect(small.error).toBeNull();
    expect(small.records).toEqual(whole.records);
  });

  test('terms: categories, tags and a menu, with their taxonomy', async () => {
    const terms = (await readFile(FIXTURE)).flatMap((r) => (r.kind === 'term' ? [r.term] : []));
    expect(terms[0]).toEqual({
      id: 6,
      taxonomy: 'category',
      slug: 'akademik',
      name: 'Akademik',
      parentSlug: '',
      description: '',
    });
    expect(terms).toContainEqual({
      id: 18,
      taxonomy: 'post_tag',
      slug: 'kurikulum-merdeka',
      name: 'kurikulum merdeka',
      parentSlug: '',
      description: '',
    });
    expect(terms.at(-1)).toEqual({
      id: 19,
      taxonomy: 'nav_menu',
      slug: 'menu-utama',
      name: 'Menu Utama',
      parentSlug: '',
      description: '',
    });
  });
});

describe('reading', () => {
  test('comments with their meta, authors, a term parent', async () => {
    const comment = `<wp:comment>
      <wp:comment_id>7</wp:comment_id><wp:comment_author><![CDATA[Ibu Ratna]]></wp:comment_author>
      <wp:comment_author_email><![CDATA[ratna@example.com]]></wp:comment_author_email>
      <wp:comment_author_url>https://ratna.example</wp:comment_author_url>
      <wp:comment_author_IP><![CDATA[10.0.0.1]]></wp:comment_author_IP>
      <wp:comment_date><![CDATA[2025-08-14 15:00:00]]></wp:comment_date>
      <wp:comment_date_gmt><![CDATA[2025-08-14 08:00:00]]></wp:comment_date_gmt>
      <wp:comment_content><![CDATA[Terima kasih & sukses]]></wp:comment_content>
      <wp:comment_approved><![CDATA[1]]></wp:comment_approved><wp:comment_type><![CDATA[comment]]></wp:comment_type>
      <wp:comment_parent>0</wp:comment_parent><wp:comment_user_id>0</wp:comment_user_id>
      <wp:commentmeta><wp:meta_key><![CDATA[rating]]></wp:meta_key><wp:meta_value><![CDATA[5]]></wp:meta_value></wp:commentmeta>
    </wp:comment>`;
    const { records, error } = await readText(
      wxr(
        `<wp:author><wp:author_id>2</wp:author_id><wp:author_login><![CDATA[guru]]></wp:author_login><wp:author_email>guru@example.com</wp:author_email></wp:author>
         <wp:category><wp:term_id>9</wp:term_id><wp:category_nicename>sub</wp:category_nicename><wp:category_parent>berita</wp:category_parent><wp:cat_name>Sub &amp; lain</wp:cat_name></wp:category>
         <wp:term><wp:term_id>10</wp:term_id><wp:term_taxonomy>tingkat</wp:term_taxonomy><wp:term_slug>kelas-7</wp:term_slug><wp:term_name>Kelas 7</wp:term_name></wp:term>
         ${wxrItem({ id: 3, extra: comment })}`,
      ),
      { size: 50 },
    );
    expect(error).toBeNull();
    expect(records.map((r) => r.kind)).toEqual(['channel', 'author', 'term', 'term', 'item']);
    expect(records[1]).toMatchObject({ kind: 'author', author: { id: 2, login: 'guru', email: 'guru@example.com' } });
    expect(records[2]).toMatchObject({
      term: { taxonomy: 'category', slug: 'sub', parentSlug: 'berita', name: 'Sub & lain' },
    });
    expect(records[3]).toMatchObject({ term: { taxonomy: 'tingkat', slug: 'kelas-7', name: 'Kelas 7' } });
    const item = (records[4] as { item: WxrItem }).item;
    expect(item.comments).toEqual([
      {
        id: 7,
        author: 'Ibu Ratna',
        authorEmail: 'ratna@example.com',
        authorUrl: 'https://ratna.example',
        authorIp: '10.0.0.1',
        date: '2025-08-14 15:00:00',
        dateGmt: '2025-08-14 08:00:00',
        content: 'Terima kasih & sukses',
        approved: '1',
        type: 'comment',
        parent: 0,
        userId: 0,
        meta: [{ key: 'rating', value: '5' }],
      },
    ]);
    expect(item.meta).toEqual([]);
  });

  test('a body holding "]]>" (split over two CDATA sections, as WordPress writes it) reads whole', async () => {
    const extra = '';
    const doc = wxr(wxrItem({ id: 1, extra })).replace(
      '<![CDATA[<p>Isi 1</p>]]>',
      '<![CDATA[<p>a ]]]]><![CDATA[> b</p>]]>',
    );
    const { records } = await readText(doc);
    expect((records[1] as { item: WxrItem }).item.content).toBe('<p>a ]]> b</p>');
  });

  test('a byte-order mark and WXR 1.0 and 1.1 are fine', async () => {
    for (const version of ['1.0', '1.1']) {
      const { records, error } = await readText(`\uFEFF${wxr(wxrItem({ id: 1 }), { version })}`);
      expect(error).toBeNull();
      expect(records).toHaveLength(2);
    }
  });

  test('an export with no items is a channel alone', async () => {
    const { records, error } = await readText(wxr(''));
    expect(error).toBeNull();
    expect(records.map((r) => r.kind)).toEqual(['channel']);
  });
});

describe('hostile and wrong files are refused, naming the place, and nothing after is read', () => {
  test('billion laughs: refused at its DOCTYPE, no entity expanded', async () => {
    const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const doc = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol0 "lol">${entities}]>\n${wxr(wxrItem({ id: 1, title: '&lol9;' })).replace(/^<\?xml[^>]*>\n/, '')}`;
    const { records, error, chunksRead, chunks } = await readText(doc, { size: 256 });
    expect(error?.code).toBe('doctype');
    expect(error?.message).toMatch(/^Berkas memuat DOCTYPE.*entity bomb.*\(baris 2\)\.$/);
    expect(records).toEqual([]);
    expect(chunksRead).toBeLessThan(chunks);
  });

  test('XXE: an external entity is refused, never fetched', async () => {
    const doc = `<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<rss><channel><title>&xxe;</title></channel></rss>`;
    const { records, error } = await readText(doc);
    expect(error?.code).toBe('doctype');
    expect(records).toEqual([]);
    expect(JSON.stringify(records)).not.toContain('root:');
  });

  test('an undeclared entity is an XML error, not expanded', async () => {
    const doc = wxr(wxrItem({ id: 4 })).replace('<wp:status>', '<wp:status>&bom;');
    const { records, error } = await readText(doc);
    expect(error?.code).toBe('xml');
    expect(error?.message).toMatch(/^XML rusak: undefined entity\. \(baris \d+, item «Judul 4» \(ID 4\)\)\.$/);
    expect(records.map((r) => r.kind)).toEqual(['channel']);
  });

  test('plain RSS (no wp: namespace) is not WXR', async () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><link>https://blog.example</link>
      <item><title>Halo</title><link>https://blog.example/halo</link></item></channel></rss>`;
    const { records, error } = await readText(rss);
    expect(error?.code).toBe('not-wxr');
    expect(error?.message).toBe('Bukan berkas ekspor WordPress (WXR): namespace WordPress (wp:) tidak ada (baris 2).');
    expect(records).toEqual([]);
  });

  test('HTML, an empty channel with no version, an empty file: not WXR', async () => {
    expect((await readText('<html><body>Halo</body></html>')).error?.message).toMatch(
      /^Bukan berkas ekspor WordPress \(WXR\): elemen akarnya <html>, bukan <rss>/,
    );
    expect((await readText('<rss><channel><title>x</title></channel></rss>')).error?.code).toBe('not-wxr');
    expect((await readText('')).error?.code).toBe('xml');
  });

  test('WXR 2.0 is refused by its version', async () => {
    const { records, error } = await readText(wxr(wxrItem({ id: 1 }), { version: '2.0' }));
    expect(error?.code).toBe('version');
    expect(error?.message).toMatch(/^Versi WXR 2\.0 tidak didukung: hanya 1\.0, 1\.1 dan 1\.2 \(baris \d+\)\.$/);
    expect(records).toEqual([]);
  });

  test('a truncated file names the item it stopped in; the items before it were read', async () => {
    const doc = wxr(wxrItem({ id: 1 }) + wxrItem({ id: 2, title: 'Rapat Komite' }) + wxrItem({ id: 3 }));
    const cut = doc.slice(0, doc.indexOf('<wp:post_type>', doc.indexOf('Rapat Komite')));
    const { records, error } = await readText(cut, { size: 100 });
    expect(error?.code).toBe('truncated');
    expect(error?.message).toMatch(
      /^Berkas terpotong: berakhir di tengah item «Rapat Komite» \(ID 2\) \(baris \d+\)\.$/,
    );
    expect(records.map((r) => (r.kind === 'item' ? r.item.postId : r.kind))).toEqual(['channel', 1]);
  });

  test('nesting deeper than the limit is refused at that element; later items are never read', async () => {
    const deep = `${'<x>'.repeat(70)}${'</x>'.repeat(70)}`;
    const doc = wxr(wxrItem({ id: 1 }) + wxrItem({ id: 2, extra: deep }) + wxrItem({ id: 3 }).repeat(200));
    const { records, error, chunksRead, chunks } = await readText(doc, { size: 1024 });
    expect(error?.code).toBe('too-deep');
    expect(error?.message).toMatch(/^Elemen bersarang lebih dari 64 tingkat \(baris \d+, item «Judul 2» \(ID 2\)\)\.$/);
    expect(records.map((r) => (r.kind === 'item' ? r.item.postId : r.kind))).toEqual(['channel', 1]);
    expect(chunksRead).toBeLessThan(chunks / 2);
  });

  test('a text node over the limit is refused before it is all read', async () => {
    const doc = wxr(wxrItem({ id: 1 })).replace('<p>Isi 1</p>', 'a'.repeat(50_000));
    const { error, chunksRead, chunks } = await readText(doc, { size: 1000, limits: { maxText: 10_000 } });
    expect(error?.code).toBe('too-large');
    expect(error?.message).toMatch(
      /^Ada teks lebih dari 10 KB tanpa tag \(baris \d+, item «Judul 1» \(mulai baris 11\)\)\.$/,
    );
    expect(chunksRead).toBeLessThan(chunks - 30);
  });

  test('a record over its limit is refused', async () => {
    const meta = '<wp:postmeta><wp:meta_key>k</wp:meta_key><wp:meta_value>0123456789</wp:meta_value></wp:postmeta>';
    const { error } = await readText(wxr(wxrItem({ id: 1, extra: meta.repeat(200) })), { limits: { maxRecord: 1000 } });
    expect(error?.code).toBe('too-large');
  });

  test('an encoding other than UTF-8 is refused', async () => {
    const doc = wxr('').replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    expect((await readText(doc)).error?.message).toMatch(/^Pengodean ISO-8859-1 tidak didukung/);
  });
});

test('a file that cannot be read is refused as such', async () => {
  const read = async () => {
    for await (const _ of readWxr('/nonexistent/ekspor.xml')) {
      // nothing comes
    }
  };
  await expect(read()).rejects.toMatchObject({
    code: 'unreadable',
    message: expect.stringMatching(/^Berkas tidak bisa dibaca: ENOENT/),
  });
});
