import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deletePost, insertNewPosts, replaceMeta, updatePost } from '~/content/posts-write.server';
import { freePostSlug } from '~/content/slug.server';
import type { Connection } from '~/db/connection.server';
import { answerOutcome } from '~/staff/access.server';
import { editorAction, type Writer } from '~/staff/news/editor.server';
import { type EditorStatus, POST_META } from '~/staff/news/model';
import { listNewsPosts } from '~/staff/news/posts.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { createUser } from '../support/users';

/**
 * Issue 24: the staff list's totals come from `post_count` (migration 0024, kept by triggers) and a new
 * post's slug from an indexed look-up of its candidates. Both must answer exactly what counting the
 * posts and matching `base-%` answered, whoever writes the posts: the write side, a bulk insert, direct SQL.
 * A save's tags are read in one look-up, still whatever their case.
 */

describe.each(DIALECTS)('the news list totals, slugs and tags on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let editor: Writer;

  const at = '2025-03-01T00:00:00.000Z';
  const row = (slug: string, status = 'draft', type = 'post') => ({
    type,
    status,
    slug,
    title: slug,
    excerpt: '',
    content: '',
    tree: null,
    parent_id: null,
    author_id: null,
    featured_media_id: null,
    published_at: at,
    modified_at: at,
    menu_order: 0,
  });

  /** Saves a new post through the editor's action; its id. */
  const save = async (fields: Record<string, string>, intent = 'save') => {
    const form = {
      title: 'Berita hitung',
      slug: '',
      excerpt: '',
      content: '<p>Isi</p>',
      tags: '',
      featured_media_id: '',
    };
    try {
      await answerOutcome(
        editorAction(
          conn.db,
          editor,
          { published_at: '', seo_title: '', seo_description: '', modified_at: '', ...form, intent, ...fields },
          undefined,
        ),
      );
    } catch (error) {
      if (error instanceof Response && error.status === 302) {
        return Number(/\/admin\/berita\/(\d+)\//.exec(error.headers.get('location') ?? '')?.[1]);
      }
      throw error;
    }
    throw new Error('the save did not redirect');
  };

  /** The totals by counting the posts, as the list counted them before `post_count`. */
  const counted = async (status: EditorStatus | null) => {
    const scheduled = conn.db.selectFrom('post_meta').select('post_id').where('meta_key', '=', POST_META.scheduledAt);
    let q = conn.db
      .selectFrom('post')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('type', '=', 'post')
      .where('status', 'in', status === 'publish' ? ['publish'] : status === null ? ['publish', 'draft'] : ['draft']);
    if (status === 'draft') q = q.where('id', 'not in', scheduled);
    if (status === 'future') q = q.where('id', 'in', scheduled);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  /** Every status's total as the list shows it equals the count, and `post_count` equals a count of every type. */
  const expectExact = async () => {
    for (const status of [null, 'publish', 'draft', 'future'] as const) {
      const list = await listNewsPosts(conn.db, conn.dialect, { q: '', status, category: null, page: 1 }, null);
      expect([status, list.total]).toEqual([status, await counted(status)]);
    }
    const kept = await conn.db.selectFrom('post_count').selectAll().where('n', '<>', 0).execute();
    const { rows } = await sql<{
      type: string;
      status: string;
      n: number | string;
    }>`select type, status, count(*) as n from post group by type, status`.execute(conn.db);
    const key = (r: { type: string; status: string; n: number | string }) => `${r.type}/${r.status}=${Number(r.n)}`;
    expect(kept.map(key).sort()).toEqual(rows.map(key).sort());
  };

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    editor = { id: await createUser(conn.db, 'hitung-editor', 'editor'), roles: ['editor'] };
  });
  afterAll(async () => {
    await dispose();
  });

  test('the seeded school is counted as it is', expectExact);

  test('saves, scheduling, publishing and unpublishing keep every total exact', async () => {
    const draft = await save({ title: 'Draf hitung' });
    await save({ title: 'Terbit hitung' }, 'publish');
    const local = new Date(Date.now() + 7 * 3_600_000 + 3_600_000).toISOString().slice(0, 16);
    await save({ title: 'Jadwal hitung', published_at: local }, 'publish');
    await expectExact();
    const stored = await conn.db.selectFrom('post').selectAll().where('id', '=', draft).executeTakeFirstOrThrow();
    await save({ title: 'Draf hitung', modified_at: stored.modified_at }, 'publish');
    await expectExact();
  });

  test('bulk inserts, direct SQL and deletions keep every total exact', async () => {
    const ids = await insertNewPosts(
      conn.db,
      Array.from({ length: 30 }, (_, i) => ({ post: row(`hitung-massal-${i}`, i % 3 === 0 ? 'publish' : 'draft') })),
    );
    await conn.db
      .insertInto('post')
      .values([row('hitung-langsung-1'), row('hitung-langsung-2', 'publish'), row('hitung-halaman', 'publish', 'page')])
      .execute();
    await expectExact();
    await conn.db.updateTable('post').set({ status: 'publish' }).where('slug', 'like', 'hitung-massal-%').execute();
    await conn.db.updateTable('post').set({ type: 'page' }).where('slug', '=', 'hitung-langsung-1').execute();
    await conn.db.updateTable('post').set({ title: 'Judul saja' }).where('slug', '=', 'hitung-langsung-2').execute();
    await updatePost(conn.db, ids[1] as number, { status: 'draft' });
    await replaceMeta(conn.db, ids[2] as number, { [POST_META.scheduledAt]: { value_date: at } });
    await expectExact();
    await conn.db.transaction().execute((trx) => deletePost(trx, ids[0] as number));
    await conn.db.deleteFrom('post').where('slug', 'like', 'hitung-massal-1%').execute();
    await expectExact();
  });

  test('posts saved at once are all counted', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => save({ title: `Serentak ${i}` }, i % 2 ? 'publish' : 'save')),
    );
    await expectExact();
  });

  test('a generated slug takes the first free of base, base-2 …, past 20 taken, skipping reserved ones', async () => {
    await conn.db
      .insertInto('post')
      .values([
        row('pentas-seni'),
        ...Array.from({ length: 22 }, (_, i) => row(`pentas-seni-${i + 2}`)).filter((r) => r.slug !== 'pentas-seni-7'),
        row('pentas-seni-galeri', 'publish', 'galeri'),
      ])
      .execute();
    const types = ['post', 'page', 'e-landing-page'];
    expect(await freePostSlug(conn.db, types, 'pentas-seni')).toBe('pentas-seni-7');
    expect(await freePostSlug(conn.db, types, 'pentas-seni', null, ['pentas-seni-7'])).toBe('pentas-seni-24');
    const own = await conn.db
      .selectFrom('post')
      .select('id')
      .where('slug', '=', 'pentas-seni')
      .executeTakeFirstOrThrow();
    expect(await freePostSlug(conn.db, types, 'pentas-seni', own.id)).toBe('pentas-seni');
    expect(await freePostSlug(conn.db, ['galeri'], 'pentas-seni-galeri')).toBe('pentas-seni-galeri-2');
    expect(await freePostSlug(conn.db, types, 'admin', null, ['admin'])).toBe('admin-2');
    const id = await save({ title: 'Pentas Seni' });
    const saved = await conn.db.selectFrom('post').select('slug').where('id', '=', id).executeTakeFirstOrThrow();
    expect(saved.slug).toBe('pentas-seni-7');
  });

  test('a tag typed in another case is the tag already there; a new one is made once', async () => {
    const tagsOf = (id: number) =>
      conn.db
        .selectFrom('post_term')
        .innerJoin('term', 'term.id', 'post_term.term_id')
        .select(['term.id', 'term.name'])
        .where('post_term.post_id', '=', id)
        .where('term.taxonomy', '=', 'post_tag')
        .orderBy('term.name')
        .execute();
    const first = await tagsOf(await save({ title: 'Tag pertama', tags: 'Pramuka Hitung, OSIS Hitung' }));
    const second = await tagsOf(await save({ title: 'Tag kedua', tags: 'osis hitung, PRAMUKA HITUNG, Baru Hitung' }));
    expect(first.map((t) => t.name)).toEqual(['OSIS Hitung', 'Pramuka Hitung']);
    expect(second.map((t) => t.name)).toEqual(['Baru Hitung', 'OSIS Hitung', 'Pramuka Hitung']);
    expect(second.filter((t) => first.some((f) => f.id === t.id))).toHaveLength(2);
  });

  test('every page of the list, filtered or not, is its slice of all the posts newest first', async () => {
    const local = new Date(Date.now() + 7 * 3_600_000 + 7_200_000).toISOString().slice(0, 16);
    await save({ title: 'Jadwal halaman', published_at: local }, 'publish');
    await insertNewPosts(
      conn.db,
      // Some share a time, so the id decides between them.
      Array.from({ length: 45 }, (_, i) => ({
        post: {
          ...row(`halaman-${i}`, i % 2 ? 'publish' : 'draft'),
          published_at: `2024-0${1 + (i % 5)}-01T00:00:00.000Z`,
        },
      })),
    );
    const scheduled = new Set(
      (
        await conn.db.selectFrom('post_meta').select('post_id').where('meta_key', '=', POST_META.scheduledAt).execute()
      ).map((r) => r.post_id),
    );
    const all = await conn.db
      .selectFrom('post')
      .select(['id', 'status', 'published_at'])
      .where('type', '=', 'post')
      .where('status', 'in', ['publish', 'draft'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const statusOf = (r: (typeof all)[number]): EditorStatus =>
      r.status === 'publish' ? 'publish' : scheduled.has(r.id) ? 'future' : 'draft';
    for (const status of [null, 'publish', 'draft', 'future'] as const) {
      const ids = all.filter((r) => status === null || statusOf(r) === status).map((r) => r.id);
      const pages = Math.max(1, Math.ceil(ids.length / 20));
      for (const page of new Set([1, Math.min(2, pages), pages])) {
        const list = await listNewsPosts(conn.db, conn.dialect, { q: '', status, category: null, page }, null);
        expect([status, page, list.rows.map((r) => r.id)]).toEqual([
          status,
          page,
          ids.slice((page - 1) * 20, page * 20),
        ]);
      }
    }
  });
});
