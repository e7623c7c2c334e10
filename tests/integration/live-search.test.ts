import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ajaxActions, restRoutes } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import { dispatchAjax, dispatchRest } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';

/**
 * Call 2, the live search (issue 12; spec 000 §4, §5, §7; original-wire.md §6). Requests are written
 * out as the original JetSearch client sends them: jQuery's GET with `data` in PHP bracket notation
 * (`%5B`/`%5D`, spaces as `+`, and `_=` from `cache: false`), never built by our own code.
 */

const ORIGIN = 'http://school.test';
/** jQuery.ajax's headers for a GET expecting JSON. */
const JQUERY = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json, text/javascript, */*; q=0.01' };

/**
 * The school widget's settings as its `data-settings` holds them, in bracket form: two results per
 * slide, ten in all, 12 words of content, thumbnails, highlighting, bullets in the footer.
 */
const WIDGET =
  'data%5Bsymbols_for_start_searching%5D=2&data%5Bsearch_source%5D%5B%5D=post&data%5Bsearch_source%5D%5B%5D=galeri' +
  '&data%5Bsearch_taxonomy%5D=category&data%5Bresults_order_by%5D=relevance&data%5Bresults_order%5D=asc' +
  '&data%5Blimit_query%5D=2&data%5Blimit_query_tablet%5D=&data%5Blimit_query_mobile%5D=1' +
  '&data%5Blimit_query_in_result_area%5D=10&data%5Bpost_content_source%5D=content&data%5Bpost_content_length%5D=12' +
  '&data%5Bthumbnail_visible%5D=yes&data%5Bthumbnail_size%5D=thumbnail&data%5Bhighlight_searched_text%5D=yes' +
  '&data%5Bshow_result_new_tab%5D=&data%5Bbullet_pagination%5D=in_footer&data%5Bnumber_pagination%5D=' +
  '&data%5Bnavigation_arrows%5D=in_header&data%5Bnavigation_arrows_type%5D=angle' +
  '&data%5Bnegative_search%5D=Maaf%2C+tidak+ditemukan+%3Cb%3Eapa-apa%3C%2Fb%3E' +
  '&data%5Bserver_error%5D=Pencarian+gagal%2C+coba+lagi' +
  '&data%5Bresults_area_width_by%5D=fields_holder&data%5Bresults_area_custom_position%5D=center';

interface Answer {
  success: boolean;
  data: {
    error: boolean;
    post_count: number;
    message: string;
    posts: Array<Record<string, string>>;
    columns: number;
    limit_query: number;
    search_value?: string;
    search_highlight: boolean;
    results_navigation: { in_header: string; in_footer: string };
  };
}

describe.each(DIALECTS)('live search (call 2) on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let stamp = Date.parse('2030-01-01T00:00:00Z');

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
  });
  afterAll(() => dispose());

  /** The GET the school-era client sends: action, nonce, the widget's settings, the value and the device. */
  const ajax = (query: string) =>
    dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php?${query}`, { headers: JQUERY }),
      appContext(conn),
      ajaxActions,
    );
  const search = async (value: string, settings = WIDGET, device = 'desktop') => {
    const res = await ajax(
      `action=jet_ajax_search&nonce=3f2a9c1b7e&${settings}&data%5Bvalue%5D=${encodeURIComponent(value).replace(/%20/g, '+')}&data%5BdeviceMode%5D=${device}&_=1767225600000`,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Answer;
  };
  const titles = (a: Answer) => a.data.posts.map((p) => (p.title ?? '').replace(/<\/?mark>/g, ''));

  /** A published item, newer than every earlier one; its terms by slug. */
  async function addPost(p: {
    title: string;
    content?: string;
    excerpt?: string;
    type?: string;
    status?: string;
    terms?: string[];
  }): Promise<number> {
    stamp += 60_000;
    const when = new Date(stamp).toISOString();
    const { id } = await conn.db
      .insertInto('post')
      .values({
        type: p.type ?? 'post',
        status: p.status ?? 'publish',
        slug: `uji-${stamp}`,
        title: p.title,
        excerpt: p.excerpt ?? '',
        content: p.content ?? '',
        published_at: when,
        modified_at: when,
        menu_order: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const slug of p.terms ?? []) {
      const term = await conn.db
        .selectFrom('term')
        .select('id')
        .where('taxonomy', '=', 'category')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow();
      await conn.db.insertInto('post_term').values({ post_id: id, term_id: term.id }).execute();
    }
    return id;
  }

  test('the original GET is answered with JetSearch fields, exactly', async () => {
    await addPost({
      title: 'Cendrawasih Biru di Taman Sekolah',
      content: '<p>Seekor <strong>cendrawasih</strong> biru singgah di taman sekolah pada pagi hari.</p>',
    });
    const a = await search('cendrawasih biru');
    expect(Object.keys(a).sort()).toEqual(['data', 'success']);
    expect(a.success).toBe(true);
    expect(Object.keys(a.data).sort()).toEqual(
      [
        'columns',
        'error',
        'limit_query',
        'message',
        'post_count',
        'posts',
        'results_navigation',
        'search_highlight',
      ].sort(),
    );
    expect(a.data).toMatchObject({ error: false, post_count: 1, message: '', columns: 1, limit_query: 2 });
    const [post] = a.data.posts;
    expect(Object.keys(post ?? {}).sort()).toEqual(
      [
        'after_content',
        'after_title',
        'before_content',
        'before_title',
        'content',
        'link',
        'link_target_attr',
        'price',
        'rating',
        'thumbnail',
        'title',
      ].sort(),
    );
    expect(post?.title).toBe('<mark>Cendrawasih</mark> <mark>Biru</mark> di Taman Sekolah');
    // 12 words of the body's text, tags dropped, the words marked.
    expect(post?.content).toBe(
      'Seekor <mark>cendrawasih</mark> <mark>biru</mark> singgah di taman sekolah pada pagi hari.',
    );
    expect(post?.link).toMatch(/^\/uji-\d+\/$/);
    expect(post?.link_target_attr).toBe('');
    expect(post?.thumbnail).toBe(
      '<div class="jet-ajax-search__item-thumbnail"><div class="jet-ajax-search__item-thumbnail-placeholder"></div></div>',
    );
    // One slide: no navigation.
    expect(a.data.results_navigation).toEqual({ in_header: '', in_footer: '' });
  });

  test('the 3.x REST form answers the same', async () => {
    const path = 'jet-search/v1/search-posts';
    const res = await dispatchRest(
      new Request(`${ORIGIN}/wp-json/${path}?${WIDGET}&data%5Bvalue%5D=cendrawasih&data%5BdeviceMode%5D=desktop`),
      appContext(conn),
      restRoutes,
      path,
    );
    expect(res.status).toBe(200);
    const a = (await res.json()) as Answer;
    expect(a.success).toBe(true);
    expect(titles(a)).toEqual(['Cendrawasih Biru di Taman Sekolah']);
  });

  test('a title match ranks above a body match, however new the body match is', async () => {
    await addPost({ title: 'Lomba Menggambar Kenari', content: '<p>Siswa menggambar burung.</p>' });
    for (let i = 0; i < 3; i++) {
      await addPost({
        title: `Kabar Pagi ${i}`,
        content: `<p>Burung kenari berkicau di depan kelas, kenari kuning dan kenari hijau (${i}).</p>`,
      });
    }
    await addPost({ title: 'Pengumuman Libur', excerpt: 'Kenari sekolah dirawat oleh OSIS selama libur.' });
    const a = await search('kenari');
    expect(titles(a)[0]).toBe('Lomba Menggambar Kenari');
    expect(titles(a)).toHaveLength(5);
    // A typed prefix finds the same, the title first.
    expect(titles(await search('kenar'))[0]).toBe('Lomba Menggambar Kenari');
  });

  test('within each tier the newest comes first, and every match is ranked, however many', async () => {
    await addPost({ title: 'Camar Laut di Pantai', content: '<p>Foto camar laut.</p>' });
    for (let i = 0; i < 12; i++) await addPost({ title: `Kabar Siang ${i}`, content: `<p>Camar laut (${i}).</p>` });
    await addPost({ title: 'Camar Laut Terbang', excerpt: 'Camar laut terbang rendah.' });
    const limit20 = WIDGET.replace('limit_query_in_result_area%5D=10', 'limit_query_in_result_area%5D=20');
    const found = titles(await search('camar laut', limit20));
    // Title matches first, newest first; then the body matches, newest first (WordPress's order).
    expect(found.slice(0, 2)).toEqual(['Camar Laut Terbang', 'Camar Laut di Pantai']);
    expect(found.slice(2)).toEqual(Array.from({ length: 12 }, (_, i) => `Kabar Siang ${11 - i}`));
    // A title match far behind newer body matches still comes first.
    for (let i = 0; i < 25; i++) await addPost({ title: `Kabar Sore ${i}`, content: '<p>Camar laut lagi.</p>' });
    expect(titles(await search('camar laut', limit20)).slice(0, 2)).toEqual([
      'Camar Laut Terbang',
      'Camar Laut di Pantai',
    ]);
  });

  test('a typed word of any length is matched as the start of longer words', async () => {
    await addPost({ title: 'Pelatihan Kewirausahaan Remaja', content: '<p>Menyelesaikan tantangan bersama.</p>' });
    for (const typed of ['kewi', 'kewirau', 'kewirausaha', 'kewirausahaan']) {
      expect(titles(await search(`pelatihan ${typed}`)), typed).toEqual(['Pelatihan Kewirausahaan Remaja']);
    }
    expect(titles(await search('tantangan menyelesaik'))).toEqual(['Pelatihan Kewirausahaan Remaja']);
    expect((await search('kewirausahaanku')).data.post_count).toBe(0);
  });

  test('category__in keeps the items of the category and of the categories below it', async () => {
    await addPost({ title: 'Merpati Juara Olimpiade', terms: ['olimpiade'] });
    await addPost({ title: 'Merpati Prestasi Daerah', terms: ['prestasi'] });
    await addPost({ title: 'Merpati di Upacara', terms: ['kegiatan-sekolah'] });
    const ids = async (slug: string) =>
      (await conn.db.selectFrom('term').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    const inCategory = (id: number) => `${WIDGET}&data%5Bcategory__in%5D=${id}`;
    expect(titles(await search('merpati', inCategory(await ids('prestasi')))).sort()).toEqual([
      'Merpati Juara Olimpiade',
      'Merpati Prestasi Daerah',
    ]);
    expect(titles(await search('merpati', inCategory(await ids('olimpiade'))))).toEqual(['Merpati Juara Olimpiade']);
    expect(titles(await search('merpati'))).toHaveLength(3);
    // A term that does not exist finds nothing, rather than everything.
    expect((await search('merpati', inCategory(999999))).data.post_count).toBe(0);
  });

  test('limit_query_in_result_area caps the results; columns = ceil(post_count / limit_query)', async () => {
    for (let i = 0; i < 7; i++) await addPost({ title: `Rajawali Terbang ${i}` });
    const settings = WIDGET.replace('limit_query_in_result_area%5D=10', 'limit_query_in_result_area%5D=5').replace(
      'limit_query%5D=2',
      'limit_query%5D=3',
    );
    const a = await search('rajawali', settings);
    expect(a.data).toMatchObject({ post_count: 5, limit_query: 3, columns: 2 });
    expect(a.data.posts).toHaveLength(5);
    // Bullets in the footer, one per slide, the first active; arrows in the header.
    expect(a.data.results_navigation.in_footer.match(/data-number="\d"/g)).toEqual([
      'data-number="1"',
      'data-number="2"',
    ]);
    expect(a.data.results_navigation.in_footer).toContain('jet-ajax-search__active-button');
    expect(a.data.results_navigation.in_header).toContain('jet-ajax-search__next-button');
    // On a phone: limit_query_mobile.
    expect((await search('rajawali', settings, 'mobile')).data).toMatchObject({ limit_query: 1, columns: 5 });
    // The cap holds whatever the client asks.
    const greedy = WIDGET.replace('limit_query_in_result_area%5D=10', 'limit_query_in_result_area%5D=100000');
    for (let i = 0; i < 50; i++) await addPost({ title: `Rajawali Hinggap ${i}` });
    expect((await search('rajawali', greedy)).data.post_count).toBe(50);
  });

  test("no match answers the widget's negative_search message, escaped", async () => {
    const a = await search('zzqxwv');
    expect(a.data).toMatchObject({ error: false, post_count: 0, columns: 0, posts: [] });
    expect(a.data.message).toBe('Maaf, tidak ditemukan &#60;b&#62;apa-apa&#60;/b&#62;');
    // Without the setting, the site's own message.
    const bare = await search('zzqxwv', 'data%5Blimit_query%5D=5');
    expect(bare.data.message).toMatch(/^Maaf, tidak ada hasil/);
  });

  test('under two characters the answer is empty, not an error', async () => {
    for (const value of ['', 'r', '  r  ', '😀']) {
      const a = await search(value);
      expect(a.success).toBe(true);
      expect(a.data).toMatchObject({ error: false, post_count: 0, message: '', posts: [] });
    }
  });

  test('only the allowed fields are highlighted, and every text is escaped first', async () => {
    await addPost({
      title: 'Elang <script>alert("judul")</script> & Kawan',
      content: '<p>Elang &lt;img src=x onerror=alert(1)&gt; terbang tinggi.</p><script>alert("isi")</script>',
    });
    const fields =
      '&data%5Bshow_title_related_meta%5D=yes&data%5Bmeta_title_related_position%5D=after' +
      '&data%5Btitle_related_meta%5D%5B0%5D%5Bmeta_key%5D=lokasi&data%5Btitle_related_meta%5D%5B0%5D%5Bmeta_label%5D=%3Ci%3ETempat%3C%2Fi%3E' +
      '&data%5Btitle_related_meta%5D%5B0%5D%5Bmeta_format%5D=di+%25s+%3Cu%3E!%3C%2Fu%3E';
    const id = await addPost({ title: 'Elang Bondol Kembali' });
    await conn.db
      .insertInto('post_meta')
      .values({
        post_id: id,
        meta_key: 'lokasi',
        value_text: 'Hutan Elang <Raya>',
        value_number: null,
        value_date: null,
      })
      .execute();
    const res = await ajax(
      `action=jet_ajax_search&nonce=x&${WIDGET}&data%5Bvalue%5D=%3Celang%3E+alert%28%29&data%5BdeviceMode%5D=desktop`,
    );
    const body = await res.text();
    // No markup from the post or the query survives: the only tags are the site's own.
    expect(body).not.toMatch(/<script|<img|<elang>|onerror=alert\(1\)>/i);
    const a = JSON.parse(body) as Answer;
    expect(a.data.search_highlight).toBe(false);
    expect(a.data.search_value).toBeUndefined();
    const [scripted] = a.data.posts;
    expect(a.data.posts).toHaveLength(1);
    expect(scripted?.title).toBe(
      '<mark>Elang</mark> &#60;script&#62;<mark>alert</mark>(&#34;judul&#34;)&#60;/script&#62; &#38; Kawan',
    );
    expect(scripted?.content).toBe(
      '<mark>Elang</mark> &#60;img src=x onerror=<mark>alert</mark>(1)&#62; terbang tinggi.',
    );
    const withFields = (await search('elang bondol', `${WIDGET}${fields}`)).data.posts;
    expect(JSON.stringify(withFields)).not.toMatch(/<i>|<u>|<Raya>/);
    const withField = withFields[0];
    expect(withField?.after_title).toBe(
      '<div class="jet-search-title-fields"><div class="jet-search-title-fields__item jet-search-title-fields__item-lokasi">' +
        '<div class="jet-search-title-fields__item-label">&#60;i&#62;Tempat&#60;/i&#62;</div>' +
        '<div class="jet-search-title-fields__item-value">di Hutan <mark>Elang</mark> &#60;Raya&#62; &#60;u&#62;!&#60;/u&#62;</div></div></div>',
    );
    expect(withField?.before_title).toBe('');
    // Never marked: the link, the target, the thumbnail.
    for (const p of [...a.data.posts, ...withFields]) {
      expect(`${p.link}${p.link_target_attr}${p.thumbnail}`).not.toContain('<mark>');
    }
  });

  test('HTML, SQL or 10,000 characters of search text: a 4xx or an empty result, never a 500', async () => {
    for (const value of [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      "' OR 1=1; DROP TABLE post; --",
      '" OR ""="',
      'NEAR(a b) OR title:* AND NOT -x',
      '\\ % _ * ( ) { } : ^ ~',
    ]) {
      const res = await ajax(
        `action=jet_ajax_search&${WIDGET}&data%5Bvalue%5D=${encodeURIComponent(value)}&data%5BdeviceMode%5D=desktop`,
      );
      expect(res.status, value).toBe(200);
      const body = await res.text();
      // The only tags are the site's own (thumbnails, marks): nothing the visitor typed.
      expect(body).not.toMatch(/<script|<img src=x|onerror=alert\(1\)>/i);
      expect((JSON.parse(body) as Answer).data.error).toBe(false);
    }
    // The posts are all still there.
    expect(await conn.db.selectFrom('post').select('id').limit(1).execute()).toHaveLength(1);
    // 10,000 characters: refused with a message that says why.
    const long = await ajax(`action=jet_ajax_search&${WIDGET}&data%5Bvalue%5D=${'kata+'.repeat(2000)}`);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { data: { message: string } }).data.message).toMatch(/longer than 1000 characters/);
    // A pasted paragraph under the limit is cut to 200 characters and searched.
    expect((await search(`rajawali ${'x'.repeat(900)}`)).data.error).toBe(false);
    // Settings of the wrong kind are refused too.
    const bad = await ajax(`action=jet_ajax_search&data%5Bvalue%5D=abc&data%5Bcategory__in%5D=1+OR+1%3D1`);
    expect(bad.status).toBe(400);
  });

  test('an edited item is found by its new words, not its old ones (the index is kept current)', async () => {
    const id = await addPost({ title: 'Kutilang Bernyanyi', content: '<p>Burung kutilang di halaman.</p>' });
    expect(titles(await search('kutilang'))).toEqual(['Kutilang Bernyanyi']);
    await conn.db
      .updateTable('post')
      .set({ title: 'Jalak Bernyanyi', content: '<p>Burung jalak bali di halaman.</p>' })
      .where('id', '=', id)
      .execute();
    expect((await search('kutilang')).data.post_count).toBe(0);
    expect(titles(await search('jalak bali'))).toEqual(['Jalak Bernyanyi']);
    await conn.db.updateTable('post').set({ status: 'draft' }).where('id', '=', id).execute();
    expect((await search('jalak bali')).data.post_count).toBe(0);
    await conn.db.deleteFrom('post').where('id', '=', id).execute();
    expect((await search('jalak')).data.post_count).toBe(0);
  });

  test('only public post types are searched, whatever search_source names', async () => {
    await addPost({ title: 'Templat Nuri Rahasia', type: 'template' });
    await addPost({ title: 'Galeri Nuri Merah', type: 'galeri' });
    await addPost({ title: 'Berita Nuri Hijau', type: 'post' });
    const only = (types: string[]) =>
      `${types.map((t) => `data%5Bsearch_source%5D%5B%5D=${t}`).join('&')}&data%5Blimit_query%5D=5`;
    expect(titles(await search('nuri', only(['template'])))).toEqual([]);
    expect(titles(await search('nuri', only(['galeri', 'template'])))).toEqual(['Galeri Nuri Merah']);
    expect(titles(await search('nuri', 'data%5Bsearch_source%5D=any')).sort()).toEqual([
      'Berita Nuri Hijau',
      'Galeri Nuri Merah',
    ]);
  });

  test('sentence: the words next to each other, in order', async () => {
    await addPost({ title: 'Pentas Angsa Putih' });
    await addPost({ title: 'Putih Bulu Angsa' });
    const phrase = `${WIDGET}&data%5Bsentence%5D=true`;
    expect(titles(await search('angsa putih', phrase))).toEqual(['Pentas Angsa Putih']);
    expect(titles(await search('angsa putih')).sort()).toEqual(['Pentas Angsa Putih', 'Putih Bulu Angsa']);
  });

  test("a failing query answers error=true with the widget's server_error text", async () => {
    const failing = conn.db.withPlugin({
      transformQuery: () => {
        throw new Error('the database is gone');
      },
      transformResult: async (args) => args.result,
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php?action=jet_ajax_search&${WIDGET}&data%5Bvalue%5D=rajawali`),
      { ...appContext(conn), db: failing },
      ajaxActions,
    );
    expect(res.status).toBe(200);
    const a = (await res.json()) as Answer;
    expect(a.success).toBe(true);
    expect(a.data).toMatchObject({ error: true, message: 'Pencarian gagal, coba lagi', post_count: 0 });
    expect(logged).toHaveBeenCalledWith('live search failed', expect.any(Error));
  });
});
