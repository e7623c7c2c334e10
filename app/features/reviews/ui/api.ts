import { getRestNonce, postAjax, restFetch } from '~/wire/client';
import type { ApprovalState, CommentsPage, ReviewComment, ReviewItem, ReviewsPage, SubmitReviewCode } from '../model';

/** The reviews' REST calls (spec 000 §7 calls 9-12, original-wire.md §4) and the simple widget's admin-ajax calls (14, 15). */

const ROUTE = 'jet-reviews-api/v1';

/** What every reviews REST call answers: `{success, message, code?, data?}`. */
export interface RestAnswer<T> {
  success: boolean;
  message: string;
  code?: string;
  data?: T;
}

/** apiFetch's own messages (spec 000 §8 "Helper messages"). */
export const HELPER_MESSAGES = {
  invalidJson: 'The response is not a valid JSON response.',
  unknown: 'An unknown error occurred.',
  offline: 'You are probably offline.',
} as const;

/** A reviews REST call; a refused call (a WordPress-style error or a 400 envelope) reads as unsuccessful with its message. */
async function call<T>(name: string, body: unknown, signal?: AbortSignal): Promise<RestAnswer<T>> {
  let response: Response;
  try {
    response = await restFetch(`${ROUTE}/${name}`, { body, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return { success: false, message: HELPER_MESSAGES.offline };
  }
  const json = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!json || typeof json !== 'object') return { success: false, message: HELPER_MESSAGES.invalidJson };
  const nested = json.data as { message?: unknown } | undefined;
  const message =
    typeof json.message === 'string'
      ? json.message
      : typeof nested?.message === 'string'
        ? nested.message
        : HELPER_MESSAGES.unknown;
  if (json.success !== true)
    return { success: false, message, code: typeof json.code === 'string' ? json.code : undefined };
  return json as unknown as RestAnswer<T>;
}

/** Call 9: one page (0-based) of the approved reviews. */
export function fetchReviewsPage(
  body: { source: string; source_id: number; page: number; page_size: number },
  signal?: AbortSignal,
) {
  return call<ReviewsPage>('get-public-reviews-list', body, signal);
}

/** Ours: a later page (0-based) of a review's comment threads; call 9 carries page 0. */
export function fetchCommentsPage(body: { review_id: number; page: number }) {
  return call<CommentsPage>('get-review-comments', body);
}

/** Call 10's payload. */
export interface SubmitReviewBody {
  source: string;
  source_id: number;
  title: string;
  content: string;
  author_id: string;
  author_name: string;
  author_mail: string;
  rating_data: Array<{ field_label: string; field_value: number; field_step: number; field_max: number }>;
  captcha_token?: string;
}

/** Call 10: a new review. */
export async function submitReview(body: SubmitReviewBody) {
  const answer = await call<{ item?: ReviewItem; rating?: number; total?: number }>('submit-review', body);
  return answer as RestAnswer<{ item?: ReviewItem; rating?: number; total?: number }> & { code?: SubmitReviewCode };
}

/** Call 11's payload. */
export interface SubmitCommentBody {
  source: string;
  source_id: number;
  parent_id: number;
  review_id: number;
  author_id: string;
  author_name: string;
  author_mail: string;
  content: string;
  captcha_token?: string;
}

/** Call 11: a comment or a reply. */
export function submitComment(body: SubmitCommentBody) {
  return call<ReviewComment>('submit-review-comment', body);
}

/** Call 12: a like or dislike toggled. */
export function updateApproval(body: {
  review_id: number;
  type: 'like' | 'dislike';
  inc: boolean;
  current_state: ApprovalState;
  author_id: string;
}) {
  return call<{ approval: ApprovalState; like: number; dislike: number }>('update-review-approval', body);
}

export type ModerationOperation = 'approve' | 'unapprove' | 'pin' | 'unpin' | 'delete';

/** Editors only: approve, pin or delete a review. */
export function moderateReview(body: { review_id: number; operation: ModerationOperation }) {
  return call<{ item: ReviewItem | null; rating: number; total: number }>('moderate-review', body);
}

/** The address of an ALTCHA challenge for one of the spec's captcha actions. */
export function captchaChallengeUrl(action: CaptchaAction): string {
  return `/wp-json/${ROUTE}/captcha-challenge?action=${action}`;
}

/** The spec's captcha actions (spec 000 §7 "Captcha tokens"). */
export type CaptchaAction = 'submit_review' | 'submit_review_comment' | 'submit_comment_reply';

/** An admin-ajax answer of the simple review widget: `{type, message}`. */
export interface AjaxAnswer {
  type: 'success' | 'error';
  message: string;
}

async function ajax(action: string, fields: Record<string, unknown>): Promise<AjaxAnswer> {
  try {
    const response = await postAjax(action, { ...fields, _wpnonce: await getRestNonce() });
    const json = (await response.json().catch(() => undefined)) as Partial<AjaxAnswer> | undefined;
    if (!json || typeof json !== 'object') return { type: 'error', message: HELPER_MESSAGES.invalidJson };
    const data = (json as { data?: { message?: string } }).data;
    return {
      type: json.type === 'success' ? 'success' : 'error',
      message: json.message ?? data?.message ?? HELPER_MESSAGES.unknown,
    };
  } catch {
    return { type: 'error', message: HELPER_MESSAGES.offline };
  }
}

/** Call 14: the simple widget's review (the page reloads on success). */
export function addMetaReview(fields: {
  post_id: number;
  review_time: string;
  review_date: string;
  title: string;
  content: string;
  rating: number;
}) {
  return ajax('jet_reviews_add_meta_review', fields);
}

/** Call 15: removes the signed-in user's review (the page reloads on success). */
export function removeReview(fields: { post_id: number; user_id: number }) {
  return ajax('jet_reviews_remove_review', fields);
}
