import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '~/db';
import { recordChange } from '~/lib/content-version.server';
import { readCookie, setCookie } from '~/lib/cookie.server';
import { AppError, Forbidden, Invalid } from '~/lib/errors';
import { isSameOrigin } from '~/lib/origin.server';
import { canModerate } from '~/lib/permissions';
import { clientAddress, type RateRule, takeHit } from '~/lib/rate-limit.server';
import { verifyNonce } from '~/wire/nonce.server';
import {
  defineAction,
  defineRestRoute,
  REST_NONCE_ACTION,
  type SignedInWireContext,
  type WireContext,
} from '~/wire/registry.server';
import { captchaEnabled, newChallenge, verifyCaptcha } from './captcha.server';
import { LABELS, REVIEWS_PAGE_SIZE } from './model';
import { moderateReview, removeUserReview } from './moderation.server';
import { listComments, listReviews } from './read.server';
import {
  addMetaReviewInput,
  approvalInput,
  type CaptchaAction,
  captchaChallengeInput,
  commentsInput,
  listInput,
  moderateInput,
  originalMetaReviewInput,
  originalRemoveReviewInput,
  type RatingInput,
  removeReviewInput,
  submitCommentInput,
  submitReviewInput,
} from './settings';
import { type Actor, actorKey, findReview, findSource, guestIdOf, type ReviewSource } from './sources.server';
import { toggleVote } from './votes.server';
import { assertMay, createComment, createReview, type SubmitReviewResult } from './write.server';

/**
 * The reviews' wire calls (spec 000 §7 calls 9-12, 14, 15; original-wire.md §4): JetReviews' REST
 * routes with their exact answers, the simple widget's admin-ajax actions, and ours (moderation,
 * captcha challenges). Every state-changing call needs the REST nonce, except the simple widget's
 * calls in the original's shape, which sent none: those need the same origin and a session.
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

/**
 * The cookie holding the guest id this server issued to a visitor without a session. The original
 * client's like/dislike (call 12) names no author; the server gives such a guest an id on the first
 * vote, so one vote per voter holds. HttpOnly, and sent only to the reviews' REST routes.
 */
const GUEST_COOKIE = 'jet_reviews_guest';
const GUEST_COOKIE_PATH = '/wp-json/jet-reviews-api/';
const GUEST_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The issued guest id in a request's cookies, or null. */
function guestCookieOf(request: Request): string | null {
  return guestIdOf(readCookie(request, GUEST_COOKIE));
}

/** The Set-Cookie header that hands a new guest id to the browser. */
function guestCookie(guestId: string, request: Request): string {
  return setCookie(request, GUEST_COOKIE, guestId, { path: GUEST_COOKIE_PATH, maxAge: GUEST_COOKIE_MAX_AGE });
}

/** A new guest id: `guest_` and 24 random hex digits (the shape the clients' ids have, GUEST_ID_PATTERN). */
const newGuestId = () => `guest_${randomBytes(12).toString('hex')}`;

/**
 * The actor of a call: the session's user; else the guest id the payload names (`author_id`, as our
 * client and the original's review and comment calls send it); else, when the payload names none, the
 * guest id this server issued in its cookie.
 */
function actorOf(ctx: WireContext, authorId: unknown): Actor {
  if (ctx.user) return { user: ctx.user, guestId: null };
  if (authorId !== undefined) return { user: null, guestId: guestIdOf(authorId) };
  return { user: null, guestId: guestCookieOf(ctx.request) };
}

/** `{success:false, code:'captcha-failed'}` when the captcha is on and the token does not pass. */
async function captchaFails(
  ctx: WireContext,
  source: ReviewSource,
  token: string | undefined,
  action: CaptchaAction,
): Promise<boolean> {
  if (!(await captchaEnabled(ctx.db, source))) return false;
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

/** Calls 10 and 11: the source and the actor of a new review or comment, within the rate limits and the source's rules. */
async function admitted(
  ctx: WireContext,
  input: { source: string; source_id: number; author_id?: unknown },
  act: 'review' | 'comment',
) {
  const source = await sourceOrInvalid(ctx.db, input.source, input.source_id);
  const actor = actorOf(ctx, input.author_id);
  await limit(ctx, act, actorKey(actor));
  assertMay(actor, source, act);
  return { source, actor };
}

/** Call 9: a page of a source's reviews (a read: no nonce). */
export const publicReviewsRoute = defineRestRoute({
  path: `${NAMESPACE}/get-public-reviews-list`,
  auth: 'anyone',
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

/**
 * Ours (issue 21): the next pages of a review's comment threads, 50 a page (spec 000 §1), as call 9
 * carries the first. Body `review_id`, `page` (0-based like call 9's); the answer's `data` is
 * `{list, total, page, page_size}`, an empty list past the last page. Only an approved review of a
 * post showing the full widget has public comments; any other id is `{success:false, message:'Error'}`
 * like call 9's unknown source; a page that is no whole number from 0 is a 400.
 */
export const reviewCommentsRoute = defineRestRoute({
  path: `${NAMESPACE}/get-review-comments`,
  auth: 'anyone',
  nonce: false,
  input: commentsInput,
  async handle(input, ctx) {
    const found = await findReview(ctx.db, input.review_id);
    if (found?.review.approved !== 1 || found.source.widget !== 'full') {
      return { success: false, message: 'Error' } as const;
    }
    return { success: true, message: '', data: await listComments(ctx.db, input.review_id, input.page) };
  },
});

/** Call 10: a new review. */
export const submitReviewRoute = defineRestRoute({
  path: `${NAMESPACE}/submit-review`,
  auth: 'anyone',
  nonce: true,
  methods: ['POST'],
  input: submitReviewInput,
  async handle(input, ctx): Promise<SubmitReviewResult | typeof CAPTCHA_FAILED> {
    const { source, actor } = await admitted(ctx, input, 'review');
    if (await captchaFails(ctx, source, input.captcha_token, 'submit_review')) return CAPTCHA_FAILED;
    return createReview(ctx.db, source, actor, input);
  },
});

/** Call 11: a comment on a review, or a reply. */
export const submitCommentRoute = defineRestRoute({
  path: `${NAMESPACE}/submit-review-comment`,
  auth: 'anyone',
  nonce: true,
  methods: ['POST'],
  input: submitCommentInput,
  async handle(input, ctx) {
    const { source, actor } = await admitted(ctx, input, 'comment');
    const action = input.parent_id > 0 ? 'submit_comment_reply' : 'submit_review_comment';
    if (await captchaFails(ctx, source, input.captcha_token, action)) return CAPTCHA_FAILED;
    const comment = await createComment(ctx.db, source, actor, input);
    return { success: true, message: '', data: comment };
  },
});

/**
 * Call 12: like or dislike a review. The voter is the session's user, else the guest `author_id` names
 * (our client sends it), else the guest of the cookie this server issued; a guest with neither (the
 * original client sends no author) is issued one with this answer.
 */
export const reviewApprovalRoute = defineRestRoute({
  path: `${NAMESPACE}/update-review-approval`,
  auth: 'anyone',
  nonce: true,
  methods: ['POST'],
  input: approvalInput,
  async handle(input, ctx) {
    const found = await findReview(ctx.db, input.review_id);
    if (!found || (found.review.approved !== 1 && !canModerate(ctx.user))) {
      throw new Invalid('review_id: no such review');
    }
    let actor = actorOf(ctx, input.author_id);
    const issued = !actor.user && !actor.guestId && input.author_id === undefined ? newGuestId() : null;
    if (issued) actor = { user: null, guestId: issued };
    const voter = actorKey(actor);
    await limit(ctx, 'vote', voter);
    assertMay(actor, found.source, 'vote');
    if (!voter) throw new Invalid('author_id: a guest id (guest_…) is required');
    const data = await toggleVote(ctx.db, input.review_id, voter, input.type);
    const answer = { success: true, message: '', data };
    if (!issued) return answer;
    return Response.json(answer, {
      headers: { 'cache-control': 'no-store', 'set-cookie': guestCookie(issued, ctx.request) },
    });
  },
});

/** Ours: editors and administrators approve, unapprove, pin, unpin or delete a review. */
export const moderateReviewRoute = defineRestRoute({
  path: `${NAMESPACE}/moderate-review`,
  auth: {
    capability: 'reviews',
    signedOut: new AppError(401, 'rest_not_logged_in', 'Silakan masuk sebagai staf sekolah.'),
    refused: new Forbidden('Hanya staf sekolah yang dapat memoderasi ulasan.', 'rest_forbidden'),
  },
  nonce: true,
  methods: ['POST'],
  input: moderateInput,
  async handle(input, ctx) {
    const { result: data, shown } = await moderateReview(ctx.db, input.review_id, input.operation, {
      user: ctx.user,
      guestId: null,
    });
    // A change by staff like the queue's (issue 14): audited; one the public sees ends the cached pages.
    await recordChange(ctx.db, {
      userId: ctx.user.id,
      action: `review.${input.operation}`,
      subjectType: 'review',
      subjectId: input.review_id,
      summary: `Dari widget ulasan: ${data.item?.title ?? `ulasan #${input.review_id}`}`,
      public: shown,
    });
    return { success: true, message: '', data };
  },
});

/** Ours: a captcha challenge for one action (GET, no nonce: the challenge itself is signed). */
export const captchaChallengeRoute = defineRestRoute({
  path: `${NAMESPACE}/captcha-challenge`,
  auth: 'anyone',
  nonce: false,
  methods: ['GET'],
  input: captchaChallengeInput,
  async handle(input, ctx) {
    return Response.json(await newChallenge(ctx.nonceSecret, input.action), {
      headers: { 'cache-control': 'no-store' },
    });
  },
});

/**
 * Calls 14 and 15 come in two shapes. Our client sends flat fields with the REST nonce. The original
 * simple widget (jQuery, original-wire.md §1) sends its fields under `data[…]` and no nonce: that
 * shape is taken only from this site (the Origin check) and from a signed-in user, whose SameSite=Lax
 * session cookie never comes with another site's post. Returns the fields of the shape sent.
 */
function simpleWidgetFields<F extends z.ZodType, O extends z.ZodType>(
  ctx: WireContext,
  input: Record<string, unknown>,
  schemas: { flat: F; original: O },
): { original: false; fields: z.infer<F> } | { original: true; fields: z.infer<O> } {
  const data = input.data;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    if (!isSameOrigin(ctx.request)) throw new Forbidden('Formulir ini harus dikirim dari situs ini.', 'cross_origin');
    return { original: true, fields: fieldsOf(schemas.original, data, 'data') };
  }
  if (!hasRestNonce(ctx, input)) throw new AppError(403, 'rest_cookie_invalid_nonce', 'Cookie check failed');
  return { original: false, fields: fieldsOf(schemas.flat, input) };
}

/** The REST nonce of a call, bound to its user, as the registry checks it for `nonce: true` calls. */
function hasRestNonce(ctx: WireContext, input: Record<string, unknown>): boolean {
  const field = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : undefined);
  const given = ctx.request.headers.get('x-wp-nonce') ?? field('_wpnonce') ?? field('nonce');
  return Boolean(given) && verifyNonce(ctx.nonceSecret, given as string, ctx.subject, REST_NONCE_ACTION);
}

/** Parses fields with a schema; a failure is a 400 naming the field (`data.summary_title: is required`). */
function fieldsOf<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = [...(prefix ? [prefix] : []), ...(issue?.path ?? []).map(String)].join('.');
  throw new Invalid(path ? `${path}: ${issue?.message}` : (issue?.message ?? 'Invalid request'));
}

/** What both shapes of call 14 and 15 carry: the fields arrive unparsed, and the handler reads the shape. */
const simpleWidgetInput = z.object({ data: z.unknown().optional() }).loose();

/** Calls 14 and 15: a signed-in user's post of the simple widget, its fields read in the shape sent. */
function simpleWidgetAction<F extends z.ZodType, O extends z.ZodType, R>(def: {
  name: string;
  /** what a visitor who is not signed in is told */
  signedOut: string;
  schemas: { flat: F; original: O };
  handle(call: ReturnType<typeof simpleWidgetFields<F, O>>, ctx: SignedInWireContext): Promise<R>;
}) {
  return defineAction({
    name: def.name,
    auth: { signedIn: true, signedOut: new Forbidden(def.signedOut, 'not_logged_in') },
    nonce: false,
    methods: ['POST'],
    input: simpleWidgetInput,
    handle: (input, ctx) => def.handle(simpleWidgetFields(ctx, input, def.schemas), ctx),
  });
}

/** The post's review source, which must be the simple widget's. */
async function simpleWidgetSource(db: Db, postId: number): Promise<ReviewSource> {
  const source = await findSource(db, postId);
  if (source?.widget !== 'simple') throw new Invalid('post_id: this post takes no reviews here');
  return source;
}

/** Call 14: the simple review widget's new review (signed-in users; the review type's ratings, in order). */
export const addMetaReviewAction = simpleWidgetAction({
  name: 'jet_reviews_add_meta_review',
  signedOut: 'Silakan masuk untuk menulis ulasan.',
  schemas: { flat: addMetaReviewInput, original: originalMetaReviewInput },
  async handle(call, ctx) {
    const review: { post_id: number; title: string; content: string; ratings: RatingInput[] } = call.original
      ? {
          post_id: call.fields.post_id,
          title: call.fields.summary_title,
          content: call.fields.summary_text,
          ratings: call.fields.review_fields,
        }
      : {
          post_id: call.fields.post_id,
          title: call.fields.title,
          content: call.fields.content,
          ratings: [{ field_value: call.fields.rating }],
        };
    const source = await simpleWidgetSource(ctx.db, review.post_id);
    const actor: Actor = { user: ctx.user, guestId: null };
    await limit(ctx, 'review', actorKey(actor));
    // Ratings without a label are the type's fields in order (checkRatingData).
    const result = await createReview(ctx.db, source, actor, {
      title: review.title,
      content: review.content,
      author_name: '',
      author_mail: '',
      rating_data: review.ratings,
    });
    if (result.code === 'review-created') return { type: 'success', message: 'Terima kasih, ulasan Anda tersimpan.' };
    if (result.code === 'need-approve') return { type: 'success', message: LABELS.needApprove };
    return { type: 'error', message: result.message };
  },
});

/** Call 15: removes a review of the simple widget: the author's own, or any for a moderator. */
export const removeReviewAction = simpleWidgetAction({
  name: 'jet_reviews_remove_review',
  signedOut: 'Silakan masuk terlebih dahulu.',
  schemas: { flat: removeReviewInput, original: originalRemoveReviewInput },
  async handle(call, ctx) {
    const postId = call.fields.post_id;
    const userId = call.fields.user_id ?? ctx.user.id;
    if (userId !== ctx.user.id && !canModerate(ctx.user)) {
      throw new Forbidden('Anda hanya dapat menghapus ulasan Anda sendiri.', 'forbidden');
    }
    await simpleWidgetSource(ctx.db, postId);
    await removeUserReview(ctx.db, postId, userId);
    return { type: 'success', message: 'Ulasan telah dihapus.' };
  },
});

/** The reviews' REST routes, for app/calls.server.ts. */
export const reviewRestRoutes = [
  publicReviewsRoute,
  reviewCommentsRoute,
  submitReviewRoute,
  submitCommentRoute,
  reviewApprovalRoute,
  moderateReviewRoute,
  captchaChallengeRoute,
];

/** The reviews' admin-ajax actions, for app/calls.server.ts. */
export const reviewAjaxActions = [addMetaReviewAction, removeReviewAction];
