import { EMAIL_MAX_LENGTH, isValidEmail } from '~/lib/email';

/**
 * Reviews (spec 000 §3-§5, §7 calls 9-15; original-wire.md §4): the wire's shapes and the pure
 * rules both the server and the widget follow. No React, no database here.
 */

/** A rating field of a review type (spec 000 §3 "Review type"). */
export interface TypeField {
  label: string;
  step: number;
  max: number;
}

/** A rated field of one review, as the wire carries it. */
export interface RatingField {
  field_label: string;
  field_value: number;
  field_step: number;
  field_max: number;
}

/** A badge shown beside an author's name (e.g. a signed-in account, school staff). */
export interface Verification {
  slug: string;
  label: string;
  message: string;
}

/** The author of a review or comment. `mail` is never sent in public lists (always ''). */
export interface Author {
  id: string;
  name: string;
  mail: string;
  avatar: string;
}

export interface WireDate {
  /** ISO time */
  raw: string;
  /** e.g. "3 hari yang lalu" */
  human_diff: string;
}

/** A comment or reply (call 11's `data`; `children` are its replies, newest first). */
export interface ReviewComment {
  id: number;
  source: string;
  post_id: number;
  parent_id: number;
  review_id: number;
  author: Author;
  date: WireDate;
  content: string;
  approved: boolean;
  children: ReviewComment[];
  verifications: Verification[];
}

/** The like and dislike state of one voter on one review. */
export interface ApprovalState {
  like: boolean;
  dislike: boolean;
}

/** A review as the list (call 9) and a created review (call 10 `data.item`) carry it. */
export interface ReviewItem {
  id: number;
  source: string;
  post_id: number;
  author: Author;
  date: WireDate;
  title: string;
  content: string;
  type_slug: string;
  rating_data: RatingField[];
  /** percent 0-100 */
  rating: number;
  /** the newest COMMENTS_PER_REVIEW threads (top-level comments with their replies) */
  comments: ReviewComment[];
  /** ours: how many threads the review has; the rest come a page at a time (`get-review-comments`) */
  comments_total: number;
  approved: boolean;
  like: number;
  dislike: number;
  /** the asking user's own vote (signed-in users; guests keep theirs in local storage) */
  approval: ApprovalState;
  pinned: boolean;
  verifications: Verification[];
}

/** Call 9's `data`. */
export interface ReviewsPage {
  list: ReviewItem[];
  /** approved reviews of the source */
  total: number;
  /** average percent of the approved reviews (0 when there are none) */
  rating: number;
}

/** Call 10's codes (original-wire.md §4). */
export type SubmitReviewCode =
  | 'review-created'
  | 'need-approve'
  | 'already-created'
  | 'captcha-failed'
  | 'not-allowed'
  | 'mail-exist';

/** Per-source settings (spec 000 §3 "Source data" plus moderation). */
export interface SourceSettings {
  allowGuests: boolean;
  commentsAllowed: boolean;
  approvalAllowed: boolean;
  needsModeration: boolean;
}

/** spec 000 §3 "User data": what the widget knows of its visitor. */
export interface UserData {
  /** user id as text, or '' for a guest (the guest id lives in local storage) */
  id: string;
  name: string;
  mail: string;
  roles: string[];
  canReview: { allowed: boolean; message: string };
  canComment: { allowed: boolean };
  canRate: boolean;
  /** editors and administrators: approve, pin and delete from the widget */
  canModerate: boolean;
}

/** What the page gives the full reviews widget (server-rendered first page included). */
export interface ReviewsWidgetData {
  source: 'post';
  sourceId: number;
  settings: SourceSettings;
  type: { slug: string; name: string; fields: TypeField[] };
  pageSize: number;
  /** page 0 as the server rendered it (pending reviews included for moderators) */
  first: ReviewsPage;
  /** who the page was rendered for; a cached page is rendered for a guest */
  user: UserData;
  /** the signed-in user's own review already exists (guests: local storage says) */
  reviewed: boolean;
  captcha: { enabled: boolean };
  /** ms since the epoch: a page older than a few seconds came from the page cache; the widget then reloads its page */
  renderedAt: number;
  /** the page of reviews rendered (0-based): the address's `?ulasan=N` less one; absent: page 0 */
  page?: number;
  /** the answer to the new-review form sent without JavaScript (`?ulasan_status=`), if any */
  formStatus?: ReviewFormStatus | null;
}

/** What the page gives the simple review widget (calls 14 and 15; signed-in users only). */
export interface SimpleReviewData {
  postId: number;
  fields: TypeField[];
  /** null: a visitor, who is offered the sign-in page */
  user: { id: number; name: string } | null;
  /** the signed-in user's own review of this post, if any */
  own: ReviewItem | null;
  /** all approved reviews of the post, newest first (at most one page) */
  list: ReviewItem[];
  total: number;
  rating: number;
  /** the answer to a form sent without JavaScript (`?ulasan_status=`), if any */
  formStatus?: ReviewFormStatus | null;
}

/** Reviews per page (call 9 `page_size` default). */
export const REVIEWS_PAGE_SIZE = 10;
/** Comment threads per page of a review (spec 000 §1: 50 comments per page): call 9 carries the first. */
export const COMMENTS_PER_REVIEW = 50;

/** `get-review-comments`' `data` (ours): one page of a review's comment threads, newest first. */
export interface CommentsPage {
  list: ReviewComment[];
  /** the review's threads */
  total: number;
  /** 0-based, as call 9's `page` */
  page: number;
  page_size: number;
}
/** Pages skipped by the fast-jump buttons (spec 000 §9). */
export const PAGE_JUMP = 5;
/** Field limits the server enforces (over-long input is a 400, nothing stored). */
export const LIMITS = { title: 200, content: 5000, name: 100, mail: EMAIL_MAX_LENGTH, comment: 2000 } as const;

/** The spec's labels (spec 000 §8), exactly. */
export const LABELS = {
  alreadyReviewed: '*Already reviewed',
  needApprove: '*Your review must be approved by the moderator',
  invalidField: '*This field is required or not valid',
  captchaFailed: '*Captcha validation failed',
} as const;

/** Guest data in local storage (original-wire.md §4: key `jetReviewsData`). */
export const GUEST_STORAGE_KEY = 'jetReviewsData';
/** A guest id: `guest_` and letters or digits (spec 000 §6). */
export const GUEST_ID_PATTERN = /^guest_[A-Za-z0-9]{6,40}$/;

export type RatingClass = 'very-high' | 'high' | 'medium' | 'low' | 'very-low';

/** Colour class of a rating in percent (spec 000 §5: 80-100 very high … 0-21 very low). */
export function ratingClass(percent: number): RatingClass {
  if (percent >= 80) return 'very-high';
  if (percent >= 60) return 'high';
  if (percent >= 40) return 'medium';
  if (percent >= 22) return 'low';
  return 'very-low';
}

/** Width of a rating bar in percent: never below 10 so that a low rating still shows (spec 000 §5). */
export function barWidth(percent: number): number {
  return Math.min(100, Math.max(10, percent));
}

/** The one e-mail check (spec 000 §5), shared with the other forms. */
export { isValidEmail };

/**
 * The comment a reply hangs under (spec 000 §4): the comment itself when it is at depth 0,
 * otherwise that comment's own parent (replies are at most two levels deep).
 */
export function replyParentId(comment: { id: number; parent_id: number }, depth: number): number {
  return depth === 0 ? comment.id : comment.parent_id;
}

/** A review's rating: the rounded mean over its fields of 100 × value / max (original-wire.md §4). */
export function ratingPercent(fields: ReadonlyArray<Pick<RatingField, 'field_value' | 'field_max'>>): number {
  if (fields.length === 0) return 0;
  const sum = fields.reduce((s, f) => s + (100 * f.field_value) / f.field_max, 0);
  return Math.round(sum / fields.length);
}

/** Whether a value is allowed for a field: within 0..max (at least one step) and on the step grid. */
export function isValidRatingValue(value: number, field: Pick<TypeField, 'step' | 'max'>): boolean {
  if (!Number.isFinite(value) || value < field.step || value > field.max) return false;
  const steps = value / field.step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/**
 * The like/dislike state machine of call 12 (original-wire.md §4): the first vote counts, the
 * other kind moves the vote, the same kind again takes it back.
 */
export function nextApproval(current: ApprovalState, type: 'like' | 'dislike'): ApprovalState {
  if (current[type]) return { like: false, dislike: false };
  return type === 'like' ? { like: true, dislike: false } : { like: false, dislike: true };
}

/** Review form validity (spec 000 §5): title and content; a guest also a name and a valid e-mail. */
export function isReviewFormValid(form: {
  title: string;
  content: string;
  guest: boolean;
  name: string;
  mail: string;
}): boolean {
  if (form.title.trim() === '' || form.content.trim() === '') return false;
  return !form.guest || (form.name.trim() !== '' && isValidEmail(form.mail.trim()));
}

/** Comment and reply form validity (spec 000 §5). */
export function isCommentFormValid(form: { content: string; guest: boolean; name: string; mail: string }): boolean {
  if (form.content.trim() === '') return false;
  return !form.guest || (form.name.trim() !== '' && isValidEmail(form.mail.trim()));
}

/** The answers of the review forms sent without JavaScript (a new review, removing one's own), as `?ulasan_status=` names them. */
export const REVIEW_FORM_STATUSES = [
  'review-created',
  'review-removed',
  'not-signed-in',
  'need-approve',
  'already-created',
  'invalid',
  'captcha-failed',
  'mail-exist',
  'rate-limited',
] as const;
export type ReviewFormStatus = (typeof REVIEW_FORM_STATUSES)[number];

/** A `?ulasan_status=` value, or null when it names no known answer. */
export function reviewFormStatusOf(value: string | null): ReviewFormStatus | null {
  return (REVIEW_FORM_STATUSES as readonly string[]).includes(value ?? '') ? (value as ReviewFormStatus) : null;
}

/** The message shown for an answer of the no-JavaScript form: the spec's labels where it has them. */
export const REVIEW_FORM_MESSAGES: Record<ReviewFormStatus, string> = {
  'review-created': 'Terima kasih, ulasan Anda sudah tampil.',
  'review-removed': 'Ulasan Anda telah dihapus.',
  'not-signed-in': 'Silakan masuk terlebih dahulu.',
  'need-approve': LABELS.needApprove,
  'already-created': LABELS.alreadyReviewed,
  invalid: LABELS.invalidField,
  'captcha-failed': LABELS.captchaFailed,
  'mail-exist': 'E-mail ini milik akun terdaftar. Silakan masuk untuk menulis ulasan.',
  'rate-limited': 'Terlalu banyak permintaan dalam waktu singkat. Coba lagi beberapa menit lagi.',
};

/** The 0-based page of reviews an address's `?ulasan=N` (1-based) names; anything else is page 0. */
export function reviewsPageOf(value: string | null): number {
  return value !== null && /^[1-9]\d{0,5}$/.test(value) ? Number(value) - 1 : 0;
}
