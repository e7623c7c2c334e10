import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  autop,
  captionsToFigures,
  claimSlug,
  commentSkipReason,
  convertBody,
  fillGalleries,
  galleriesToPlaceholders,
  isOldSiteUrl,
  isPrivateHost,
  kindOf,
  lostTags,
  oldOrigins,
  oldSiteIndex,
  oldSiteUrlsIn,
  oldUrlTarget,
  planContext,
  planItem,
  planTerm,
  resolvesInExport,
  rewriteUrls,
  safeUploadFile,
  shortcodesIn,
  slugBook,
  statusOf,
  stripBlockComments,
  wpDateToIso,
} from './model';
import type { WxrComment, WxrItem } from './records';
import { FIXTURE, FIXTURE_ABSENT, FIXTURE_PRESENT } from './wxr.fixtures';

function item(over: Partial<WxrItem> = {}): WxrItem {
  return {
    line: 1,
    postId: 12,
    guid: 'http://old.example/?p=12',
    title: 'Rapat Komite',
    link: 'http://old.example/rapat-komite/',
    pubDate: '',
    creator: 'admin',
    content: '<p>Isi</p>',
    excerpt: '',
    postDate: '2025-08-14 14:00:00',
    postDateGmt: '2025-08-14 07:00:00',
    postModified: '2025-08-15 14:00:00',
    postModifiedGmt: '2025-08-15 07:00:00',
    commentStatus: 'open',
    pingStatus: 'closed',
    postName: 'rapat-komite',
    status: 'publish',
    postParent: 0,
    menuOrder: 0,
    postType: 'post',
    postPassword: '',
    isSticky: false,
    attachmentUrl: '',
    terms: [],
    meta: [],
    comments: [],
    ...over,
  };
}

describe('statuses and types', () => {
  test.each([
    ['publish', 'publish'],
    ['draft', 'draft'],
    ['future', 'future'],
    ['private', 'draft'],
    ['pending', 'draft'],
  ])('%s → %s', (wp, site) => expect(statusOf(wp)).toEqual({ ok: true, value: site }));

  test.each([
    ['trash', 'ada di tempat sampah'],
    ['auto-draft', 'draf otomatis yang tidak pernah disimpan'],
    ['inherit', 'status "inherit" tidak dikenal'],
  ])('%s is skipped: %s', (wp, reason) => expect(statusOf(wp)).toEqual({ ok: false, reason }));

  test.each([
    ['post', 'news'],
    ['page', 'page'],
    ['galeri', 'gallery'],
    ['attachment', 'media'],
    ['nav_menu_item', 'menu-item'],
  ])('type %s → %s', (type, kind) => expect(kindOf(type)).toEqual({ ok: true, value: kind }));

  test('other types are skipped with a reason, never guessed', () => {
    expect(kindOf('wp_navigation')).toMatchObject({ ok: false, reason: expect.stringMatching(/^menu blok/) });
    expect(kindOf('product')).toEqual({ ok: false, reason: 'jenis "product" tidak ada di situs ini' });
    expect(kindOf('revision')).toMatchObject({ ok: false });
  });
});

test('dates: the GMT one, else the local one in the school zone', () => {
  expect(wpDateToIso('2025-08-14 07:00:00', '2025-08-14 14:00:00')).toBe('2025-08-14T07:00:00.000Z');
  expect(wpDateToIso('0000-00-00 00:00:00', '2025-08-14 14:00:00')).toBe('2025-08-14T07:00:00.000Z');
  expect(wpDateToIso('', '')).toBeNull();
  expect(wpDateToIso('kemarin', '0000-00-00 00:00:00')).toBeNull();
});

describe('slugs', () => {
  test('kept when free and of this site', () => {
    const book = slugBook();
    expect(claimSlug(book, '/', item())).toEqual({ slug: 'rapat-komite', problem: null });
  });

  test('empty: made from the title with the editors’ slugify, as a problem naming the item', () => {
    const { slug, problem } = claimSlug(slugBook(), '/', item({ postName: '', title: 'Ujian Akhir Semester' }));
    expect(slug).toBe('ujian-akhir-semester');
    expect(problem).toBe('slug kosong: dibuat dari judul, "ujian-akhir-semester"');
  });

  test('a duplicate gets -2 and names the item that holds it; a gallery item has its own space', () => {
    const book = slugBook([{ type: 'page', slug: 'profil' }]);
    const first = claimSlug(book, '/', item({ postId: 5, postName: 'kegiatan', title: 'Kegiatan' }));
    const second = claimSlug(book, '/', item({ postId: 9, postName: 'kegiatan', title: 'Kegiatan Lain' }));
    expect(first.slug).toBe('kegiatan');
    expect(second).toEqual({
      slug: 'kegiatan-2',
      problem: 'slug "kegiatan" sudah dipakai oleh «Kegiatan» (ID 5, post): memakai "kegiatan-2"',
    });
    expect(claimSlug(book, '/', item({ postName: 'profil' })).problem).toMatch(
      /sudah dipakai oleh isi yang sudah ada di situs/,
    );
    expect(claimSlug(book, 'galeri', item({ postName: 'kegiatan' })).slug).toBe('kegiatan');
  });

  test('a percent-encoded or odd slug becomes one of this site', () => {
    const { slug, problem } = claimSlug(slugBook(), '/', item({ postName: 'caf%c3%a9-sekolah' }));
    expect(slug).toBe('cafe-sekolah');
    expect(problem).toBe('slug "café-sekolah" diubah menjadi "cafe-sekolah"');
  });
});

describe('bodies', () => {
  test('block comments go, their HTML stays; dynamic blocks are listed', () => {
    const body =
      '<!-- wp:paragraph -->\n<p>Satu</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:image {"id":5,"sizeSlug":"large"} -->\n<figure class="wp-block-image"><img src="a.jpg" alt=""/></figure>\n<!-- /wp:image -->\n\n<!-- wp:latest-posts {"postsToShow":3} /-->\n<!-- wp:core/spacer /-->';
    expect(stripBlockComments(body)).toEqual({
      html: '<p>Satu</p>\n\n<figure class="wp-block-image"><img src="a.jpg" alt=""/></figure>',
      blocks: true,
      dropped: ['latest-posts', 'core/spacer'],
    });
    expect(stripBlockComments('<!-- a note --><p>x</p>')).toEqual({
      html: '<!-- a note --><p>x</p>',
      blocks: false,
      dropped: [],
    });
  });

  test('[caption] becomes a figure with its caption (text or, before WordPress 3.4, attribute)', () => {
    expect(
      captionsToFigures(
        '[caption id="attachment_5" align="aligncenter" width="300"]<a href="/x.jpg"><img src="/x-300x200.jpg" alt="A" /></a> Siswa <em>berbaris</em>[/caption]',
      ),
    ).toBe(
      '<figure><a href="/x.jpg"><img src="/x-300x200.jpg" alt="A" /></a><figcaption>Siswa <em>berbaris</em></figcaption></figure>',
    );
    expect(captionsToFigures('[caption caption="Lama" width="1"]<img src="y.jpg">[/caption]')).toBe(
      '<figure><img src="y.jpg"><figcaption>Lama</figcaption></figure>',
    );
    expect(captionsToFigures('[caption]tanpa gambar[/caption]')).toBe('[caption]tanpa gambar[/caption]');
  });

  test('[gallery] becomes a placeholder the writer fills', () => {
    const { html, galleries } = galleriesToPlaceholders('<p>a</p>\n[gallery ids="3, 4,x,5" columns="2"]\n[gallery]');
    expect(galleries).toEqual([{ ids: [3, 4, 5] }, { ids: null }]);
    expect(fillGalleries(html, (n) => `<ul data-g="${n}"></ul>`)).toBe(
      '<p>a</p>\n<ul data-g="0"></ul>\n<ul data-g="1"></ul>',
    );
    expect(galleriesToPlaceholders('[gallery include="7,8"]').galleries).toEqual([{ ids: [7, 8] }]);
  });

  test('other shortcodes are listed (kept as text); escaped ones and notes are not', () => {
    expect(
      shortcodesIn('[contact-form-7 id="3"] [embed]https://youtu.be/x[/embed] [[literal]] [1] [su_button url="/"]'),
    ).toEqual(['contact-form-7', 'embed', 'su_button']);
  });

  test('classic bodies: blank lines make paragraphs, single breaks <br>, HTML blocks stay', () => {
    expect(autop('Satu\ndua\n\nTiga\r\n\r\n<ul><li>x</li></ul>\n\n<!--wxr-gallery:0-->')).toBe(
      '<p>Satu<br>\ndua</p>\n<p>Tiga</p>\n<ul><li>x</li></ul>\n<!--wxr-gallery:0-->',
    );
    expect(autop('<pre>a\n\nb</pre>')).toBe('<pre>a\n\nb</pre>');
  });

  test('a classic body with a caption and a gallery', () => {
    const out = convertBody(
      'Pembuka\n\n[caption width="3"]<img src="a.jpg"> Foto[/caption]\n\n[gallery ids="1,2"]\n\n[audio src="x.mp3"]',
    );
    expect(out).toEqual({
      html: '<p>Pembuka</p>\n<figure><img src="a.jpg"><figcaption>Foto</figcaption></figure>\n<!--wxr-gallery:0-->\n<p>[audio src="x.mp3"]</p>',
      galleries: [{ ids: [1, 2] }],
      shortcodes: ['audio'],
      droppedBlocks: [],
    });
  });

  describe.skipIf(!FIXTURE_PRESENT)(`real bodies${FIXTURE_PRESENT ? '' : ` (${FIXTURE_ABSENT})`}`, () => {
    const text = FIXTURE_PRESENT ? readFileSync(FIXTURE, 'utf8') : '';
    const bodies = [...text.matchAll(/<content:encoded><!\[CDATA\[([\s\S]*?)\]\]><\/content:encoded>/g)].map(
      (m) => m[1] as string,
    );

    test('every block body loses its comments and keeps each paragraph and heading', () => {
      const withBlocks = bodies.filter((b) => b.includes('<!-- wp:paragraph'));
      expect(withBlocks.length).toBeGreaterThanOrEqual(46);
      for (const body of withBlocks) {
        const out = convertBody(body);
        expect(out.html).not.toContain('<!--');
        expect(out.html.match(/<p>/g)?.length).toBe(body.match(/<!-- wp:paragraph -->/g)?.length);
        expect(out.html.match(/<h2>/g)?.length ?? 0).toBe(body.match(/<!-- wp:heading -->/g)?.length ?? 0);
        expect(out.shortcodes).toEqual([]);
      }
    });

    test('the page "Profil": headings and paragraphs, nothing else', () => {
      const profil = bodies.find((b) => b.includes('<h2>Visi</h2>')) as string;
      const out = convertBody(profil);
      expect(out.html.startsWith('<h2>Visi</h2>\n\n<p>Kepala sekolah menyampaikan apresiasi')).toBe(true);
      expect(out.html.match(/<h2>/g)).toHaveLength(3);
      expect(out.html.endsWith('</p>')).toBe(true);
    });

    test('the block navigation holds only dynamic blocks: nothing left, all listed', () => {
      const nav = bodies.find((b) => b.includes('wp:navigation-link')) as string;
      const out = convertBody(nav);
      expect(out.html).toBe('');
      expect(out.droppedBlocks).toEqual(Array(6).fill('navigation-link'));
    });
  });
});

describe('links to the old site', () => {
  const origins = oldOrigins({ link: 'http://127.0.0.1:8080', baseSiteUrl: 'http://127.0.0.1:8080', baseBlogUrl: 'x' });

  test('origins on both schemes', () => {
    expect(origins).toEqual(['http://127.0.0.1:8080', 'https://127.0.0.1:8080']);
  });

  test('which URLs point at it', () => {
    expect(isOldSiteUrl('http://127.0.0.1:8080/profil/', origins)).toBe(true);
    expect(isOldSiteUrl('https://127.0.0.1:8080', origins)).toBe(true);
    expect(isOldSiteUrl('//127.0.0.1:8080/wp-content/uploads/a.jpg', origins)).toBe(true);
    expect(isOldSiteUrl('/kontak/', origins)).toBe(true);
    expect(isOldSiteUrl('http://127.0.0.1:80801/x', origins)).toBe(false);
    expect(isOldSiteUrl('https://kemdikbud.go.id/', origins)).toBe(false);
    expect(isOldSiteUrl('#atas', origins)).toBe(false);
  });

  const body =
    '<p><a href="http://127.0.0.1:8080/?p=12&amp;x=1">a</a> <a href="https://kemdikbud.go.id/">b</a> ' +
    "<img src='http://127.0.0.1:8080/wp-content/uploads/2026/11/a-300x169.jpg' " +
    'srcset="http://127.0.0.1:8080/wp-content/uploads/2026/11/a-300x169.jpg 300w, http://127.0.0.1:8080/wp-content/uploads/2026/11/a.jpg 1200w"> ' +
    '<a href="/profil/">c</a></p>';

  test('listed once each, as written', () => {
    expect(oldSiteUrlsIn(body, origins)).toEqual([
      'http://127.0.0.1:8080/?p=12&amp;x=1',
      'http://127.0.0.1:8080/wp-content/uploads/2026/11/a-300x169.jpg',
      'http://127.0.0.1:8080/wp-content/uploads/2026/11/a.jpg',
      '/profil/',
    ]);
  });

  test('rewritten from a map; others untouched', () => {
    const map = new Map([
      ['http://127.0.0.1:8080/?p=12&amp;x=1', '/rapat-komite/'],
      ['http://127.0.0.1:8080/wp-content/uploads/2026/11/a-300x169.jpg', '/wp-content/uploads/2026/11/a-320.webp'],
      ['/profil/', '/profil-sekolah/'],
    ]);
    expect(rewriteUrls(body, map)).toBe(
      '<p><a href="/rapat-komite/">a</a> <a href="https://kemdikbud.go.id/">b</a> ' +
        "<img src='/wp-content/uploads/2026/11/a-320.webp' " +
        'srcset="/wp-content/uploads/2026/11/a-320.webp 300w, http://127.0.0.1:8080/wp-content/uploads/2026/11/a.jpg 1200w"> ' +
        '<a href="/profil-sekolah/">c</a></p>',
    );
    expect(rewriteUrls(body, new Map())).toBe(body);
  });

  test.each([
    ['http://127.0.0.1:8080/wp-content/uploads/2026/11/a-300x169.jpg', { kind: 'upload', file: '2026/11/a.jpg' }],
    ['http://127.0.0.1:8080/?p=12&amp;x=1', { kind: 'post', id: 12 }],
    ['/?page_id=92', { kind: 'post', id: 92 }],
    ['http://127.0.0.1:8080/?cat=4', { kind: 'term', taxonomy: 'category', id: 4 }],
    ['/?tag=osis', { kind: 'term-slug', taxonomy: 'post_tag', slug: 'osis' }],
    ['/category/berita/prestasi/', { kind: 'term-slug', taxonomy: 'category', slug: 'prestasi' }],
    ['http://127.0.0.1:8080/2026/11/rapat', { kind: 'path', path: '/2026/11/rapat/' }],
  ])('%s points at %o', (url, target) => expect(oldUrlTarget(url)).toEqual(target));
});

test('old URLs resolve against what the export brings', () => {
  const index = oldSiteIndex();
  index.posts.add(12);
  index.paths.add('/profil/');
  index.uploads.add('2026/11/a.jpg');
  index.terms.add(4);
  index.termSlugs.add('post_tag:osis');
  const resolves = (url: string) => resolvesInExport(oldUrlTarget(url), index);
  expect(
    ['/?p=12', '/profil/', '/wp-content/uploads/2026/11/a-150x150.jpg', '/?cat=4', '/tag/osis/', '/', '/galeri/'].map(
      resolves,
    ),
  ).toEqual(Array(7).fill(true));
  expect(
    ['/?p=13', '/kontak/', '/wp-content/uploads/2026/11/b.jpg', '/?cat=5', '/tag/lain/', 'http://[x'].map(resolves),
  ).toEqual(Array(6).fill(false));
});

test('upload files stay below the uploads folder', () => {
  expect(safeUploadFile('2026/11/a.jpg')).toBe('2026/11/a.jpg');
  expect(safeUploadFile('../../etc/passwd')).toBeNull();
  expect(safeUploadFile('/etc/passwd')).toBeNull();
  expect(safeUploadFile('2026/../../x.jpg')).toBeNull();
  expect(safeUploadFile('C:\\x.jpg')).toBeNull();
  expect(safeUploadFile('')).toBeNull();
});

test.each([
  ['127.0.0.1', true],
  ['10.1.2.3', true],
  ['172.20.0.1', true],
  ['172.32.0.1', false],
  ['192.168.1.1', true],
  ['169.254.169.254', true],
  ['localhost', true],
  ['[::1]', true],
  ['fd00::1', true],
  ['::ffff:127.0.0.1', true],
  ['8.8.8.8', false],
  ['sekolah.sch.id', false],
])('private host %s: %s', (host, expected) => expect(isPrivateHost(host)).toBe(expected));

describe('planning', () => {
  test('terms: kept with their slugs, a menu term is a menu, doubles merged, unknown taxonomies skipped', () => {
    const ctx = planContext();
    const t = { id: 6, taxonomy: 'category', slug: 'akademik', name: 'Akademik', parentSlug: '', description: '' };
    expect(planTerm(ctx, t)).toEqual({
      action: 'import',
      as: 'term',
      term: { wpId: 6, taxonomy: 'category', slug: 'akademik', name: 'Akademik', parentSlug: null, description: '' },
    });
    expect(planTerm(ctx, t)).toEqual({ action: 'duplicate' });
    expect(planTerm(ctx, { ...t, taxonomy: 'nav_menu', slug: 'menu-utama', name: 'Menu Utama' })).toEqual({
      action: 'import',
      as: 'menu',
      menu: { slug: 'menu-utama', name: 'Menu Utama' },
    });
    expect(planTerm(ctx, { ...t, taxonomy: 'product_cat' })).toEqual({
      action: 'skip',
      what: 'istilah «Akademik» (product_cat, akademik)',
      reason: 'taksonomi "product_cat" tidak ada di situs ini',
    });
  });

  test('a post: fields, terms, featured image, SEO and custom meta, links to rewrite', () => {
    const ctx = planContext({ origins: ['http://old.example', 'https://old.example'] });
    const plan = planItem(
      ctx,
      item({
        content:
          '<!-- wp:paragraph -->\n<p>Lihat <a href="http://old.example/?p=3">ini</a></p>\n<!-- /wp:paragraph -->',
        excerpt: ' Ringkas ',
        isSticky: true,
        terms: [
          { domain: 'category', nicename: 'berita', name: 'Berita' },
          { domain: 'post_tag', nicename: 'osis', name: 'osis' },
          { domain: 'post_format', nicename: 'post-format-gallery', name: 'Gallery' },
          { domain: 'series', nicename: 's1', name: 'Seri 1' },
        ],
        meta: [
          { key: '_thumbnail_id', value: '37' },
          { key: '_edit_lock', value: '1' },
          { key: '_yoast_wpseo_title', value: 'Judul SEO' },
          { key: 'bench_score', value: '92' },
        ],
      }),
    );
    expect(plan).toMatchObject({
      action: 'import',
      kind: 'news',
      what: '«Rapat Komite» (ID 12, post)',
      problems: ['istilah "Seri 1" dari taksonomi "series" tidak diimpor'],
      post: {
        wpId: 12,
        type: 'post',
        status: 'publish',
        slug: 'rapat-komite',
        oldSlug: null,
        excerpt: 'Ringkas',
        publishedAt: '2025-08-14T07:00:00.000Z',
        modifiedAt: '2025-08-15T07:00:00.000Z',
        sticky: true,
        featuredWpId: 37,
        parentWpId: null,
        terms: [
          { taxonomy: 'category', slug: 'berita' },
          { taxonomy: 'post_tag', slug: 'osis' },
        ],
        meta: [
          { key: '_yoast_wpseo_title', value: 'Judul SEO' },
          { key: 'bench_score', value: '92' },
        ],
        oldUrls: ['http://old.example/?p=3'],
      },
    });
    if (plan.action === 'import' && 'post' in plan)
      expect(plan.post.body.html).toBe('<p>Lihat <a href="http://old.example/?p=3">ini</a></p>');
  });

  test('skips with reasons: trash, an unknown type, a non-image attachment, a file outside uploads', () => {
    const ctx = planContext();
    expect(planItem(ctx, item({ status: 'trash' }))).toEqual({
      action: 'skip',
      what: '«Rapat Komite» (ID 12, post)',
      reason: 'ada di tempat sampah',
    });
    expect(planItem(ctx, item({ postType: 'product' }))).toMatchObject({
      action: 'skip',
      reason: 'jenis "product" tidak ada di situs ini',
    });
    const attachment = (file: string) =>
      item({ postType: 'attachment', status: 'inherit', meta: [{ key: '_wp_attached_file', value: file }] });
    expect(planItem(ctx, attachment('2025/08/jadwal.pdf'))).toMatchObject({
      action: 'skip',
      reason: 'bukan gambar: 2025/08/jadwal.pdf',
    });
    expect(planItem(ctx, attachment('../../x.jpg'))).toMatchObject({
      action: 'skip',
      reason: expect.stringMatching(/keluar dari folder uploads/),
    });
    expect(planItem(ctx, attachment('2025/08/a.jpg'))).toMatchObject({
      action: 'import',
      kind: 'media',
      media: { file: '2025/08/a.jpg', alt: '', parentWpId: null },
    });
  });

  test('a page keeps its parent and order; a scheduled post stays scheduled', () => {
    const ctx = planContext();
    expect(planItem(ctx, item({ postType: 'page', postParent: 92, menuOrder: 3 }))).toMatchObject({
      kind: 'page',
      post: { type: 'page', parentWpId: 92, menuOrder: 3 },
    });
    expect(planItem(ctx, item({ postName: 'lain', status: 'future' }))).toMatchObject({ post: { status: 'future' } });
  });

  test('a menu item: its menu, parent, order and target', () => {
    const meta = (o: Record<string, string>) => Object.entries(o).map(([key, value]) => ({ key, value }));
    const menuItem = item({
      postType: 'nav_menu_item',
      menuOrder: 4,
      terms: [{ domain: 'nav_menu', nicename: 'menu-utama', name: 'Menu Utama' }],
      meta: meta({
        _menu_item_type: 'post_type',
        _menu_item_menu_item_parent: '94',
        _menu_item_object_id: '92',
        _menu_item_object: 'page',
        _menu_item_target: '_blank',
        _menu_item_classes: 'a:2:{i:0;s:5:"utama";i:1;s:4:"ikon";}',
      }),
    });
    expect(planItem(planContext(), menuItem)).toMatchObject({
      kind: 'menu-item',
      menuItem: {
        menuSlug: 'menu-utama',
        parentWpId: 94,
        order: 4,
        target: { kind: 'post', objectType: 'page', wpId: 92 },
        newTab: true,
        classes: 'utama ikon',
      },
    });
    expect(planItem(planContext(), item({ postType: 'nav_menu_item' }))).toMatchObject({
      action: 'skip',
      reason: 'item menu tanpa menu',
    });
  });

  test('comments: approved ones where the type has a comments area', () => {
    const c = { approved: '1', type: 'comment' } as WxrComment;
    expect(commentSkipReason(c, true)).toBeNull();
    expect(commentSkipReason(c, false)).toBe('jenis isi ini tidak punya kolom komentar di situs ini');
    expect(commentSkipReason({ ...c, approved: '0' }, true)).toBe('belum disetujui');
    expect(commentSkipReason({ ...c, approved: 'spam' }, true)).toBe('spam');
    expect(commentSkipReason({ ...c, type: 'pingback' }, true)).toBe('pingback tidak diimpor');
  });
});

test('what the sanitiser took out', () => {
  expect(lostTags('<p>a<script>x</script><iframe></iframe><img src=x></p>', '<p>a<img src="x" /></p>')).toEqual([
    'iframe',
    'script',
  ]);
  expect(lostTags('<p>a</p>', '<p>a</p>')).toEqual([]);
});
