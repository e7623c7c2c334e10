import { createHash } from 'node:crypto';
import type { AppContext } from '~/context';
import { readLimitedBody } from '~/lib/body.server';
import { AppError, Forbidden, Invalid, NotFound } from '~/lib/errors';
import { isSameOrigin } from '~/lib/origin.server';
import { hasControlCharacters } from '~/lib/text';
import { captchaEnabled } from './captcha.server';
import type { ReviewFormStatus } from './model';
import { removeUserReview } from './moderation.server';
import { submitReviewInput } from './settings';
import { type Actor, actorKey, findSource } from './sources.server';
import { withinRateLimits } from './wire.server';
import { assertMay, createReview } from './write.server';

/**
 * The review forms sent without JavaScript (a plain POST to the post's own address): a new review,
 * with the same checks and the same `createReview` as call 10, and the simple widget's "Hapus ulasan
 * saya", as call 15 does it; each answered with a redirect back to the post's reviews
 * (`?ulasan_status={code}#ulasan`), which show the matching message.
 */

/** The posted field that marks the reviews' forms and says which (ui/no-script-form.tsx, ui/simple-review.tsx). */
const MARKER = 'jet_reviews_action';
const ACTIONS = ['submit_review', 'remove_review'] as const;
/** Largest form read: a review's title and text at their longest, in UTF-8 and url-encoded. */
const MAX_FORM_BYTES = 96 * 1024;

/** A guest of the no-JavaScript form is known by the e-mail: one review per address and post. */
export function guestIdOfMail(mail: string): string {
  return `guest_${createHash('sha256').update(mail.trim().toLowerCase()).digest('hex').slice(0, 24)}`;
}

/** The posted form when it is one of the reviews', else null (the body is read from a copy of the request). */
async function reviewForm(request: Request): Promise<URLSearchParams | null> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded')) return null;
  let bytes: Buffer;
  try {
    bytes = await readLimitedBody(request.clone(), MAX_FORM_BYTES, () => new Invalid('The form is too large.'));
  } catch {
    return null;
  }
  const form = new URLSearchParams(bytes.toString('utf8'));
  return (ACTIONS as readonly (string | null)[]).includes(form.get(MARKER)) ? form : null;
}

/**
 * A page's action for the review forms: null when the post is none of them (the page's other
 * forms answer it), else a 303 to `{path}?ulasan_status={code}#ulasan`. A post from another site is
 * refused (403).
 */
export async function reviewFormAction(ctx: AppContext, request: Request): Promise<Response | null> {
  const form = await reviewForm(request);
  if (!form) return null;
  if (!isSameOrigin(request)) throw new Forbidden('Formulir ini harus dikirim dari situs ini.');
  // NUL and other control characters never reach a query (PostgreSQL refuses NUL in text).
  if ([...form].some(([key, value]) => hasControlCharacters(key) || hasControlCharacters(value))) {
    throw new Invalid('Formulir memuat karakter yang tidak diizinkan.');
  }
  const path = new URL(request.url).pathname;
  const status =
    form.get(MARKER) === 'remove_review' ? await removeOwn(ctx, request, form) : await submit(ctx, request, form);
  return new Response(null, {
    status: 303,
    headers: { Location: `${path}?ulasan_status=${status}#ulasan`, 'Cache-Control': 'no-store' },
  });
}

async function submit(ctx: AppContext, request: Request, form: URLSearchParams): Promise<ReviewFormStatus> {
  const sourceId = Number(form.get('source_id'));
  const source = /^\d{1,9}$/.test(form.get('source_id') ?? '') ? await findSource(ctx.db, sourceId) : null;
  if (source?.widget !== 'full') return 'invalid';
  const user = await ctx.userOf(request);
  const mail = form.get('author_mail') ?? '';
  const actor: Actor = user
    ? { user, guestId: null }
    : { user: null, guestId: mail.trim() === '' ? null : guestIdOfMail(mail) };
  if (!(await withinRateLimits(ctx.db, request, 'review', actorKey(actor)))) return 'rate-limited';
  assertMay(actor, source, 'review');
  if (await captchaEnabled(ctx.db, source)) return 'captcha-failed';
  const parsed = submitReviewInput.safeParse({
    source: 'post',
    source_id: form.get('source_id') ?? undefined,
    title: form.get('title') ?? undefined,
    content: form.get('content') ?? undefined,
    author_name: user ? '' : (form.get('author_name') ?? undefined),
    author_mail: user ? '' : mail,
    rating_data: source.type.fields.map((f, i) => ({
      field_label: f.label,
      field_value: form.get(`rating_${i}`) ?? undefined,
    })),
  });
  if (!parsed.success) return 'invalid';
  try {
    const result = await createReview(ctx.db, source, actor, parsed.data);
    return result.code === 'captcha-failed' || result.code === 'not-allowed' ? 'invalid' : result.code;
  } catch (error) {
    // Bad input (a missing name, a wrong e-mail, a rating off the scale) is the form's fault, not a 500.
    if (error instanceof AppError && error.status === 400) return 'invalid';
    throw error;
  }
}

/** The simple widget's "Hapus ulasan saya" (call 15's rules): the signed-in user's own review of the post. */
async function removeOwn(ctx: AppContext, request: Request, form: URLSearchParams): Promise<ReviewFormStatus> {
  const user = await ctx.userOf(request);
  if (!user) return 'not-signed-in';
  const postId = form.get('post_id') ?? '';
  const source = /^\d{1,9}$/.test(postId) ? await findSource(ctx.db, Number(postId)) : null;
  if (source?.widget !== 'simple') return 'invalid';
  try {
    await removeUserReview(ctx.db, source.postId, user.id);
  } catch (error) {
    // Already gone (the same tap sent twice, or removed from another tab): what the user asked for is done.
    if (!(error instanceof NotFound)) throw error;
  }
  return 'review-removed';
}
