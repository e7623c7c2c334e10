import { sql } from 'kysely';
import type { Db } from '~/db';
import { isUniqueViolation } from '~/db/sql';
import { Forbidden, Invalid } from '~/lib/errors';
import { canModerate } from '~/lib/permissions';
import {
  isValidEmail,
  isValidRatingValue,
  LABELS,
  type RatingField,
  type ReviewComment,
  type ReviewItem,
  ratingPercent,
  type SourceSettings,
  type SubmitReviewCode,
  type TypeField,
} from './model';
import { addToRatingSummary, lockPost, summaryOf } from './rating-meta.server';
import { itemOf, toComment } from './read.server';
import type { RatingInput } from './settings';
import { type Actor, type ReviewSource, userKey } from './sources.server';

/**
 * Writing reviews and comments (calls 10, 11, 14): permission, rating data and the one-review-per-
 * author rule, which the database's unique constraint keeps under concurrency.
 */

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
      created_at: now.toISOString(),
    })
    .returning(['id', 'review_id', 'parent_id', 'post_id', 'user_id', 'author_name', 'content', 'created_at'])
    .executeTakeFirstOrThrow();
  return toComment({ ...row, staff: canModerate(actor.user) });
}
