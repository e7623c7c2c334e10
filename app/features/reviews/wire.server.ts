import type { Db } from '~/db';
import { canModerate } from '~/features/accounts';
import { AppError, Forbidden, Invalid } from '~/lib/errors';
import { clientAddress, type RateRule, takeHit } from '~/lib/rate-limit.server';
import { defineAction, defineRestRoute, type WireContext } from '~/wire/registry.server';
import { captchaEnabled, newChallenge, verifyCaptcha } from './captcha.server';
import { LABELS, REVIEWS_PAGE_SIZE } from './model';
import {
  type Actor,
  actorKey,
  assertMay,
  createComment,
  createReview,
  findReview,
  findSource,
  guestIdOf,
  listReviews,
  moderateReview,
  removeUserReview,
  type SubmitReviewResult,
  toggleVote,
} from './reviews.server';
import {
  addMetaReviewInput,
  approvalInput,
  type CaptchaAction,
  captchaChallengeInput,
  listInput,
  moderateInput,
  removeReviewInput,
  submitCommentInput,
  submitReviewInput,
} from './settings';

/**
 * The reviews' wire calls (spec 000 §7 calls 9-12, 14, 15; original-wire.md §4): JetReviews' REST
 * routes with their exact answers, the simple widget's admin-ajax actions, and ours (moderation,
 * captcha challenges). Every state-changing call needs the REST nonce.
 */

const NAMESPACE = 'jet-reviews-api/v1';

/** Hits per window, per visitor address and per author (guest id or account): reviews, comments, votes. */
export const RATE_LIMITS: Record<'review' | 'comment' | 'vote', { address: RateRule; author: RateRule }> = {
  review: { address: { limit: 30, windowMs: 10 * 60_000 }, author: { limit: 10, windowMs: 10 * 60_000 } },
  comment: { address: { limit: 60, windowMs: 10 * 60_000 }, author: { limit: 20, windowMs: 10 * 60_000 } },
  vote: { address: { limit: 120, windowMs: 60_000 }, author: { limit: 30, windowMs: 60_000 } },
};

/** Counts one call against the address's and the author's limits; false when either is over (nothing may be stored). */
export async function withinRateLimits(
  db: Db,
  request: Request,
  kind: keyof typeof RATE_LIMITS,
  author: string | null,
): Promise<boolean> {
  const rules = RATE_LIMITS[kind];
  const byAddress = await takeHit(db, `reviews:${kind}:addr:${clientAddress(request)}`, rules.address);
  const byAuthor = author ? await takeHit(db, `reviews:${kind}:${author}`, rules.author) : true;
  return byAddress && byAuthor;
}

/** Counts one call against both limits; over either, the call is refused (429) before anything is stored. */
async function limit(ctx: WireContext, kind: keyof typeof RATE_LIMITS, author: string | null): Promise<void> {
  if (!(await withinRateLimits(ctx.db, ctx.request, kind, author))) {
    throw new AppError(
      429,
      'rate_limited',
      'Terlalu banyak permintaan dalam waktu singkat. Coba lagi beberapa menit lagi.',
    );
  }
}

/** The actor of a call: the session's user, else the guest id the payload names. */
function actorOf(ctx: WireContext, authorId: unknown): Actor {
  return ctx.user ? { user: ctx.user, guestId: null } : { user: null, guestId: guestIdOf(authorId) };
}

/** `{success:false, code:'captcha-failed'}` when the captcha is on and the token does not pass. */
async function captchaFails(ctx: WireContext, token: string | undefined, action: CaptchaAction): Promise<boolean> {
  if (!(await captchaEnabled(ctx.db))) return false;
  return !(await verifyCaptcha(ctx.db, ctx.nonceSecret, token, action));
}
const CAPTCHA_FAILED = { success: false, code: 'captcha-failed', message: LABELS.captchaFailed } as const;

/** A source id of call 9 as the original reads it: a positive integer, or nothing. */
function sourceIdOf(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

async function sourceOrInvalid(db: Db, source: string, sourceId: number) {
  const found = source === 'post' ? await findSource(db, sourceId) : null;
  if (found?.widget !== 'full') throw new Invalid('source_id: this post takes no reviews');
  return found;
}

/** Call 9: a page of a source's reviews (a read: no nonce). */
export const publicReviewsRoute = defineRestRoute({
  path: `${NAMESPACE}/get-public-reviews-list`,
  nonce: false,
  input: listInput,
  async handle(input, ctx) {
    const sourceId = sourceIdOf(input.source_id);
    // The original's answer for a missing or unknown source; its client only logs it.
    const error = { success: false, message: 'Error' } as const;
    if (sourceId === null || input.source !== 'post') return error;
    const source = await findSource(ctx.db, sourceId);
    if (source?.widget !== 'full') return error;
    const data = await listReviews(ctx.db, source, {
      page: input.page,
      pageSize: input.page_size ?? REVIEWS_PAGE_SIZE,
      actor: actorOf(ctx, input.author_id),
    });
    return { success: true, message: '', data };
  },
});

/** Call 10: a new review. */
export const submitReviewRoute = defineRestRoute({
  path: `${NAMESPACE}/submit-review`,
  nonce: true,
  methods: ['POST'],
  input: submitReviewInput,
  async handle(input, ctx): Promise<SubmitReviewResult | typeof CAPTCHA_FAILED> {
    const source = await sourceOrInvalid(ctx.db, input.source, input.source_id);
    const actor = actorOf(ctx, input.author_id);
    await limit(ctx, 'review', actorKey(actor));
    assertMay(actor, source, 'review');
    if (await captchaFails(ctx, input.captcha_token, 'submit_review')) return CAPTCHA_FAILED;
    return createReview(ctx.db, source, actor, input);
  },
});

/** Call 11: a comment on a review, or a reply. */
export const submitCommentRoute = defineRestRoute({
  path: `${NAMESPACE}/submit-review-comment`,
  nonce: true,
  methods: ['POST'],
  input: submitCommentInput,
  async handle(input, ctx) {
    const source = await sourceOrInvalid(ctx.db, input.source, input.source_id);
    const actor = actorOf(ctx, input.author_id);
    await limit(ctx, 'comment', actorKey(actor));
    assertMay(actor, source, 'comment');
    const action = input.parent_id > 0 ? 'submit_comment_reply' : 'submit_review_comment';
    if (await captchaFails(ctx, input.captcha_token, action)) return CAPTCHA_FAILED;
    const comment = await createComment(ctx.db, source, actor, input);
    return { success: true, message: '', data: comment };
  },
});

/** Call 12: like or dislike a review (guests name themselves with `author_id`). */
export const reviewApprovalRoute = defineRestRoute({
  path: `${NAMESPACE}/update-review-approval`,
  nonce: true,
  methods: ['POST'],
  input: approvalInput,
  async handle(input, ctx) {
    const found = await findReview(ctx.db, input.review_id);
    if (!found || (found.review.approved !== 1 && !canModerate(ctx.user))) {
      throw new Invalid('review_id: no such review');
    }
    const actor = actorOf(ctx, input.author_id);
    const voter = actorKey(actor);
    await limit(ctx, 'vote', voter);
    assertMay(actor, found.source, 'vote');
    if (!voter) throw new Invalid('author_id: a guest id (guest_…) is required');
    const data = await toggleVote(ctx.db, input.review_id, voter, input.type);
    return { success: true, message: '', data };
  },
});

/** Ours: editors and administrators approve, unapprove, pin, unpin or delete a review. */
export const moderateReviewRoute = defineRestRoute({
  path: `${NAMESPACE}/moderate-review`,
  nonce: true,
  methods: ['POST'],
  input: moderateInput,
  async handle(input, ctx) {
    if (!ctx.user) throw new AppError(401, 'rest_not_logged_in', 'Silakan masuk sebagai staf sekolah.');
    if (!canModerate(ctx.user))
      throw new Forbidden('Hanya staf sekolah yang dapat memoderasi ulasan.', 'rest_forbidden');
    const data = await moderateReview(ctx.db, input.review_id, input.operation, { user: ctx.user, guestId: null });
    return { success: true, message: '', data };
  },
});

/** Ours: a captcha challenge for one action (GET, no nonce: the challenge itself is signed). */
export const captchaChallengeRoute = defineRestRoute({
  path: `${NAMESPACE}/captcha-challenge`,
  nonce: false,
  methods: ['GET'],
  input: captchaChallengeInput,
  async handle(input, ctx) {
    return Response.json(await newChallenge(ctx.nonceSecret, input.action), {
      headers: { 'cache-control': 'no-store' },
    });
  },
});

/** Call 14: the simple review widget's new review (signed-in users; one rating of the default type). */
export const addMetaReviewAction = defineAction({
  name: 'jet_reviews_add_meta_review',
  nonce: true,
  methods: ['POST'],
  input: addMetaReviewInput,
  async handle(input, ctx) {
    const source = await findSource(ctx.db, input.post_id);
    if (source?.widget !== 'simple') throw new Invalid('post_id: this post takes no reviews here');
    if (!ctx.user) throw new Forbidden('Silakan masuk untuk menulis ulasan.', 'not_logged_in');
    const actor: Actor = { user: ctx.user, guestId: null };
    await limit(ctx, 'review', actorKey(actor));
    const [field] = source.type.fields;
    const result = await createReview(ctx.db, source, actor, {
      title: input.title,
      content: input.content,
      author_name: '',
      author_mail: '',
      rating_data: [{ field_label: field?.label, field_value: input.rating }],
    });
    if (result.code === 'review-created') return { type: 'success', message: 'Terima kasih, ulasan Anda tersimpan.' };
    if (result.code === 'need-approve') return { type: 'success', message: LABELS.needApprove };
    return { type: 'error', message: result.message };
  },
});

/** Call 15: removes a review of the simple widget: the author's own, or any for a moderator. */
export const removeReviewAction = defineAction({
  name: 'jet_reviews_remove_review',
  nonce: true,
  methods: ['POST'],
  input: removeReviewInput,
  async handle(input, ctx) {
    if (!ctx.user) throw new Forbidden('Silakan masuk terlebih dahulu.', 'not_logged_in');
    if (input.user_id !== ctx.user.id && !canModerate(ctx.user)) {
      throw new Forbidden('Anda hanya dapat menghapus ulasan Anda sendiri.', 'forbidden');
    }
    const source = await findSource(ctx.db, input.post_id);
    if (source?.widget !== 'simple') throw new Invalid('post_id: this post takes no reviews here');
    await removeUserReview(ctx.db, input.post_id, input.user_id);
    return { type: 'success', message: 'Ulasan telah dihapus.' };
  },
});

/** The reviews' REST routes, for app/calls.server.ts. */
export const reviewRestRoutes = [
  publicReviewsRoute,
  submitReviewRoute,
  submitCommentRoute,
  reviewApprovalRoute,
  moderateReviewRoute,
  captchaChallengeRoute,
];

/** The reviews' admin-ajax actions, for app/calls.server.ts. */
export const reviewAjaxActions = [addMetaReviewAction, removeReviewAction];
