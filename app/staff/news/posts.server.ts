import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { ftsMatchExpression, searchTerms, tsQueryExpression } from '~/content/search';
import type { Db, Dialect } from '~/db';
import { type EditorStatus, type ListQuery, PER_PAGE, POST_META } from './model';

/**
 * The staff list of news posts (issue 14). Reads walk the `post_listing` index (type, status,
 * published_at, id) newest first and stop after one page; a filtered list's count reads the same
 * index, the unfiltered list's reads `post_count` (0024). A scheduled post is a draft with the
 * `_scheduled_at` meta (model.ts, POST_META).
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

/**
 * The list's page for this query; `authorId` limits it to one author's posts (authors see only theirs).
 * Each status is read newest first along `post_listing` (or `post_by_author`, 0012), "all statuses"
 * as two ordered reads the database merges (UNION ALL), so a page stops after `offset + 20` index
 * entries and reads only its own posts.
 */
export async function listNewsPosts(
  db: Db,
  dialect: Dialect,
  query: ListQuery,
  authorId: number | null,
): Promise<ListResult> {
  const scheduled = db
    .selectFrom('post_meta')
    .select('post_meta.post_id')
    .where('post_meta.meta_key', '=', POST_META.scheduledAt);
  const filtered = (status: 'publish' | 'draft') => {
    let base = db.selectFrom('post').where('post.type', '=', 'post').where('post.status', '=', status);
    if (query.status === 'draft') base = base.where('post.id', 'not in', scheduled);
    if (query.status === 'future') base = base.where('post.id', 'in', scheduled);
    if (authorId !== null) base = base.where('post.author_id', '=', authorId);
    if (query.category !== null) {
      const category = query.category;
      base = base.where('post.id', 'in', (eb) =>
        eb.selectFrom('post_term').select('post_term.post_id').where('post_term.term_id', '=', category),
      );
    }
    const match = query.q ? titleMatches(dialect, query.q) : null;
    if (query.q && !match) base = base.where(sql<SqlBool>`1 = 0`);
    if (match) base = base.where(match);
    return base;
  };
  const statuses: Array<'publish' | 'draft'> =
    query.status === 'publish' ? ['publish'] : query.status === null ? ['publish', 'draft'] : ['draft'];
  const total =
    authorId === null && query.category === null && !query.q
      ? await countByStatus(db, query.status)
      : await Promise.all(
          statuses.map((status) =>
            filtered(status)
              .select((eb) => eb.fn.countAll<number | string>().as('total'))
              .executeTakeFirstOrThrow(),
          ),
        ).then((counts) => counts.reduce((sum, r) => sum + Number(r.total), 0));
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const page = Math.min(query.page, pages);
  const offset = (page - 1) * PER_PAGE;
  // The page's ids: each status newest first along its index, reading only ids and times (the walk
  // past `offset` reads no post), merged in order by the database; then the page's 20 posts.
  const onPage = await statuses
    .map((status) => filtered(status).select(['post.id', 'post.published_at']))
    .reduce((all, next) => all.unionAll(next))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PER_PAGE)
    .offset(offset)
    .execute();
  const posts =
    onPage.length === 0
      ? []
      : await db
          .selectFrom('post')
          .select(['id', 'title', 'slug', 'status', 'published_at', 'modified_at', 'author_id'])
          .where(
            'id',
            'in',
            onPage.map((r) => r.id),
          )
          .execute();
  const byId = new Map(posts.map((r) => [r.id, r]));
  const merged = onPage.flatMap((r) => byId.get(r.id) ?? []);
  const ids = merged.map((r) => r.id);
  const authorIds = [...new Set(merged.flatMap((r) => (r.author_id === null ? [] : [r.author_id])))];
  const [future, authors] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom('post_meta')
          .select('post_id')
          .where('meta_key', '=', POST_META.scheduledAt)
          .where('post_id', 'in', ids)
          .execute(),
    authorIds.length === 0
      ? []
      : db.selectFrom('app_user').select(['id', 'display_name']).where('id', 'in', authorIds).execute(),
  ]);
  const scheduledIds = new Set(future.map((r) => r.post_id));
  const names = new Map(authors.map((a) => [a.id, a.display_name]));
  return {
    rows: merged.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      status: r.status === 'publish' ? 'publish' : scheduledIds.has(r.id) ? 'future' : 'draft',
      publishedAt: r.published_at,
      modifiedAt: r.modified_at,
      author: r.author_id === null ? null : (names.get(r.author_id) ?? null),
    })),
    total,
    page,
    pages,
  };
}

/**
 * How many news posts the unfiltered list has in `status` (null: published and drafts), without
 * walking them: `post_count` (0024) keeps the number per status; scheduled posts, drafts with the meta,
 * are few and counted from their meta rows.
 */
async function countByStatus(db: Db, status: EditorStatus | null): Promise<number> {
  const [counts, scheduled] = await Promise.all([
    db.selectFrom('post_count').select(['status', 'n']).where('type', '=', 'post').execute(),
    status === 'draft' || status === 'future'
      ? db
          .selectFrom('post_meta')
          .innerJoin('post', 'post.id', 'post_meta.post_id')
          .select((eb) => eb.fn.count<number | string>('post_meta.post_id').distinct().as('n'))
          .where('post_meta.meta_key', '=', POST_META.scheduledAt)
          .where('post.type', '=', 'post')
          .where('post.status', '=', 'draft')
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n))
      : 0,
  ]);
  const of = (s: 'publish' | 'draft') => Number(counts.find((r) => r.status === s)?.n ?? 0);
  if (status === null) return of('publish') + of('draft');
  if (status === 'publish') return of('publish');
  return status === 'future' ? scheduled : of('draft') - scheduled;
}

/**
 * Posts whose title holds every word typed (the last one as a prefix): the title's full-text index
 * (0006: `post_title_fts` on SQLite, `title_vector` on PostgreSQL). Null when the text has no words.
 */
function titleMatches(dialect: Dialect, text: string): RawBuilder<SqlBool> | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  if (dialect === 'postgres') {
    return sql<SqlBool>`post.title_vector @@ to_tsquery('simple', ${tsQueryExpression(terms)})`;
  }
  return sql<SqlBool>`post.id in (select rowid from post_title_fts where post_title_fts match ${ftsMatchExpression(terms)})`;
}
