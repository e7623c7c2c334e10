import type { Db, Dialect } from '~/db';
import { getMedia } from '~/features/media/index.server';
import { postMatches } from '~/features/search/index.server';
import { pageCount } from '~/lib/paging';
import { rememberFor } from '~/lib/remember.server';
import { type PostSummary, postUrl } from './model';

export interface PostQuery {
  types: readonly string[];
  category?: string;
  tag?: string;
  search?: string;
  page: number;
  perPage: number;
  /** Cap on the items the listing may show in all (0: none), spec 001 §2. */
  maxItems?: number;
}

export interface PostPage {
  items: PostSummary[];
  page: number;
  pages: number;
  total: number;
}

/**
 * One page of published posts, newest first. The id breaks ties so that pages never overlap
 * (original-wire.md §9.7: load more repeating posts).
 */
export async function listPosts(db: Db, dialect: Dialect, q: PostQuery): Promise<PostPage> {
  let base = db
    .selectFrom('post')
    .where('post.type', 'in', [...q.types])
    .where('post.status', '=', 'publish');
  for (const [taxonomy, slug] of [
    ['category', q.category],
    ['post_tag', q.tag],
  ] as const) {
    if (slug) {
      base = base.where('post.id', 'in', (eb) =>
        eb
          .selectFrom('post_term')
          .innerJoin('term', 'term.id', 'post_term.term_id')
          .select('post_term.post_id')
          .where('term.taxonomy', '=', taxonomy)
          .where('term.slug', '=', slug),
      );
    }
  }
  if (q.search) {
    const match = postMatches(dialect, q.search);
    if (match) base = base.where(match);
    else return { items: [], page: q.page, pages: 1, total: 0 };
  }
  const total = await rememberedCount(db, JSON.stringify([q.types, q.category, q.tag, q.search]), async () => {
    const row = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return Number(row.total);
  });
  const shown = q.maxItems ? Math.min(Number(total), q.maxItems) : Number(total);
  const pages = pageCount(shown, q.perPage);
  const offset = (q.page - 1) * q.perPage;
  const limit = Math.max(0, Math.min(q.perPage, shown - offset));
  if (limit === 0) return { items: [], page: q.page, pages, total: shown };
  const rows = await base
    .select([
      'post.id',
      'post.type',
      'post.slug',
      'post.title',
      'post.excerpt',
      'post.published_at',
      'post.featured_media_id',
    ])
    .orderBy('post.published_at', 'desc')
    .orderBy('post.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { items: await summarize(db, rows), page: q.page, pages, total: shown };
}

// Counting a large listing costs more than reading its page (an index scan over every match), and
// the total only sizes the pager: each process reuses a count for a few seconds.
const rememberedCount = rememberFor<number>(5_000);

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
