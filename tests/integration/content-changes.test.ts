import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  deletePost,
  insertPost,
  logContentChanges,
  replaceMeta,
  replaceTerms,
  updatePost,
} from '~/content/posts-write.server';
import { deletePostOfType } from '~/content/staff-delete.server';
import type { Connection } from '~/db/connection.server';
import { updateRatingSummary } from '~/features/reviews/rating-meta.server';
import { POST_META } from '~/staff/news/model';
import { publishDuePosts } from '~/staff/news/publisher.server';
import { seedSynthetic } from '../../seed/synthetic';
import { DIALECTS, freshDatabase } from '../support/databases';

/**
 * Issue 23: one write side for the content. Every write of `post`, `post_meta` and `post_term` is made
 * by `content/posts-write.server.ts`, and each leaves a row in the change log naming the post and what
 * it touched, with ids that only grow.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const WRITES = /\b(insertInto|updateTable|deleteFrom)\(\s*'(post|post_meta|post_term)'\s*\)/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

test('no module but the write side writes posts, their meta or their terms', () => {
  const writers = ['app', 'server', 'seed', 'scripts']
    .flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
    .filter((file) => WRITES.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(ROOT, file));
  expect(writers).toEqual(['app/content/posts-write.server.ts']);
});

describe.each(DIALECTS)('the content change log on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
  });
  afterAll(() => dispose());

  const lastId = async () =>
    Number(
      (
        await conn.db
          .selectFrom('content_change')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  /** A draft news post written through the write side, modified at 2026-11-27 01:00 UTC. */
  const newDraft = (slug: string, title: string) =>
    insertPost(conn.db, {
      type: 'post',
      status: 'draft',
      slug,
      title,
      excerpt: '',
      content: '',
      tree: null,
      parent_id: null,
      author_id: null,
      featured_media_id: null,
      published_at: '2026-11-27T01:00:00.000Z',
      modified_at: '2026-11-27T01:00:00.000Z',
      menu_order: 0,
    });
  const since = (id: number) =>
    conn.db
      .selectFrom('content_change')
      .select(['id', 'post_id', 'part', 'names'])
      .where('id', '>', id)
      .orderBy('id')
      .execute();

  test('the seed leaves a row for every post it wrote', async () => {
    const posts = await conn.db.selectFrom('post').select('id').execute();
    const logged = new Set(
      (await conn.db.selectFrom('content_change').select('post_id').where('part', '=', 'post').execute()).map(
        (r) => r.post_id,
      ),
    );
    expect(posts.length).toBeGreaterThan(50);
    expect(posts.filter((p) => !logged.has(p.id))).toEqual([]);
  });

  test('synthetic rows leave a row each', async () => {
    const before = await lastId();
    await seedSynthetic(conn, 30);
    const rows = await since(before);
    expect(rows.filter((r) => r.part === 'post')).toHaveLength(30);
  });

  test('each write names its post and what it touched, in order; a write that changes nothing leaves none', async () => {
    const before = await lastId();
    const id = await newDraft(`perubahan-${dialect}`, 'Perubahan');
    await replaceMeta(conn.db, id, { _seo_title: { value_text: 'Judul' }, _seo_description: null });
    const category = await conn.db
      .selectFrom('term')
      .select('id')
      .where('taxonomy', '=', 'category')
      .executeTakeFirstOrThrow();
    await replaceTerms(conn.db, id, ['category'], [category.id, category.id]);
    // Another form saved in between: nothing is written, nothing logged.
    expect(await updatePost(conn.db, id, { title: 'Lama' }, { modified_at: 'not what is stored' })).toBe(false);
    expect(await updatePost(conn.db, id, { title: 'Baru' }, { modified_at: '2026-11-27T01:00:00.000Z' })).toBe(true);
    await deletePost(conn.db, id);

    const rows = await since(before);
    expect(rows.map((r) => [r.post_id, r.part, r.names])).toEqual([
      [id, 'post', ''],
      [id, 'meta', '_seo_title,_seo_description'],
      [id, 'terms', 'category'],
      [id, 'post', ''],
      [id, 'deleted', ''],
    ]);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
    const meta = await conn.db.selectFrom('post_meta').select('meta_key').where('post_id', '=', id).execute();
    expect(meta).toEqual([]);
  });

  test('replaceMeta keeps the given values and drops the keys given null', async () => {
    const post = await conn.db.selectFrom('post').select('id').where('type', '=', 'post').executeTakeFirstOrThrow();
    await replaceMeta(conn.db, post.id, { _uji_a: { value_number: 4.5 }, _uji_b: { value_text: 'b' } });
    await replaceMeta(conn.db, post.id, { _uji_a: null });
    const rows = await conn.db
      .selectFrom('post_meta')
      .select(['meta_key', 'value_text', 'value_number'])
      .where('post_id', '=', post.id)
      .where('meta_key', 'like', '_uji_%')
      .execute();
    expect(rows).toEqual([{ meta_key: '_uji_b', value_text: 'b', value_number: null }]);
  });

  test('the paths that write without an editor leave rows: scheduled publishing, ratings, a staff delete', async () => {
    const scheduled = await newDraft(`terjadwal-${dialect}`, 'Terjadwal');
    await replaceMeta(conn.db, scheduled, { [POST_META.scheduledAt]: { value_date: '2026-11-27T02:00:00.000Z' } });

    const before = await lastId();
    expect(await publishDuePosts(conn.db, new Date('2026-11-27T03:00:00.000Z'))).toBe(1);
    const published = await since(before);
    expect(published.map((r) => [r.post_id, r.part, r.names])).toEqual([
      [scheduled, 'post', ''],
      [scheduled, 'meta', POST_META.scheduledAt],
    ]);

    const reviewed = await conn.db
      .selectFrom('review_summary')
      .select('post_id')
      .where('approved_count', '>', 0)
      .executeTakeFirstOrThrow();
    const beforeRating = await lastId();
    await conn.db.transaction().execute((trx) => updateRatingSummary(trx, reviewed.post_id));
    expect((await since(beforeRating)).map((r) => [r.post_id, r.part, r.names])).toEqual([
      [reviewed.post_id, 'meta', 'rating'],
    ]);

    const beforeDelete = await lastId();
    expect(await deletePostOfType(conn.db, { id: scheduled, type: 'post', userId: 1, action: 'post.delete' })).toBe(
      true,
    );
    expect((await since(beforeDelete)).map((r) => [r.post_id, r.part])).toEqual([[scheduled, 'deleted']]);
  });

  test('a long list of changes is written in slices', async () => {
    const before = await lastId();
    await logContentChanges(
      conn.db,
      Array.from({ length: 1_203 }, (_, i) => ({ postId: 1_000_000 + i, part: 'meta' as const, names: ['x'] })),
    );
    expect(await since(before)).toHaveLength(1_203);
  });
});
