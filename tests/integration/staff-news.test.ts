import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { answerOutcome, staffAnswer } from '~/staff/access.server';
import { editorPage as editorData, editorAction as editorOutcome, type Writer } from '~/staff/news/editor.server';
import { POST_META } from '~/staff/news/model';
import { listNewsPosts } from '~/staff/news/posts.server';
import { publishDuePosts } from '~/staff/news/publisher.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { createUser, staffToken, startTestSession } from '../support/users';

/**
 * Issue 14, the news editor: who may change which post, concurrent saves, sanitizing, slugs, the
 * list's filters, revisions and the publisher of scheduled posts, on both databases.
 */

afterAll(() => closeAppBuild());

/** What a thrown `data()` or redirect carries. */
async function thrown(run: () => Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get('location') };
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw error;
  }
  throw new Error('expected a throw');
}

/** The editor's action and page as their routes answer them (a thrown redirect or `data()`). */
const editorAction = (...args: Parameters<typeof editorOutcome>) => answerOutcome(editorOutcome(...args));
const editorPage = (...args: Parameters<typeof editorData>) => staffAnswer(editorData(...args));

const idOf = (location: string | null | undefined) => Number(/\/admin\/berita\/(\d+)\//.exec(location ?? '')?.[1]);

describe.each(DIALECTS)('the news editor on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let editor: Writer;
  let author: Writer;
  let otherAuthor: Writer;

  const form = (fields: Record<string, string>) => ({
    title: 'Berita uji',
    slug: '',
    excerpt: '',
    content: '<p>Isi</p>',
    tags: '',
    featured_media_id: '',
    published_at: '',
    seo_title: '',
    seo_description: '',
    modified_at: '',
    ...fields,
  });
  /** Creates a post through the action; its id. */
  const create = async (writer: Writer, fields: Record<string, string> = {}, intent = 'save') =>
    idOf((await thrown(() => editorAction(conn.db, writer, form({ intent, ...fields }), undefined))).location);
  const row = (id: number) => conn.db.selectFrom('post').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    editor = { id: await createUser(conn.db, 'berita-editor', 'editor'), roles: ['editor'] };
    author = { id: await createUser(conn.db, 'berita-penulis', 'author'), roles: ['author'] };
    otherAuthor = { id: await createUser(conn.db, 'berita-penulis-2', 'author'), roles: ['author'] };
  });
  afterAll(async () => {
    await dispose();
  });

  test('an author edits and publishes their own post, and gets 403 on another author’s', async () => {
    const own = await create(author, { title: 'Tulisan penulis' }, 'publish');
    expect((await row(own)).status).toBe('publish');
    const theirs = await create(otherAuthor, { title: 'Tulisan orang lain' });
    const stored = await row(theirs);
    const refused = await thrown(() =>
      editorAction(conn.db, author, form({ intent: 'publish', modified_at: stored.modified_at }), String(theirs)),
    );
    expect(refused.status).toBe(403);
    expect((await row(theirs)).status).toBe('draft');
    expect((await thrown(() => editorPage(conn.db, author, 'http://x/', String(theirs)))).status).toBe(403);
    // An editor may change any post.
    const published = await thrown(() =>
      editorAction(conn.db, editor, form({ intent: 'publish', modified_at: stored.modified_at }), String(theirs)),
    );
    expect(published.location).toBe(`/admin/berita/${theirs}/?pesan=terbit`);
    // The author's list holds only their own posts.
    const list = await listNewsPosts(
      conn.db,
      conn.dialect,
      { q: '', status: null, category: null, page: 1 },
      author.id,
    );
    expect(list.rows.map((r) => r.id)).toEqual([own]);
  });

  test('a save based on an older version is refused, naming the newer save, and keeps what was typed', async () => {
    const id = await create(editor, { title: 'Versi pertama' });
    const opened = (await row(id)).modified_at;
    await thrown(() => editorAction(conn.db, editor, form({ title: 'Versi kedua', modified_at: opened }), String(id)));
    const late = (await editorAction(
      conn.db,
      editor,
      form({ title: 'Versi ketiga yang diketik', modified_at: opened }),
      String(id),
    )) as unknown as { init: { status: number }; data: { message: string; values: { title: string } } };
    expect(late.init.status).toBe(409);
    expect(late.data.message).toContain('Pengguna berita-editor');
    expect(late.data.values.title).toBe('Versi ketiga yang diketik');
    expect((await row(id)).title).toBe('Versi kedua');
    // The first save kept the version it replaced.
    const revisions = await conn.db.selectFrom('post_revision').select('title').where('post_id', '=', id).execute();
    expect(revisions.map((r) => r.title)).toEqual(['Versi pertama']);
  });

  test('scripts never survive a save; the body keeps its formatting', async () => {
    const id = await create(editor, {
      content: '<p>Halo <strong>semua</strong><script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    });
    const { content } = await row(id);
    expect(content).toContain('<strong>semua</strong>');
    expect(content).not.toMatch(/script|onerror|alert/);
  });

  test('slugs are unique among posts: a generated one gets -2, a typed duplicate is refused with a message', async () => {
    const first = await create(editor, { title: 'Lomba Cerdas Cermat' });
    const second = await create(editor, { title: 'Lomba Cerdas Cermat' });
    expect((await row(first)).slug).toBe('lomba-cerdas-cermat');
    expect((await row(second)).slug).toBe('lomba-cerdas-cermat-2');
    const refused = (await editorAction(
      conn.db,
      editor,
      form({ title: 'Lain', slug: 'lomba-cerdas-cermat' }),
      undefined,
    )) as unknown as { init: { status: number }; data: { errors: Record<string, string>; values: { title: string } } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.slug).toContain('sudah dipakai');
    expect(refused.data.values.title).toBe('Lain');
  });

  test('a draft published later takes the time of publishing; a published post keeps its time on later saves', async () => {
    const id = await create(editor, { title: 'Draf lama' });
    await conn.db.updateTable('post').set({ published_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    const page = await editorPage(conn.db, editor, 'http://x/', String(id));
    expect(page.values.published_at).toBe('');
    const before = new Date().toISOString();
    const draft = await row(id);
    await thrown(() =>
      editorAction(
        conn.db,
        editor,
        form({ title: 'Draf lama', intent: 'publish', modified_at: draft.modified_at }),
        String(id),
      ),
    );
    const published = await row(id);
    expect(published.status).toBe('publish');
    expect(published.published_at >= before).toBe(true);
    const shown = (await editorPage(conn.db, editor, 'http://x/', String(id))).values.published_at;
    await thrown(() =>
      editorAction(
        conn.db,
        editor,
        form({ title: 'Judul diperbaiki', published_at: shown, modified_at: published.modified_at }),
        String(id),
      ),
    );
    expect(await row(id)).toMatchObject({
      title: 'Judul diperbaiki',
      status: 'publish',
      published_at: published.published_at,
    });
  });

  test('a news slug never hides a page or one of the site’s own addresses', async () => {
    const page = await conn.db
      .selectFrom('post')
      .select(['slug', 'title'])
      .where('type', '=', 'page')
      .where('status', '=', 'publish')
      .executeTakeFirstOrThrow();
    const refuse = async (slug: string) =>
      (
        (await editorAction(conn.db, editor, form({ title: 'Apa saja', slug }), undefined)) as unknown as {
          data: { errors: Record<string, string> };
        }
      ).data.errors.slug;
    expect(await refuse(page.slug)).toContain(`sudah dipakai halaman “${page.title}”`);
    expect(await refuse('feed')).toContain('dipakai alamat situs ini sendiri');
    const generated = await create(editor, { title: page.slug.replace(/-/g, ' ') });
    expect((await row(generated)).slug).toBe(`${page.slug}-2`);
  });

  test('an over-long title is refused with its message and nothing is stored', async () => {
    const before = await conn.db
      .selectFrom('post')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const refused = (await editorAction(conn.db, editor, form({ title: 'x'.repeat(201) }), undefined)) as unknown as {
      init: { status: number };
      data: { errors: Record<string, string> };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.title).toBe('Judul paling banyak 200 karakter.');
    const after = await conn.db
      .selectFrom('post')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  test('categories, tags, SEO meta and a featured image are stored; the list filters by category and status', async () => {
    const category = await conn.db
      .selectFrom('term')
      .select('id')
      .where('taxonomy', '=', 'category')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const media = await conn.db.selectFrom('media').select('id').orderBy('id').executeTakeFirstOrThrow();
    const id = await create(editor, {
      title: 'Kabar berkategori unik',
      [`kategori-${category.id}`]: 'on',
      tags: 'Tag Uji Baru, tag uji baru',
      featured_media_id: String(media.id),
      seo_title: 'Judul SEO',
      seo_description: 'Deskripsi SEO',
    });
    expect((await row(id)).featured_media_id).toBe(media.id);
    const meta = await conn.db
      .selectFrom('post_meta')
      .select(['meta_key', 'value_text'])
      .where('post_id', '=', id)
      .execute();
    expect(meta).toEqual(
      expect.arrayContaining([
        { meta_key: POST_META.seoTitle, value_text: 'Judul SEO' },
        { meta_key: POST_META.seoDescription, value_text: 'Deskripsi SEO' },
      ]),
    );
    const tags = await conn.db
      .selectFrom('post_term')
      .innerJoin('term', 'term.id', 'post_term.term_id')
      .select('term.name')
      .where('post_term.post_id', '=', id)
      .where('term.taxonomy', '=', 'post_tag')
      .execute();
    expect(tags.map((t) => t.name)).toEqual(['Tag Uji Baru']);
    const found = await listNewsPosts(
      conn.db,
      conn.dialect,
      { q: 'berkategori unik', status: 'draft', category: category.id, page: 1 },
      null,
    );
    expect(found.rows.map((r) => r.id)).toEqual([id]);
    const none = await listNewsPosts(
      conn.db,
      conn.dialect,
      { q: 'berkategori unik', status: 'publish', category: category.id, page: 1 },
      null,
    );
    expect(none.total).toBe(0);
  });

  test('a future publish date schedules the post; the publisher makes it public at its time', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000);
    const local = new Date(inAnHour.getTime() + 7 * 3_600_000).toISOString().slice(0, 16);
    const id = await create(editor, { title: 'Pengumuman terjadwal', published_at: local }, 'publish');
    expect((await row(id)).status).toBe('draft');
    const scheduled = await listNewsPosts(
      conn.db,
      conn.dialect,
      { q: 'terjadwal', status: 'future', category: null, page: 1 },
      null,
    );
    expect(scheduled.rows.map((r) => [r.id, r.status])).toEqual([[id, 'future']]);
    expect(await publishDuePosts(conn.db, new Date())).toBe(0);
    expect(await publishDuePosts(conn.db, new Date(inAnHour.getTime() + 60_000))).toBe(1);
    expect((await row(id)).status).toBe('publish');
    const log = await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'post.publish', subject_id: id, user_id: editor.id });
  });

  test('the list pages newest first across statuses, 20 a page, without repeats', async () => {
    const all = { q: '', status: null, category: null } as const;
    const first = await listNewsPosts(conn.db, conn.dialect, { ...all, page: 1 }, null);
    const second = await listNewsPosts(conn.db, conn.dialect, { ...all, page: 2 }, null);
    expect(first.total).toBeGreaterThan(20);
    expect(first.rows).toHaveLength(20);
    expect(first.pages).toBe(Math.ceil(first.total / 20));
    const both = [...first.rows, ...second.rows];
    expect(new Set(both.map((r) => r.id)).size).toBe(both.length);
    const dates = both.map((r) => r.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(both.map((r) => r.status))).toEqual(new Set(['publish', 'draft']));
    // A page past the end shows the last page.
    const past = await listNewsPosts(conn.db, conn.dialect, { ...all, page: 9999 }, null);
    expect(past.page).toBe(first.pages);
  });

  test('a revision is restored, and the replaced version is kept in turn', async () => {
    const id = await create(editor, { title: 'Judul awal', content: '<p>awal</p>' });
    const v1 = (await row(id)).modified_at;
    await thrown(() =>
      editorAction(conn.db, editor, form({ title: 'Judul baru', content: '<p>baru</p>', modified_at: v1 }), String(id)),
    );
    const revision = await conn.db
      .selectFrom('post_revision')
      .select('id')
      .where('post_id', '=', id)
      .executeTakeFirstOrThrow();
    const done = await thrown(() =>
      editorAction(conn.db, editor, { intent: 'restore', revision: String(revision.id) }, String(id)),
    );
    expect(done.location).toBe(`/admin/berita/${id}/?pesan=dipulihkan`);
    expect(await row(id)).toMatchObject({ title: 'Judul awal', content: '<p>awal</p>' });
    const titles = await conn.db
      .selectFrom('post_revision')
      .select('title')
      .where('post_id', '=', id)
      .orderBy('id')
      .execute();
    expect(titles.map((t) => t.title)).toEqual(['Judul awal', 'Judul baru']);
  });
});

describe.each(DIALECTS)('the news screens over HTTP on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  let authorCookie: string;
  let authorId: number;
  let otherPost: number;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
    authorId = await createUser(conn.db, 'http-penulis', 'author');
    authorCookie = `session=${await startTestSession(conn.db, authorId)}`;
    const other = await conn.db
      .selectFrom('post')
      .select('id')
      .where('type', '=', 'post')
      .where('status', '=', 'publish')
      .executeTakeFirstOrThrow();
    otherPost = other.id;
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  test('an author gets 403 on saving another author’s post; the list and a new post open', async () => {
    const token = await staffToken(conn.db, authorId, authorCookie);
    const before = await conn.db.selectFrom('post').selectAll().where('id', '=', otherPost).executeTakeFirstOrThrow();
    const body = new URLSearchParams({
      _token: token,
      intent: 'unpublish',
      title: 'Diambil alih',
      modified_at: before.modified_at,
    }).toString();
    const answer = await site.send(`/admin/berita/${otherPost}/`, {
      method: 'POST',
      headers: {
        cookie: authorCookie,
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://${site.host}`,
        accept: 'text/html',
      },
      body,
    });
    expect(answer.status).toBe(403);
    // The role's refusal, not the CSRF check's.
    expect(answer.text).toContain('Anda hanya boleh membuka dan mengubah tulisan Anda sendiri.');
    expect(
      (await conn.db.selectFrom('post').selectAll().where('id', '=', otherPost).executeTakeFirstOrThrow()).title,
    ).toBe(before.title);
    const list = await site.send('/admin/berita/', { headers: { cookie: authorCookie, accept: 'text/html' } });
    expect(list.status).toBe(200);
    expect(list.text).toContain('Tidak ada berita yang cocok.');
    const blank = await site.send('/admin/berita/baru/', { headers: { cookie: authorCookie, accept: 'text/html' } });
    expect(blank.status).toBe(200);
    expect(blank.text).toContain('Judul (wajib, paling banyak 200 karakter)');
  });

  test('autosave: a new post is stored as a draft once it has a title; later autosaves update it, a stale one is refused', async () => {
    const token = await staffToken(conn.db, authorId, authorCookie);
    const autosave = async (target: string, fields: Record<string, string>) => {
      const answer = await site.send(`/admin/berita/${target}/autosimpan`, {
        method: 'POST',
        headers: {
          cookie: authorCookie,
          'content-type': 'application/x-www-form-urlencoded',
          origin: `http://${site.host}`,
          'x-csrf-token': token,
        },
        body: new URLSearchParams(fields).toString(),
      });
      return { status: answer.status, body: JSON.parse(answer.text) as Record<string, unknown> };
    };
    const count = async () =>
      Number(
        (
          await conn.db
            .selectFrom('post')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('type', '=', 'post')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const untitled = await autosave('baru', { title: '', content: '<p>Baru mulai</p>', modified_at: '' });
    expect(untitled).toEqual({
      status: 400,
      body: { ok: false, message: 'Draf disimpan otomatis setelah judul diisi.' },
    });
    expect(await count()).toBe(before);

    const first = await autosave('baru', {
      title: 'Draf otomatis',
      content: '<p>Paragraf pertama</p><script>alert(1)</script>',
      tags: 'otomatis',
      modified_at: '',
    });
    expect(first.status).toBe(200);
    const id = Number(first.body.id);
    const stored = await conn.db.selectFrom('post').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ title: 'Draf otomatis', status: 'draft', author_id: authorId, type: 'post' });
    expect(stored.content).toBe('<p>Paragraf pertama</p>');
    expect(first.body.modifiedAt).toBe(stored.modified_at);
    expect(await count()).toBe(before + 1);

    // The form now carries the draft's time: a second "new" autosave from it creates nothing.
    const again = await autosave('baru', { title: 'Draf otomatis', modified_at: stored.modified_at });
    expect(again.status).toBe(409);
    expect(await count()).toBe(before + 1);

    const next = await autosave(String(id), {
      title: 'Draf otomatis, lanjutan',
      excerpt: '',
      content: '<p>Paragraf kedua</p>',
      modified_at: stored.modified_at,
    });
    expect(next.status).toBe(200);
    const stale = await autosave(String(id), {
      title: 'Dari tab lama',
      excerpt: '',
      content: '',
      modified_at: stored.modified_at,
    });
    expect(stale.status).toBe(409);
    expect(String(stale.body.message)).toContain('sudah diubah oleh');
    const after = await conn.db.selectFrom('post').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ title: 'Draf otomatis, lanjutan', content: '<p>Paragraf kedua</p>' });
    expect(after.modified_at).toBe(next.body.modifiedAt);
  });
});
