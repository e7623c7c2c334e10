import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '~/db';
import type { ContentPart, PostTable } from '~/db/schema';

/**
 * The one write side of the content model (issue 23): every insert, update and delete of `post`,
 * `post_meta` and `post_term` is made here, and each appends to the change log (`content_change`,
 * migration 0022) in the same statement's transaction, naming the post and the meta keys or taxonomies
 * it touched (`post`: the row, or all of a new post). Callers pass their transaction as `db` where the
 * write is one of several.
 */

/** A meta value as stored: text, number or date (ISO), the others null. */
export interface MetaValue {
  value_text?: string | null;
  value_number?: number | null;
  value_date?: string | null;
}

/** Appends to the change log: one row per post and part. */
export async function logContentChanges(
  db: Db,
  changes: ReadonlyArray<{ postId: number; part: ContentPart; names?: readonly string[] }>,
  now = new Date(),
): Promise<void> {
  if (changes.length === 0) return;
  const at = now.toISOString();
  const rows = changes.map((c) => ({ post_id: c.postId, part: c.part, names: [...(c.names ?? [])].join(','), at }));
  // A bulk seed writes many: in slices well under either dialect's limit of bound values.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('content_change')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** A stored post of `type` by its id, with the `columns` named; undefined when there is none of that type. */
export function postOfType<C extends keyof PostTable & string>(
  db: Db,
  id: number,
  type: string,
  columns: readonly C[],
) {
  return db.selectFrom('post').select(columns).where('id', '=', id).where('type', '=', type).executeTakeFirst();
}

/** Inserts a post row; its id. */
export async function insertPost(db: Db, values: Insertable<PostTable>): Promise<number> {
  const row = await db.insertInto('post').values(values).returning('id').executeTakeFirstOrThrow();
  await logContentChanges(db, [{ postId: row.id, part: 'post' }]);
  return row.id;
}

/** Columns an update may also be conditioned on: the post's type, or what an editor's form last read. */
export type PostGuard = Partial<Pick<Selectable<PostTable>, 'type' | 'status' | 'modified_at' | 'tree_version'>>;

/** A whole new post: its row, term ids and meta rows. */
export interface NewPost {
  post: Insertable<PostTable>;
  terms?: readonly number[];
  meta?: ReadonlyArray<{ meta_key: string } & MetaValue>;
}

/**
 * Inserts many new posts at once (the seed, synthetic rows): rows, terms and meta in slices, one change
 * row per post. Their slugs must differ (the ids are matched back by slug: SQLite's RETURNING keeps no
 * order); the ids in the order given.
 */
export async function insertNewPosts(db: Db, posts: readonly NewPost[]): Promise<number[]> {
  if (posts.length === 0) return [];
  const inserted = await db
    .insertInto('post')
    .values(posts.map((p) => p.post))
    .returning(['id', 'slug'])
    .execute();
  const idOf = new Map(inserted.map((p) => [p.slug, p.id]));
  const ids = posts.map((p) => idOf.get(p.post.slug) as number);
  const terms = posts.flatMap((p, i) =>
    [...new Set(p.terms ?? [])].map((term_id) => ({ post_id: ids[i] as number, term_id })),
  );
  const meta = posts.flatMap((p, i) =>
    (p.meta ?? []).map((m) => ({
      post_id: ids[i] as number,
      meta_key: m.meta_key,
      value_text: m.value_text ?? null,
      value_number: m.value_number ?? null,
      value_date: m.value_date ?? null,
    })),
  );
  for (let i = 0; i < terms.length; i += 1000) {
    await db
      .insertInto('post_term')
      .values(terms.slice(i, i + 1000))
      .execute();
  }
  for (let i = 0; i < meta.length; i += 500) {
    await db
      .insertInto('post_meta')
      .values(meta.slice(i, i + 500))
      .execute();
  }
  await logContentChanges(
    db,
    ids.map((postId) => ({ postId, part: 'post' })),
  );
  return ids;
}

/**
 * Updates a post row where `id` matches and every column of `only` still has its value (the optimistic
 * check of an editor's form); whether a row was updated.
 */
export async function updatePost(
  db: Db,
  id: number,
  values: Updateable<PostTable>,
  only: PostGuard = {},
): Promise<boolean> {
  let query = db.updateTable('post').set(values).where('id', '=', id);
  for (const [column, value] of Object.entries(only)) {
    if (value !== undefined) query = query.where(column as keyof PostGuard, '=', value as never);
  }
  const updated = await query.executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await logContentChanges(db, [{ postId: id, part: 'post' }]);
  return true;
}

/**
 * Replaces the post's values of the keys named in `meta`: a key given `null` (or only nulls) is removed,
 * the others are written anew.
 */
export async function replaceMeta(
  db: Db,
  postId: number,
  meta: Readonly<Record<string, MetaValue | null>>,
): Promise<void> {
  const keys = Object.keys(meta);
  if (keys.length === 0) return;
  await db.deleteFrom('post_meta').where('post_id', '=', postId).where('meta_key', 'in', keys).execute();
  const rows = Object.entries(meta)
    .filter((entry): entry is [string, MetaValue] => {
      const v = entry[1];
      return v !== null && (v.value_text != null || v.value_number != null || v.value_date != null);
    })
    .map(([meta_key, v]) => ({
      post_id: postId,
      meta_key,
      value_text: v.value_text ?? null,
      value_number: v.value_number ?? null,
      value_date: v.value_date ?? null,
    }));
  if (rows.length > 0) await db.insertInto('post_meta').values(rows).execute();
  await logContentChanges(db, [{ postId, part: 'meta', names: keys }]);
}

/** Replaces the post's terms of the taxonomies named by the terms of `taxonomies` with `termIds`. */
export async function replaceTerms(
  db: Db,
  postId: number,
  taxonomies: readonly string[],
  termIds: readonly number[],
): Promise<void> {
  await db
    .deleteFrom('post_term')
    .where('post_id', '=', postId)
    .where('term_id', 'in', (eb) =>
      eb
        .selectFrom('term')
        .select('id')
        .where('taxonomy', 'in', [...taxonomies]),
    )
    .execute();
  const ids = [...new Set(termIds)];
  if (ids.length > 0) {
    await db
      .insertInto('post_term')
      .values(ids.map((term_id) => ({ post_id: postId, term_id })))
      .execute();
  }
  await logContentChanges(db, [{ postId, part: 'terms', names: taxonomies }]);
}

/** Deletes a post with its meta and terms (the caller's transaction keeps them together). */
export async function deletePost(db: Db, postId: number): Promise<void> {
  await db.deleteFrom('post_meta').where('post_id', '=', postId).execute();
  await db.deleteFrom('post_term').where('post_id', '=', postId).execute();
  await db.deleteFrom('post').where('id', '=', postId).execute();
  await logContentChanges(db, [{ postId, part: 'deleted' }]);
}
