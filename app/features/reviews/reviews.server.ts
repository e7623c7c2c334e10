import { sql } from 'kysely';
import type { Db } from '~/db';
import { serialized } from '~/db/serialized.server';
import { canModerate, type SessionUser, STAFF_ROLES } from '~/features/accounts';
import { Forbidden, Invalid, NotFound } from '~/lib/errors';
import { humanDiff } from './human-diff';
import {
  type ApprovalState,
  GUEST_ID_PATTERN,
  isValidEmail,
  isValidRatingValue,
  LABELS,
  nextApproval,
  type RatingField,
  type ReviewComment,
  type ReviewItem,
  type ReviewsPage,
  ratingPercent,
  type SourceSettings,
  type SubmitReviewCode,
  type TypeField,
  type Verification,
} from './model';
import { addToRatingSummary, approvedSummary, lockPost, summaryOf, updateRatingSummary } from './rating-meta.server';
import { parseTypeFields, type RatingInput } from './settings';

/**
 * Reviews on the server (spec 000 §3-§7 calls 9-15, original-wire.md §4): sources, the public list,
 * new reviews, comments, votes, moderation and the average kept in the post's `rating` meta.
 * Every rule that must hold under concurrency is the database's: one review per author and post
 * (unique constraint), one vote per voter (primary key), counts computed from the votes.
 */

/** A post that takes reviews, with its post type's settings and review type. */
export interface ReviewSource {
  postId: number;
  postType: string;
  widget: 'full' | 'simple';
  settings: SourceSettings;
  type: { id: number; slug: string; name: string; fields: TypeField[] };
  /** `review_summary` as read with the source (null: never summarised); the list's total and average */
  summary: { count: number; sum: number } | null;
}

/** Who reads or writes: a signed-in user, or a guest known by the id kept in local storage. */
export interface Actor {
  user: SessionUser | null;
  /** `guest_…` (only for visitors) */
  guestId: string | null;
}

/** The author key of a signed-in user's reviews, comments and votes (guests' is their `guest_…` id). */
export function userKey(userId: number): string {
  return `user:${userId}`;
}

/** The key one author's review and one voter's vote are stored under. */
export function actorKey(actor: Actor): string | null {
  if (actor.user) return userKey(actor.user.id);
  return actor.guestId;
}

/** The guest id of a visitor's payload, or null when it is missing or not `guest_…`. */
export function guestIdOf(value: unknown): string | null {
  return typeof value === 'string' && GUEST_ID_PATTERN.test(value) ? value : null;
}

const STAFF: Verification = { slug: 'staff', label: 'Staf sekolah', message: 'Ditulis oleh staf sekolah' };
const VERIFIED: Verification = {
  slug: 'verified',
  label: 'Akun terverifikasi',
  message: 'Ditulis oleh pengguna yang masuk dengan akun sekolah',
};

/** The badges of an author, from the roles the account has at read time (guests have none). */
export function verificationsOf(userId: number | null, staff: boolean): Verification[] {
  if (userId === null) return [];
  return staff ? [STAFF] : [VERIFIED];
}

// -- sources ----------------------------------------------------------------------------------

/** The review source of a published post, or null when its post type takes no reviews. */
export async function findSource(db: Db, postId: number): Promise<ReviewSource | null> {
  if (!Number.isSafeInteger(postId) || postId <= 0) return null;
  const row = await db
    .selectFrom('post')
    .innerJoin('review_source', 'review_source.post_type', 'post.type')
    .innerJoin('review_type', 'review_type.id', 'review_source.review_type_id')
    .leftJoin('review_summary', 'review_summary.post_id', 'post.id')
    .select([
      'review_summary.approved_count',
      'review_summary.rating_sum',
      'post.id as post_id',
      'post.type as post_type',
      'review_source.widget',
      'review_source.allow_guests',
      'review_source.comments_allowed',
      'review_source.approval_allowed',
      'review_source.needs_moderation',
      'review_type.id as type_id',
      'review_type.slug as type_slug',
      'review_type.name as type_name',
      'review_type.fields as type_fields',
    ])
    .where('post.id', '=', postId)
    .where('post.status', '=', 'publish')
    .executeTakeFirst();
  if (!row) return null;
  return {
    postId: row.post_id,
    postType: row.post_type,
    widget: row.widget === 'simple' ? 'simple' : 'full',
    settings: {
      allowGuests: row.allow_guests === 1,
      commentsAllowed: row.comments_allowed === 1,
      approvalAllowed: row.approval_allowed === 1,
      needsModeration: row.needs_moderation === 1,
    },
    type: { id: row.type_id, slug: row.type_slug, name: row.type_name, fields: parseTypeFields(row.type_fields) },
    summary:
      row.approved_count === null || row.rating_sum === null
        ? null
        : { count: row.approved_count, sum: row.rating_sum },
  };
}

// -- reading ----------------------------------------------------------------------------------

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
  const roles = sql.join([...STAFF_ROLES]);
  return sql<unknown>`exists (select 1 from user_role r where r.user_id = ${sql.ref(userColumn)} and r.role in (${roles}))`.as(
    'staff',
  );
}

/** A boolean from either database (SQLite answers 0/1, PostgreSQL true/false). */
const truthy = (v: unknown) => v === true || v === 1 || v === '1';

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
  if (!moderator) ids = ids.where('approved', '=', 1);
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
          .executeTakeFirstOrThrow()
      : null,
  ]);
  return {
    list: await decorate(db, rows, source),
    total: all ? Number(all.n) : summary.total,
    rating: summary.rating,
  };
}

/** The list items of some review rows, with their comments. */
async function decorate(db: Db, rows: ReviewRow[], source: ReviewSource): Promise<ReviewItem[]> {
  if (rows.length === 0) return [];
  const comments = await db
    .selectFrom('review_comment as c')
    .select([
      'c.id',
      'c.review_id',
      'c.parent_id',
      'c.post_id',
      'c.user_id',
      'c.author_name',
      'c.content',
      'c.approved',
      'c.created_at',
    ])
    .select(staffAuthor('c.user_id'))
    .where(
      'c.review_id',
      'in',
      rows.map((r) => r.id),
    )
    .where('c.approved', '=', 1)
    .orderBy('c.id', 'desc')
    .execute();
  const trees = commentTrees(comments);
  const now = Date.now();
  return rows.map((r) =>
    itemOf(
      { ...r, rating_data: parseRatingData(r.rating_data), staff: truthy(r.staff) },
      source,
      trees.get(r.id) ?? [],
      now,
    ),
  );
}

/** A review row (its rating data parsed, its vote figures counted) as the wire carries it. */
function itemOf(
  r: Omit<ReviewRow, 'rating_data' | 'staff'> & { rating_data: RatingField[]; staff: boolean },
  source: ReviewSource,
  comments: ReviewComment[],
  now: number,
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
    approved: r.approved === 1,
    like: Number(r.likes ?? 0),
    dislike: Number(r.dislikes ?? 0),
    approval: { like: Number(r.own_vote) === 1, dislike: Number(r.own_vote) === -1 },
    pinned: r.pinned === 1,
    verifications: verificationsOf(r.user_id, r.staff),
  };
}

/** Likes and dislikes of one review, counted from the votes. */
async function voteCounts(db: Db, reviewId: number): Promise<{ like: number; dislike: number }> {
  const row = await db
    .selectFrom('review_vote')
    .select((eb) => [
      eb.fn.sum<number>(sql`case when vote = 1 then 1 else 0 end`).as('likes'),
      eb.fn.sum<number>(sql`case when vote = -1 then 1 else 0 end`).as('dislikes'),
    ])
    .where('review_id', '=', reviewId)
    .executeTakeFirstOrThrow();
  return { like: Number(row.likes ?? 0), dislike: Number(row.dislikes ?? 0) };
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
  approved: number;
  created_at: string;
  staff: unknown;
}

function toComment(c: CommentRow, now = Date.now()): ReviewComment {
  return {
    id: c.id,
    source: 'post',
    post_id: c.post_id,
    parent_id: c.parent_id ?? 0,
    review_id: c.review_id,
    author: { id: c.user_id === null ? '0' : String(c.user_id), name: c.author_name, mail: '', avatar: '' },
    date: { raw: c.created_at, human_diff: humanDiff(c.created_at, now) },
    content: c.content,
    approved: c.approved === 1,
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

// -- writing ----------------------------------------------------------------------------------

/** Whether an error is a violated unique or primary key constraint (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The rated fields of a review: exactly the type's fields, each value within max and on the step grid. */
export function checkRatingData(fields: TypeField[], given: RatingInput[]): RatingField[] {
  if (given.length !== fields.length) {
    throw new Invalid(
      `rating_data: ${fields.length} rated field${fields.length === 1 ? '' : 's'} expected (${fields.map((f) => f.label).join(', ')})`,
    );
  }
  const byLabel = new Map(given.map((g, i) => [g.field_label ?? fields[i]?.label ?? '', g]));
  if (byLabel.size !== given.length) throw new Invalid('rating_data: a field is rated twice');
  return fields.map((field) => {
    const g = byLabel.get(field.label);
    if (!g) throw new Invalid(`rating_data: the field ${field.label} is not rated`);
    if (!isValidRatingValue(g.field_value, field)) {
      throw new Invalid(
        `rating_data: ${field.label} must be between ${field.step} and ${field.max} in steps of ${field.step}`,
      );
    }
    return { field_label: field.label, field_value: g.field_value, field_step: field.step, field_max: field.max };
  });
}

/** Who writes, with the name and e-mail stored with the text: from the session, or the guest's payload. */
interface Author {
  key: string;
  userId: number | null;
  name: string;
  mail: string;
}

/** What is done on a source: each has its own switch, and guests only where the source takes guests. */
type Act = 'review' | 'comment' | 'vote';
const CLOSED: Record<Act, { open: (s: SourceSettings) => boolean; closed: string; guests: string }> = {
  review: { open: () => true, closed: '', guests: 'Silakan masuk untuk menulis ulasan.' },
  comment: {
    open: (s) => s.commentsAllowed,
    closed: 'Komentar tidak dibuka untuk ulasan ini.',
    guests: 'Silakan masuk untuk menulis komentar.',
  },
  vote: {
    open: (s) => s.approvalAllowed,
    closed: 'Penilaian ulasan tidak dibuka di sini.',
    guests: 'Silakan masuk untuk menilai ulasan.',
  },
};

/** Throws 403 when the source does not take this act, or not from a guest (spec 000 §6, enforced here). */
export function assertMay(actor: Actor, source: ReviewSource, act: Act): void {
  const rule = CLOSED[act];
  if (!rule.open(source.settings)) throw new Forbidden(rule.closed, 'rest_forbidden');
  if (!actor.user && !source.settings.allowGuests) throw new Forbidden(rule.guests, 'rest_forbidden');
}

/**
 * The author of a review or comment. Signed-in users are who their session says; a guest needs a
 * `guest_…` id, a name and a valid e-mail.
 */
function authorOf(actor: Actor, payload: { author_name: string; author_mail: string }): Author {
  if (actor.user)
    return { key: userKey(actor.user.id), userId: actor.user.id, name: actor.user.name, mail: actor.user.email };
  if (!actor.guestId) throw new Invalid('author_id: a guest id (guest_…) is required');
  if (payload.author_name === '') throw new Invalid('author_name: is required');
  if (!isValidEmail(payload.author_mail)) throw new Invalid('author_mail: is not a valid e-mail address');
  return { key: actor.guestId, userId: null, name: payload.author_name, mail: payload.author_mail };
}

export interface SubmitReviewResult {
  success: boolean;
  code: SubmitReviewCode;
  message: string;
  data: { item: ReviewItem; rating: number; total: number } | Record<string, never>;
}

/**
 * Call 10: stores one review per author and source. Moderation on the source stores it unapproved
 * (moderators' own reviews excepted). A second review, even sent at the same moment, answers
 * `already-created`: the unique constraint decides, not a read before the write.
 */
export async function createReview(
  db: Db,
  source: ReviewSource,
  actor: Actor,
  input: { title: string; content: string; author_name: string; author_mail: string; rating_data: RatingInput[] },
  now = new Date(),
): Promise<SubmitReviewResult> {
  assertMay(actor, source, 'review');
  const author = authorOf(actor, input);
  const ratingData = checkRatingData(source.type.fields, input.rating_data);
  if (!actor.user && (await mailBelongsToUser(db, author.mail))) {
    return {
      success: false,
      code: 'mail-exist',
      message: 'E-mail ini milik akun terdaftar. Silakan masuk untuk menulis ulasan.',
      data: {},
    };
  }
  // One review per author and post: the unique constraint decides, also for requests sent at once.
  const already = { success: false, code: 'already-created', message: LABELS.alreadyReviewed, data: {} } as const;
  const approved = !source.settings.needsModeration || canModerate(actor.user);
  const rating = ratingPercent(ratingData);
  const createdAt = now.toISOString();
  let created: { id: number; summary: { count: number; sum: number } | null };
  try {
    created = await db.transaction().execute(async (trx) => {
      await lockPost(trx, source.postId);
      const row = await trx
        .insertInto('review')
        .values({
          source: 'post',
          post_id: source.postId,
          author_key: author.key,
          user_id: author.userId,
          author_name: author.name,
          author_mail: author.mail,
          title: input.title,
          content: input.content,
          rating_data: JSON.stringify(ratingData),
          rating,
          approved: approved ? 1 : 0,
          pinned: 0,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, summary: approved ? await addToRatingSummary(trx, source.postId, rating) : null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return already;
    throw error;
  }
  if (!created.summary) return { success: true, code: 'need-approve', message: LABELS.needApprove, data: {} };
  // The new review as the list will show it: no comments or votes yet.
  const item = itemOf(
    {
      id: created.id,
      source: 'post',
      post_id: source.postId,
      user_id: author.userId,
      author_name: author.name,
      title: input.title,
      content: input.content,
      rating_data: ratingData,
      rating,
      approved: 1,
      pinned: 0,
      created_at: createdAt,
      likes: 0,
      dislikes: 0,
      own_vote: null,
      staff: canModerate(actor.user),
    },
    source,
    [],
    now.getTime(),
  );
  const summary = summaryOf(created.summary);
  return {
    success: true,
    code: 'review-created',
    // The original answers its "already reviewed" label: the form then shows it in place of itself.
    message: LABELS.alreadyReviewed,
    data: { item, rating: summary.rating, total: summary.total },
  };
}

async function mailBelongsToUser(db: Db, mail: string): Promise<boolean> {
  const row = await db
    .selectFrom('app_user')
    .select('id')
    .where(sql<string>`lower(email)`, '=', mail.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** A review with its source (null when either is gone). */
export async function findReview(
  db: Db,
  reviewId: number,
): Promise<{ review: { id: number; post_id: number; approved: number }; source: ReviewSource } | null> {
  const review = await db
    .selectFrom('review')
    .select(['id', 'post_id', 'approved'])
    .where('id', '=', reviewId)
    .executeTakeFirst();
  if (!review) return null;
  const source = await findSource(db, review.post_id);
  return source ? { review, source } : null;
}

/**
 * Call 11: a comment on a review (parent 0) or a reply. The parent must belong to the same review;
 * a reply to a reply hangs under that reply's parent, so threads are at most two levels deep.
 */
export async function createComment(
  db: Db,
  source: ReviewSource,
  actor: Actor,
  input: { review_id: number; parent_id: number; content: string; author_name: string; author_mail: string },
  now = new Date(),
): Promise<ReviewComment> {
  assertMay(actor, source, 'comment');
  const author = authorOf(actor, input);
  const review = await db
    .selectFrom('review')
    .select(['id', 'approved'])
    .where('id', '=', input.review_id)
    .where('post_id', '=', source.postId)
    .executeTakeFirst();
  if (!review || (review.approved !== 1 && !canModerate(actor.user))) {
    throw new Invalid('review_id: no such review on this source');
  }
  let parentId: number | null = null;
  if (input.parent_id > 0) {
    const parent = await db
      .selectFrom('review_comment')
      .select(['id', 'parent_id'])
      .where('id', '=', input.parent_id)
      .where('review_id', '=', review.id)
      .where('approved', '=', 1)
      .executeTakeFirst();
    if (!parent) throw new Invalid('parent_id: no such comment on this review');
    parentId = parent.parent_id ?? parent.id;
  }
  const row = await db
    .insertInto('review_comment')
    .values({
      review_id: review.id,
      parent_id: parentId,
      post_id: source.postId,
      author_key: author.key,
      user_id: author.userId,
      author_name: author.name,
      author_mail: author.mail,
      content: input.content,
      approved: 1,
      created_at: now.toISOString(),
    })
    .returning([
      'id',
      'review_id',
      'parent_id',
      'post_id',
      'user_id',
      'author_name',
      'content',
      'approved',
      'created_at',
    ])
    .executeTakeFirstOrThrow();
  return toComment({ ...row, staff: canModerate(actor.user) });
}

export interface ApprovalResult {
  like: number;
  dislike: number;
  approval: ApprovalState;
}

/**
 * Call 12: toggles the voter's stored vote by the state machine (the client's `current_state` is not
 * trusted). One voter's toggles of one review run one at a time in every process (`serialized`), so
 * a burst of them always answers and ends in the state their number gives; counts are then read from
 * the votes, so many voters at once on one review always add up, without locking the review.
 */
export async function toggleVote(
  db: Db,
  reviewId: number,
  voter: string,
  type: 'like' | 'dislike',
): Promise<ApprovalResult> {
  const state = await serialized(db, `review-vote:${reviewId}:${voter}`, async (trx) => {
    const mine = trx.selectFrom('review_vote').where('review_id', '=', reviewId).where('voter_key', '=', voter);
    const stored = await mine.select('vote').executeTakeFirst();
    const next = nextApproval({ like: stored?.vote === 1, dislike: stored?.vote === -1 }, type);
    const vote = next.like ? 1 : next.dislike ? -1 : 0;
    if (vote === 0) {
      await trx.deleteFrom('review_vote').where('review_id', '=', reviewId).where('voter_key', '=', voter).execute();
    } else {
      await trx
        .insertInto('review_vote')
        .values({ review_id: reviewId, voter_key: voter, vote })
        .onConflict((oc) => oc.columns(['review_id', 'voter_key']).doUpdateSet({ vote }))
        .execute();
    }
    return next;
  });
  const counts = await voteCounts(db, reviewId);
  return { ...counts, approval: state };
}

/** The moderation route's answer: the review after the change (null once deleted) and the public figures. */
export interface ModerationResult {
  item: ReviewItem | null;
  rating: number;
  total: number;
}

/** Approves, unapproves, pins, unpins or deletes a review; the rating meta follows in the same transaction. */
export async function moderateReview(
  db: Db,
  reviewId: number,
  operation: 'approve' | 'unapprove' | 'pin' | 'unpin' | 'delete',
  actor: Actor,
): Promise<ModerationResult> {
  const found = await findReview(db, reviewId);
  if (!found) throw new Invalid('review_id: no such review');
  const { source } = found;
  await db.transaction().execute(async (trx) => {
    await lockPost(trx, source.postId);
    if (operation === 'delete') await trx.deleteFrom('review').where('id', '=', reviewId).execute();
    else {
      const set =
        operation === 'approve'
          ? { approved: 1 }
          : operation === 'unapprove'
            ? { approved: 0 }
            : { pinned: operation === 'pin' ? 1 : 0 };
      await trx.updateTable('review').set(set).where('id', '=', reviewId).execute();
    }
    if (operation === 'approve' || operation === 'unapprove' || operation === 'delete') {
      await updateRatingSummary(trx, source.postId);
    }
  });
  const [item, summary] = await Promise.all([
    operation === 'delete' ? null : reviewItem(db, reviewId, source, actor),
    approvedSummary(db, source.postId),
  ]);
  return { item, ...summary };
}

/** Deletes the review `userId` wrote of a post (call 15); the rating meta follows. */
export async function removeUserReview(db: Db, postId: number, userId: number): Promise<void> {
  const deleted = await db.transaction().execute(async (trx) => {
    await lockPost(trx, postId);
    const result = await trx
      .deleteFrom('review')
      .where('post_id', '=', postId)
      .where('author_key', '=', userKey(userId))
      .executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) await updateRatingSummary(trx, postId);
    return Number(result.numDeletedRows);
  });
  if (deleted === 0) throw new NotFound('Ulasan tidak ditemukan.', 'review_not_found');
}
