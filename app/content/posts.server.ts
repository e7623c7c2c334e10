import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { getMedia } from '~/content/media.server';
import { postMatches } from '~/content/search.server';
import type { Database, Db, Dialect } from '~/db';
import { pageCount } from '~/lib/paging';
import { rememberFor } from '~/lib/remember.server';
import { type PostSummary, postUrl, walkBeatsGathering } from './posts';

/** A term by its taxonomy and slug (WordPress's `category_name`, `tag`, a grid's category of its type). */
export interface TermRef {
  taxonomy: string;
  slug: string;
}

export interface PostQuery {
  types: readonly string[];
  /** Terms every item carries. */
  terms?: readonly TermRef[];
  search?: string;
  page: number;
  perPage: number;
  /** Cap on the items the listing may show in all (0: none), spec 001 §2. */
  maxItems?: number;
  /** Further conditions on `post`, all of which an item must meet (e.g. a filter group's state). */
  where?: readonly PostCondition[];
  /** Order instead of newest first; the id always breaks ties (original-wire.md §9.7). */
  order?: readonly PostOrder[];
  /**
   * Names `where` and `order` in the remembered total. Without it a query with `where` counts
   * afresh every time (a remembered total must never belong to other conditions).
   */
  cacheKey?: string;
  /** The number of matching items when the caller has counted them already (no count query then). */
  total?: number;
  /** The ids of this page's items, when the caller has found them (the filter index): read just those. */
  pageIds?: readonly number[];
}

/** A condition on the `post` row of a listing query. */
export type PostCondition = (eb: ExpressionBuilder<Database, 'post'>) => Expression<SqlBool>;

/** One sort key of a listing: an expression over the `post` row and its direction. */
export interface PostOrder {
  by: (eb: ExpressionBuilder<Database, 'post'>) => Expression<unknown>;
  direction: 'asc' | 'desc';
  /** Items without a value go last in either direction (both dialects alike). */
  nullsLast?: boolean;
}

/** What a caller may add to a list's own query: a filter group's conditions, order and page. */
export interface PostNarrowing {
  where: readonly PostCondition[];
  order?: readonly PostOrder[];
  cacheKey: string;
  /** The page to show instead of the address path's (a filter address's `pagenum`). */
  page?: number;
  /** The matching items' number, when counted already. */
  total?: number;
  /** The page's items, when found already (with `total`). */
  pageIds?: readonly number[];
}

/**
 * Finds the narrowing for a stored list from the filter state a load-more call carries (`filters[<query
 * key>]=…`, the same fields as `query[…]` of `jet_smart_filters`). Given by whoever composes the features,
 * so that the listing never depends on the filters. Null: nothing to narrow (no such group, no filters).
 */
export type NarrowList = (
  db: Db,
  dialect: Dialect,
  list: { provider: 'jet-engine' | 'epro-posts'; queryId: string },
  filters: unknown,
) => Promise<PostNarrowing | null>;

export interface PostPage {
  items: PostSummary[];
  page: number;
  pages: number;
  total: number;
}

/**
 * One page of published posts, newest first (or in `order`). The id breaks ties so that pages never overlap
 * (original-wire.md §9.7: load more repeating posts).
 */
export async function listPosts(db: Db, dialect: Dialect, q: PostQuery): Promise<PostPage> {
  if (q.pageIds && q.total !== undefined) return listFoundPage(db, q, q.pageIds, q.total);
  const counted = baseQuery(db, dialect, q);
  if (counted === null) return { items: [], page: q.page, pages: 1, total: 0 };
  const total = await countOf(db, counted, q);
  const shown = q.maxItems ? Math.min(total, q.maxItems) : total;
  const pages = pageCount(shown, q.perPage);
  const offset = (q.page - 1) * q.perPage;
  const limit = Math.max(0, Math.min(q.perPage, shown - offset));
  if (limit === 0) return { items: [], page: q.page, pages, total: shown };
  const read = () => readItems(db, dialect, q, counted, offset, limit);
  const items = rememberable(q)
    ? await rememberedItems(db, JSON.stringify([...listingKey(q), q.page, q.perPage, limit]), read)
    : await read();
  return { items, page: q.page, pages, total: shown };
}

/** What a listing reads of each item. */
const ITEM_COLUMNS = [
  'post.id',
  'post.type',
  'post.slug',
  'post.title',
  'post.excerpt',
  'post.published_at',
  'post.featured_media_id',
] as const;

/**
 * A page whose items are known (`pageIds` in the listing's order, with the listing's total): just those are
 * read, by id, and kept in that order.
 */
async function listFoundPage(db: Db, q: PostQuery, ids: readonly number[], total: number): Promise<PostPage> {
  const shown = q.maxItems ? Math.min(total, q.maxItems) : total;
  const pages = pageCount(shown, q.perPage);
  // By id alone: with the listing's type and status in the query, SQLite walks its (type, status) index.
  const rows =
    ids.length > 0
      ? await db
          .selectFrom('post')
          .select([...ITEM_COLUMNS, 'post.status'])
          .where('post.id', 'in', [...ids])
          .execute()
      : [];
  const byId = new Map(rows.filter((r) => r.status === 'publish' && q.types.includes(r.type)).map((r) => [r.id, r]));
  const items = await summarize(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
  return { items, page: q.page, pages, total: shown };
}

/** The items `offset` to `offset + limit` of the listing, with their categories and images. */
async function readItems(
  db: Db,
  dialect: Dialect,
  q: PostQuery,
  counted: NonNullable<ReturnType<typeof baseQuery>>,
  offset: number,
  limit: number,
): Promise<PostSummary[]> {
  const base = (await readInOrder(db, dialect, q, offset + limit)) ? baseQuery(db, dialect, q, true) : counted;
  if (base === null) return [];
  let ordered = base.select(ITEM_COLUMNS);
  const order = q.order?.length ? q.order : NEWEST_FIRST;
  for (const o of order) {
    ordered = ordered.orderBy(o.by, (ob) => {
      const directed = o.direction === 'asc' ? ob.asc() : ob.desc();
      return o.nullsLast ? directed.nullsLast() : directed;
    });
  }
  const rows = await ordered
    .orderBy('post.id', order[0]?.direction ?? 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return summarize(db, rows);
}

const NEWEST_FIRST: readonly PostOrder[] = [{ by: (eb) => eb.ref('post.published_at'), direction: 'desc' }];

/**
 * Published posts of the types, terms, search text and extra conditions; null when the search has no words.
 * `inOrder`: each item met in the listing's order is checked for its terms (see `readInOrder`).
 */
function baseQuery(db: Db, dialect: Dialect, q: Omit<PostQuery, 'page' | 'perPage' | 'order'>, inOrder = false) {
  let base = db
    .selectFrom('post')
    .where('post.type', 'in', [...q.types])
    .where('post.status', '=', 'publish');
  for (const term of q.terms ?? []) {
    base = base.where(inOrder ? carriesTerm(term) : termSlugCondition(term.taxonomy, term.slug));
  }
  if (q.search) {
    const match = postMatches(dialect, q.search);
    if (!match) return null;
    base = base.where(match);
  }
  for (const condition of q.where ?? []) base = base.where(condition);
  return base;
}

/** Items carrying the term with this slug (the term itself, as WordPress's `category_name` and `tag`). */
export function termSlugCondition(taxonomy: string, slug: string): PostCondition {
  return (eb) =>
    eb(
      'post.id',
      'in',
      eb
        .selectFrom('post_term')
        .innerJoin('term', 'term.id', 'post_term.term_id')
        .select('post_term.post_id')
        .where('term.taxonomy', '=', taxonomy)
        .where('term.slug', '=', slug),
    );
}

/** The item carries the term, checked item by item (an index look-up per item, nothing gathered first). */
function carriesTerm(term: TermRef): PostCondition {
  return (eb) =>
    eb.exists(
      eb
        .selectFrom('post_term')
        .select('post_term.post_id')
        .whereRef('post_term.post_id', '=', 'post.id')
        .where('post_term.term_id', '=', (sub) =>
          sub
            .selectFrom('term')
            .select('term.id')
            .where('term.taxonomy', '=', term.taxonomy)
            .where('term.slug', '=', term.slug),
        ),
    );
}

/**
 * Whether the newest `wanted` items of a term-narrowed listing are read by walking the listing newest first
 * and checking each item (a term on many items: the featured news among 100,000 posts, in microseconds),
 * rather than gathering every item of the term first (a term on few items). Only for the plain newest-first
 * order without search or other conditions, where the walk follows the listing's index.
 */
async function readInOrder(db: Db, dialect: Dialect, q: PostQuery, wanted: number): Promise<boolean> {
  if (!q.terms?.length || q.search || q.where?.length || q.order?.length) return false;
  const listing = baseQuery(db, dialect, { types: q.types });
  if (listing === null) return false;
  const [listingItems, ...termItems] = await Promise.all([
    countOf(db, listing, { types: q.types }),
    ...q.terms.map((term) => termItemCount(db, term)),
  ]);
  return walkBeatsGathering(listingItems, Math.min(...termItems), wanted);
}

/** How many items (of any type) carry a term, remembered like a listing's total. */
function termItemCount(db: Db, term: TermRef): Promise<number> {
  return rememberedCount(db, JSON.stringify(['term', term.taxonomy, term.slug]), async () => {
    const row = await db
      .selectFrom('post_term')
      .innerJoin('term', 'term.id', 'post_term.term_id')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('term.taxonomy', '=', term.taxonomy)
      .where('term.slug', '=', term.slug)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  });
}

function countOf(db: Db, base: NonNullable<ReturnType<typeof baseQuery>>, q: Omit<PostQuery, 'page' | 'perPage'>) {
  if (q.total !== undefined) return Promise.resolve(q.total);
  const read = async () => {
    // A capped listing (a slider, a grid of at most N) needs to count only up to its cap, not every match.
    const row = q.maxItems
      ? await db
          .selectFrom(base.select('post.id').limit(q.maxItems).as('capped'))
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow()
      : await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return Number(row.total);
  };
  if (q.where?.length && q.cacheKey === undefined) return read();
  return rememberedCount(db, JSON.stringify(listingKey(q)), read);
}

/** What names a listing's matches in a remembered read. */
function listingKey(q: Omit<PostQuery, 'page' | 'perPage'>) {
  return [q.types, q.terms ?? [], q.search, q.cacheKey ?? '', q.maxItems ?? 0];
}

/** A read may be remembered when its key names all its conditions, and it is not a visitor's search. */
function rememberable(q: PostQuery): boolean {
  return !q.search && !(q.where?.length && q.cacheKey === undefined);
}

// Counting a large listing costs more than reading its page (an index scan over every match), and
// the total only sizes the pager: each process reuses a count for a few seconds.
const rememberedCount = rememberFor<number>(5_000);
// A listing's page (the home page's news, its featured slider) with its categories and images is read
// by every visitor: each process reuses it for as long as the listing's total.
const rememberedItems = rememberFor<PostSummary[]>(5_000);

type Row = {
  id: number;
  type: string;
  slug: string;
  title: string;
  excerpt: string;
  published_at: string;
  featured_media_id: number | null;
};

/** Adds categories and images to post rows with two queries, whatever the number of rows. */
export async function summarize(db: Db, rows: Row[]): Promise<PostSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [terms, media] = await Promise.all([
    db
      .selectFrom('post_term')
      .innerJoin('term', 'term.id', 'post_term.term_id')
      .select(['post_term.post_id', 'term.name', 'term.slug'])
      .where('post_term.post_id', 'in', ids)
      .where('term.taxonomy', 'in', ['category', 'kategori-galeri'])
      .orderBy('term.name')
      .execute(),
    getMedia(
      db,
      rows.flatMap((r) => (r.featured_media_id ? [r.featured_media_id] : [])),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    slug: r.slug,
    url: postUrl(r.type, r.slug),
    title: r.title,
    excerpt: r.excerpt,
    publishedAt: r.published_at,
    categories: terms.filter((t) => t.post_id === r.id).map((t) => ({ name: t.name, slug: t.slug })),
    image: r.featured_media_id ? (media.get(r.featured_media_id) ?? null) : null,
  }));
}

/** One meta value of a post (`key`), as text and as a number; undefined when the post has none. */
export function postMeta(db: Db, postId: number, key: string) {
  return db
    .selectFrom('post_meta')
    .select(['value_text', 'value_number'])
    .where('post_id', '=', postId)
    .where('meta_key', '=', key)
    .executeTakeFirst();
}
