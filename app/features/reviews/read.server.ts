import { sql } from 'kysely';
import type { Db } from '~/db';
import { truthy } from '~/db/sql';
import { canModerate, rolesWith } from '~/lib/permissions';
import { humanDiff } from './human-diff';
import {
  COMMENTS_PER_REVIEW,
  type CommentsPage,
  type RatingField,
  type ReviewComment,
  type ReviewItem,
  type ReviewsPage,
} from './model';
import { approvedSummary, summaryOf } from './rating-meta.server';
import { type Actor, actorKey, type ReviewSource, verificationsOf } from './sources.server';

/** Reading reviews (call 9): the public list with its comments, votes and badges. */

const REVIEW_COLUMNS = [
  'review.id',
  'review.source',
  'review.post_id',
  'review.user_id',
  'review.author_name',
  'review.title',
  'review.content',
  'review.rating_data',
  'review.rating',
  'review.approved',
  'review.pinned',
  'review.created_at',
] as const;

/**
 * Reviews with what the list shows of each, in one statement: the vote counts (counted from the
 * votes, never a stored counter that could drift), the reader's own vote and whether the author is
 * staff now. Few round trips matter on PostgreSQL, where each costs more than these lookups.
 */
function reviewRows(db: Db, voter: string | null) {
  return db
    .selectFrom('review')
    .select(REVIEW_COLUMNS)
    .select((eb) => [
      eb
        .selectFrom('review_vote as v')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('v.review_id', '=', 'review.id')
        .where('v.vote', '=', 1)
        .as('likes'),
      eb
        .selectFrom('review_vote as v')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('v.review_id', '=', 'review.id')
        .where('v.vote', '=', -1)
        .as('dislikes'),
      voter === null
        ? sql<number | null>`null`.as('own_vote')
        : eb
            .selectFrom('review_vote as o')
            .select('o.vote')
            .whereRef('o.review_id', '=', 'review.id')
            .where('o.voter_key', '=', voter)
            .as('own_vote'),
      staffAuthor('review.user_id'),
    ]);
}
type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewRows>['execute']>>[number];

/** `staff`: whether the author (a user id column) is staff now (badges follow roles at read time). */
function staffAuthor(userColumn: 'review.user_id' | 'c.user_id') {
  const roles = sql.join(rolesWith('reviews'));
  return sql<unknown>`exists (select 1 from user_role r where r.user_id = ${sql.ref(userColumn)} and r.role in (${roles}))`.as(
    'staff',
  );
}

/**
 * One page of a source's reviews (call 9): pinned first, then newest, id breaking ties. The public
 * sees approved reviews only; moderators also the pending ones (and `total` counts those too, so that
 * their pages reach every review). `rating` is always the approved reviews' average.
 */
export async function listReviews(
  db: Db,
  source: ReviewSource,
  { page, pageSize, actor }: { page: number; pageSize: number; actor: Actor },
): Promise<ReviewsPage> {
  const moderator = canModerate(actor.user);
  // The page's ids come from the index alone (deep pages walk the offset there); only ten rows are read.
  let ids = db.selectFrom('review').select('id').where('post_id', '=', source.postId);
  // Moderators also see the pending ones; rejected reviews (the staff queue) nobody sees here.
  ids = moderator ? ids.where('rejected', '=', 0) : ids.where('approved', '=', 1);
  const [rows, summary, all] = await Promise.all([
    reviewRows(db, actorKey(actor))
      .where(
        'review.id',
        'in',
        ids
          .orderBy('pinned', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset(page * pageSize),
      )
      .orderBy('review.pinned', 'desc')
      .orderBy('review.created_at', 'desc')
      .orderBy('review.id', 'desc')
      .execute(),
    source.summary ? summaryOf(source.summary) : approvedSummary(db, source.postId),
    moderator
      ? db
          .selectFrom('review')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('post_id', '=', source.postId)
          .where('rejected', '=', 0)
          .executeTakeFirstOrThrow()
      : null,
  ]);
  return {
    list: await decorate(db, rows, source),
    total: all ? Number(all.n) : summary.total,
    rating: summary.rating,
  };
}

/** The list items of some review rows, with their first page of comments. */
async function decorate(db: Db, rows: ReviewRow[], source: ReviewSource): Promise<ReviewItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // The newest COMMENTS_PER_REVIEW threads of each review, each with its replies (spec 000 §1).
  const [threads, counts] = await Promise.all([
    db
      .selectFrom(
        db
          .selectFrom('review_comment as t')
          .select(['t.id', sql<number>`row_number() over (partition by t.review_id order by t.id desc)`.as('rank')])
          .where('t.review_id', 'in', ids)
          .where('t.parent_id', 'is', null)
          .as('threads'),
      )
      .select('threads.id')
      .where('threads.rank', '<=', COMMENTS_PER_REVIEW)
      .execute(),
    threadCounts(db, ids),
  ]);
  const comments = await commentRows(
    db,
    ids,
    threads.map((t) => t.id),
  );
  const trees = commentTrees(comments);
  const now = Date.now();
  return rows.map((r) =>
    itemOf(
      { ...r, rating_data: parseRatingData(r.rating_data), staff: truthy(r.staff) },
      source,
      trees.get(r.id) ?? [],
      now,
      counts.get(r.id) ?? 0,
    ),
  );
}

/** The comments of some reviews in the given threads (top-level ids), newest first. */
async function commentRows(db: Db, reviewIds: number[], threadIds: number[]): Promise<CommentRow[]> {
  if (threadIds.length === 0) return [];
  return db
    .selectFrom('review_comment as c')
    .select([
      'c.id',
      'c.review_id',
      'c.parent_id',
      'c.post_id',
      'c.user_id',
      'c.author_name',
      'c.content',
      'c.created_at',
    ])
    .select(staffAuthor('c.user_id'))
    .where('c.review_id', 'in', reviewIds)
    .where((eb) => eb(eb.fn.coalesce('c.parent_id', 'c.id'), 'in', threadIds))
    .orderBy('c.id', 'desc')
    .execute();
}

/** How many comment threads each review has. */
async function threadCounts(db: Db, reviewIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('review_comment')
    .select((eb) => ['review_id', eb.fn.countAll<number>().as('n')])
    .where('review_id', 'in', reviewIds)
    .where('parent_id', 'is', null)
    .groupBy('review_id')
    .execute();
  return new Map(rows.map((r) => [r.review_id, Number(r.n)]));
}

/**
 * One page (0-based) of a review's comment threads, newest first, each with its replies: page 0 is
 * what call 9 carries; past the last page the list is empty.
 */
export async function listComments(db: Db, reviewId: number, page: number): Promise<CommentsPage> {
  const [threads, counts] = await Promise.all([
    db
      .selectFrom('review_comment')
      .select('id')
      .where('review_id', '=', reviewId)
      .where('parent_id', 'is', null)
      .orderBy('id', 'desc')
      .limit(COMMENTS_PER_REVIEW)
      .offset(page * COMMENTS_PER_REVIEW)
      .execute(),
    threadCounts(db, [reviewId]),
  ]);
  const comments = await commentRows(
    db,
    [reviewId],
    threads.map((t) => t.id),
  );
  return {
    list: commentTrees(comments).get(reviewId) ?? [],
    total: counts.get(reviewId) ?? 0,
    page,
    page_size: COMMENTS_PER_REVIEW,
  };
}

/** A review row (its rating data parsed, its vote figures counted) as the wire carries it. */
export function itemOf(
  r: Omit<ReviewRow, 'rating_data' | 'staff'> & { rating_data: RatingField[]; staff: boolean },
  source: ReviewSource,
  comments: ReviewComment[],
  now: number,
  commentsTotal = comments.length,
): ReviewItem {
  return {
    id: r.id,
    source: r.source,
    post_id: r.post_id,
    author: { id: r.user_id === null ? '0' : String(r.user_id), name: r.author_name, mail: '', avatar: '' },
    date: { raw: r.created_at, human_diff: humanDiff(r.created_at, now) },
    title: r.title,
    content: r.content,
    type_slug: source.type.slug,
    rating_data: r.rating_data,
    rating: r.rating,
    comments,
    comments_total: commentsTotal,
    approved: r.approved === 1,
    like: Number(r.likes ?? 0),
    dislike: Number(r.dislikes ?? 0),
    approval: { like: Number(r.own_vote) === 1, dislike: Number(r.own_vote) === -1 },
    pinned: r.pinned === 1,
    verifications: verificationsOf(r.user_id, r.staff),
  };
}

function parseRatingData(json: string): RatingField[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as RatingField[]) : [];
  } catch {
    return [];
  }
}

interface CommentRow {
  id: number;
  review_id: number;
  parent_id: number | null;
  post_id: number;
  user_id: number | null;
  author_name: string;
  content: string;
  created_at: string;
  staff: unknown;
}

export function toComment(c: CommentRow, now = Date.now()): ReviewComment {
  return {
    id: c.id,
    source: 'post',
    post_id: c.post_id,
    parent_id: c.parent_id ?? 0,
    review_id: c.review_id,
    author: { id: c.user_id === null ? '0' : String(c.user_id), name: c.author_name, mail: '', avatar: '' },
    date: { raw: c.created_at, human_diff: humanDiff(c.created_at, now) },
    content: c.content,
    // Comments are published as written (migration 0023).
    approved: true,
    children: [],
    verifications: verificationsOf(c.user_id, truthy(c.staff)),
  };
}

/**
 * Comments per review as trees, newest first at each level. Replies are stored under a top-level
 * comment (the server hangs a reply to a reply under its parent), so two levels are built.
 */
function commentTrees(rows: CommentRow[]): Map<number, ReviewComment[]> {
  const now = Date.now();
  const byId = new Map<number, ReviewComment>();
  for (const row of rows) byId.set(row.id, toComment(row, now));
  const trees = new Map<number, ReviewComment[]>();
  // Rows come newest first; pushing in that order keeps every level newest first.
  for (const row of rows) {
    const comment = byId.get(row.id) as ReviewComment;
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    if (parent) parent.children.push(comment);
    else if (row.parent_id === null) {
      const list = trees.get(row.review_id) ?? [];
      list.push(comment);
      trees.set(row.review_id, list);
    }
  }
  return trees;
}

/** One review as the list shows it to `actor` (null when it does not exist). */
export async function reviewItem(
  db: Db,
  reviewId: number,
  source: ReviewSource,
  actor: Actor,
): Promise<ReviewItem | null> {
  const rows = await reviewRows(db, actorKey(actor)).where('review.id', '=', reviewId).execute();
  const [item] = await decorate(db, rows, source);
  return item ?? null;
}
