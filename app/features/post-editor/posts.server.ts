import type { Db } from '~/db';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type EditorStatus, type ListQuery, PER_PAGE, POST_META } from './model';

/**
 * The staff list of news posts (issue 14). Reads walk the `post_listing` index (type, status,
 * published_at, id) newest first and stop after one page; the count reads the same index. A
 * scheduled post is a draft with the `_scheduled_at` meta (model.ts, POST_META).
 */

/** One row of the staff list. */
export interface ListRow {
  id: number;
  title: string;
  slug: string;
  status: EditorStatus;
  publishedAt: string;
  modifiedAt: string;
  author: string | null;
}

export interface ListResult {
  rows: ListRow[];
  total: number;
  page: number;
  pages: number;
}

/** The list's page for this query; `authorId` limits it to one author's posts (authors see only theirs). */
export async function listNewsPosts(db: Db, query: ListQuery, authorId: number | null): Promise<ListResult> {
  const scheduled = db
    .selectFrom('post_meta')
    .select('post_meta.post_id')
    .where('post_meta.meta_key', '=', POST_META.scheduledAt);
  let base = db.selectFrom('post').where('post.type', '=', 'post');
  if (query.status === 'publish') base = base.where('post.status', '=', 'publish');
  else if (query.status === 'draft') base = base.where('post.status', '=', 'draft').where('post.id', 'not in', scheduled);
  else if (query.status === 'future') base = base.where('post.status', '=', 'draft').where('post.id', 'in', scheduled);
  else base = base.where('post.status', 'in', ['publish', 'draft']);
  if (authorId !== null) base = base.where('post.author_id', '=', authorId);
  if (query.category !== null) {
    const category = query.category;
    base = base.where('post.id', 'in', (eb) =>
      eb.selectFrom('post_term').select('post_term.post_id').where('post_term.term_id', '=', category),
    );
  }
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(
      (eb) => sql<SqlBool>`lower(${eb.ref('post.title')}) like ${pattern} escape '\\'` as Expression<SqlBool>,
    );
  }
  const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const total = Number(counted.total);
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const page = Math.min(query.page, pages);
  const rows = await base
    .leftJoin('app_user', 'app_user.id', 'post.author_id')
    .select([
      'post.id',
      'post.title',
      'post.slug',
      'post.status',
      'post.published_at',
      'post.modified_at',
      'app_user.display_name',
    ])
    .orderBy('post.published_at', 'desc')
    .orderBy('post.id', 'desc')
    .limit(PER_PAGE)
    .offset((page - 1) * PER_PAGE)
    .execute();
  const ids = rows.map((r) => r.id);
  const future = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .selectFrom('post_meta')
            .select('post_id')
            .where('meta_key', '=', POST_META.scheduledAt)
            .where('post_id', 'in', ids)
            .execute()
        ).map((r) => r.post_id),
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      status: r.status === 'publish' ? 'publish' : future.has(r.id) ? 'future' : 'draft',
      publishedAt: r.published_at,
      modifiedAt: r.modified_at,
      author: r.display_name,
    })),
    total,
    page,
    pages,
  };
}
