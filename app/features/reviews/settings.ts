import { z } from 'zod';
import { wireBool, wireInt } from '~/wire/registry.server';
import { LIMITS, type TypeField } from './model';

/**
 * Zod schemas of the reviews feature: stored review types and sources (content/reviews.yaml, table
 * `review_type`), and the payloads of calls 9-15 (spec 000 §3 "Payloads", original-wire.md §4).
 * Server-only: zod stays out of the browser bundle.
 */

/** A rating field of a review type: step and max in stars (the default type: Rating, 1, 5). */
export const typeField = z.object({
  label: z.string().trim().min(1).max(60),
  step: z.number().positive().max(10),
  max: z.number().positive().max(100),
});
export const typeFields = z.array(typeField).min(1).max(10);

/** The `fields` column of `review_type` (JSON text); a broken row reads as the default type's field. */
export function parseTypeFields(json: string): TypeField[] {
  try {
    const parsed = typeFields.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the default
  }
  return [{ label: 'Rating', step: 1, max: 5 }];
}

// -- wire payloads ----------------------------------------------------------------------------

/** Text a visitor typed, kept as typed and trimmed (control characters were refused with the request). */
function text(max: number, what: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : `${what} must be text`) })
    .max(max * 4, `is longer than ${max} characters`)
    .transform((v) => v.trim())
    .refine((v) => [...v].length <= max, `is longer than ${max} characters`);
}

const optionalText = (max: number, what: string) => text(max, what).optional().default('');

/** The largest id a row has (PostgreSQL's integer): a JSON number past it is refused, not sent to a query. */
const MAX_ID = 2_147_483_647;
/** A post id as the wire sends it (number or digits). */
const postId = wireInt.pipe(z.number().int().positive('must be a post id').max(MAX_ID, 'must be a post id'));
const id = wireInt.pipe(z.number().int().positive('must be an id').max(MAX_ID, 'must be an id'));
const source = z.string().max(40).optional().default('post');
const captchaToken = z.string().max(20_000).optional();
/** `guest_…` for guests; signed-in users' ids are ignored (the session says who they are). */
const authorId = z.union([z.string().max(80), z.number()]).optional();

/** Call 9. `source_id` is checked by the handler: without one the original answers `{success:false, message:'Error'}`. */
export const listInput = z.object({
  source,
  source_id: z.unknown().optional(),
  page: wireInt.pipe(z.number().int().min(0).max(1_000_000)).optional().default(0),
  page_size: wireInt.pipe(z.number().int().min(1).max(50)).optional(),
  source_type: z.string().max(40).optional(),
  /** a guest's id, to mark the guest's own votes (optional; guests also keep them in local storage) */
  author_id: authorId,
});

/** Ours: one page (0-based, as call 9's `page`) of a review's comment threads, 50 a page. */
export const commentsInput = z.object({
  review_id: id,
  page: wireInt.pipe(z.number().int().min(0).max(100_000)).optional().default(0),
});

/** One rated field as the client sends it (JSON, or bracket form with string numbers). */
const ratingInput = z.object({
  field_label: z.string().max(60).optional(),
  field_value: z.union([z.number(), z.string().regex(/^-?\d{1,6}(\.\d{1,6})?$/, 'must be a number')]).transform(Number),
  field_step: z.unknown().optional(),
  field_max: z.unknown().optional(),
});
/** `rating_data`: an array (the school-era client), JSON text of one (newer clients), or a bracket-form object. */
const ratingData = z.preprocess(
  (v) => {
    if (typeof v === 'string') {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    // Bracket form with numeric keys arrives as an object: { 0: {...}, 1: {...} }.
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).every((k) => /^\d+$/.test(k))) {
      return Object.entries(v)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, f]) => f);
    }
    return v;
  },
  z.array(ratingInput, { error: 'must be a list of rated fields' }).min(1, 'is required').max(10),
);
export type RatingInput = z.infer<typeof ratingInput>;

/** Call 10. */
export const submitReviewInput = z.object({
  source,
  source_id: postId,
  title: text(LIMITS.title, 'title').pipe(z.string().min(1, 'is required')),
  content: text(LIMITS.content, 'content').pipe(z.string().min(1, 'is required')),
  author_id: authorId,
  author_name: optionalText(LIMITS.name, 'author_name'),
  author_mail: optionalText(LIMITS.mail, 'author_mail'),
  rating_data: ratingData,
  captcha_token: captchaToken,
});

/** Call 11. */
export const submitCommentInput = z.object({
  source,
  source_id: postId,
  parent_id: wireInt.pipe(z.number().int().min(0).max(MAX_ID)).optional().default(0),
  review_id: id,
  author_id: authorId,
  author_name: optionalText(LIMITS.name, 'author_name'),
  author_mail: optionalText(LIMITS.mail, 'author_mail'),
  content: text(LIMITS.comment, 'content').pipe(z.string().min(1, 'is required')),
  captcha_token: captchaToken,
});

/** Call 12. `current_state` is read but not trusted: the stored vote decides. */
export const approvalInput = z.object({
  review_id: id,
  type: z.enum(['like', 'dislike']),
  inc: wireBool.optional(),
  current_state: z.object({ like: wireBool.optional(), dislike: wireBool.optional() }).optional(),
  author_id: authorId,
});

/** Our moderation route (editors and administrators). */
export const MODERATION_OPERATIONS = ['approve', 'unapprove', 'pin', 'unpin', 'delete'] as const;
export type ModerationOperation = (typeof MODERATION_OPERATIONS)[number];
export const moderateInput = z.object({
  review_id: id,
  operation: z.enum(MODERATION_OPERATIONS),
});

/** Actions a captcha challenge is made for (spec 000 §7 "Other facts"). */
export const CAPTCHA_ACTIONS = ['submit_review', 'submit_review_comment', 'submit_comment_reply'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];
export const captchaChallengeInput = z.object({ action: z.enum(CAPTCHA_ACTIONS) });

/** Call 14 (simple review widget) as our client sends it: the form's fields plus time stamps, which are ignored. */
export const addMetaReviewInput = z.object({
  post_id: postId,
  review_time: z.string().max(40).optional(),
  review_date: z.string().max(40).optional(),
  title: text(LIMITS.title, 'title').pipe(z.string().min(1, 'is required')),
  content: text(LIMITS.content, 'content').pipe(z.string().min(1, 'is required')),
  rating: z.union([z.number(), z.string().regex(/^\d{1,3}(\.\d{1,3})?$/, 'must be a number')]).transform(Number),
});

/**
 * Call 14 as the original simple widget sends it, the fields under `data[…]` (its jQuery client,
 * original-wire.md §1): `post_id`, `review_time` (ms), `review_date` (the browser's locale text), the
 * form's `review_fields[i][field_value]` (one per field of the review type, in order), `summary_title`,
 * `summary_text` and, on some forms, `summary_legend`. Time stamps and legend are ignored.
 */
export const originalMetaReviewInput = z.object({
  post_id: postId,
  review_time: z.union([z.string().max(40), z.number()]).optional(),
  review_date: z.string().max(80).optional(),
  review_fields: ratingData,
  summary_title: text(LIMITS.title, 'summary_title').pipe(z.string().min(1, 'is required')),
  summary_text: text(LIMITS.content, 'summary_text').pipe(z.string().min(1, 'is required')),
  summary_legend: z
    .string()
    .max(LIMITS.title * 4)
    .optional(),
});

/** Call 15. */
export const removeReviewInput = z.object({
  post_id: postId,
  user_id: id,
});

/** Call 15 as the original simple widget sends it (`data[post_id]`, `data[user_id]`); no user id means one's own. */
export const originalRemoveReviewInput = z.object({
  post_id: postId,
  user_id: id.optional(),
});

// -- content/reviews.yaml -----------------------------------------------------------------------

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a slug is lowercase words joined by hyphens');

/** A demo review: `stars` per field of the source's type (one number for a one-field type). */
const seedReview = z.strictObject({
  author: z.string().min(1).max(LIMITS.name),
  title: z.string().min(1).max(LIMITS.title),
  content: z.string().min(1).max(LIMITS.content),
  stars: z.array(z.number().int().min(1).max(5)).min(1).max(10),
  date: z.iso.datetime({ offset: true }).transform((v) => new Date(v).toISOString()),
});

/** content/reviews.yaml: review types, which post types take reviews and how, and demo reviews. */
export const reviewsFileSchema = z.strictObject({
  types: z
    .array(
      z.strictObject({
        slug,
        name: z.string().min(1).max(200),
        description: z.string().max(1000).default(''),
        fields: typeFields,
      }),
    )
    .min(1),
  sources: z
    .array(
      z.strictObject({
        postType: slug,
        type: slug,
        allowGuests: z.boolean(),
        commentsAllowed: z.boolean(),
        approvalAllowed: z.boolean(),
        needsModeration: z.boolean(),
        widget: z.enum(['full', 'simple']).default('full'),
      }),
    )
    .min(1),
  /** Words the generated demo reviews of every activity are made of (see seed/reviews.ts). */
  ekskulDemo: z.strictObject({
    guests: z.array(z.string().min(1).max(LIMITS.name)).min(10),
    /** Titles by the stars given: index 0 for 1 star … 4 for 5 stars. */
    titles: z.array(z.array(z.string().min(1).max(LIMITS.title)).min(1)).length(5),
    contents: z.array(z.array(z.string().min(1).max(LIMITS.content)).min(1)).length(5),
    comments: z.array(z.string().min(1).max(LIMITS.comment)).min(1),
    replies: z.array(z.string().min(1).max(LIMITS.comment)).min(1),
  }),
  /** Approved demo reviews of news posts, by the post's slug. */
  news: z.array(z.strictObject({ post: slug, reviews: z.array(seedReview).min(1).max(5) })).default([]),
});
export type ReviewsFile = z.infer<typeof reviewsFileSchema>;
