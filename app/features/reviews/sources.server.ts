import type { Db } from '~/db';
import type { SessionUser } from '~/lib/user';
import { GUEST_ID_PATTERN, type SourceSettings, type TypeField, type Verification } from './model';
import { parseTypeFields } from './settings';

/**
 * Review sources (spec 000 §3): which posts take reviews, with their type and settings, and who the
 * actor of a call is (a signed-in user or a named guest).
 */

/** A post that takes reviews, with its post type's settings and review type. */
export interface ReviewSource {
  postId: number;
  postType: string;
  widget: 'full' | 'simple';
  settings: SourceSettings;
  /** whether this source asks for the captcha on its own (staff settings; the site option asks everywhere) */
  captcha: boolean;
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
      'review_source.captcha',
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
    captcha: row.captcha === 1,
    type: { id: row.type_id, slug: row.type_slug, name: row.type_name, fields: parseTypeFields(row.type_fields) },
    summary:
      row.approved_count === null || row.rating_sum === null
        ? null
        : { count: row.approved_count, sum: row.rating_sum },
  };
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
