import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { restRoutes } from '~/calls.server';
import { SITE_OPTIONS } from '~/content/options';
import type { Connection } from '~/db/connection.server';
import type { ReviewComment, ReviewItem } from '~/features/reviews/model';
import { RATE_LIMITS } from '~/features/reviews/wire.server';
import { createNonce } from '~/wire/nonce.server';
import { dispatchRest, REST_NONCE_ACTION } from '~/wire/registry.server';
import { appContext, DIALECTS } from '../support/databases';
import {
  type Answer,
  freshAddress,
  freshGuest,
  NS,
  ORIGIN,
  type ReviewedPost,
  type ReviewUser,
  reviewsSuite,
  SECRET,
  type WpError,
} from '../support/reviews-wire';

/** What stops abuse of the review calls: the nonce, the captcha, the rate limits; no input makes a 5xx. */
describe.each(DIALECTS)('reviews on %s', (dialect) => {
  let conn: Connection;
  let ekskul: ReviewedPost[];
  let news: number;
  let editor: ReviewUser;
  let parent: ReviewUser;
  const { rest, ajax, list, guestReview, submit, reviewCount } = reviewsSuite(dialect, (opened) => {
    ({ conn, ekskul, news, editor, parent } = opened);
  });

  test('state-changing calls without a valid nonce answer 403 rest_cookie_invalid_nonce', async () => {
    const target = ekskul[8] as { id: number };
    const before = await reviewCount(target.id);
    for (const nonce of [false, '0123456789abcdef0123', createNonce(SECRET, '42', REST_NONCE_ACTION)] as const) {
      const { status, body } = await rest<WpError>('submit-review', guestReview(target.id), { nonce });
      expect(status).toBe(403);
      expect(body.code).toBe('rest_cookie_invalid_nonce');
    }
    // A signed-in user's nonce is bound to the user.
    const visitorNonce = createNonce(SECRET, '0', REST_NONCE_ACTION);
    const { status } = await rest('submit-review', guestReview(target.id), { as: parent, nonce: visitorNonce });
    expect(status).toBe(403);
    for (const route of ['submit-review-comment', 'update-review-approval', 'moderate-review']) {
      expect((await rest(route, {}, { nonce: false })).status).toBe(403);
    }
    expect((await ajax({ action: 'jet_reviews_add_meta_review' }, { as: parent, nonce: false })).status).toBe(403);
    expect((await ajax({ action: 'jet_reviews_remove_review' }, { as: parent, nonce: false })).status).toBe(403);
    expect(await reviewCount(target.id)).toBe(before);
  });

  // -- captcha --------------------------------------------------------------------------------

  test('with the captcha on, reviews and comments need a solved, unused challenge of their action', async () => {
    const target = ekskul[15] as { id: number };
    const challenge = async (action: string) => {
      const res = await dispatchRest(
        new Request(`${ORIGIN}/wp-json/${NS}/captcha-challenge?action=${action}`),
        appContext(conn, SECRET),
        restRoutes,
        `${NS}/captcha-challenge`,
      );
      expect(res.status).toBe(200);
      return (await res.json()) as Challenge;
    };
    const token = async (action: string) => {
      const c = await challenge(action);
      expect(c.parameters.data?.action).toBe(action);
      const solution = await solveChallenge({ challenge: c, deriveKey });
      return Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64');
    };

    // Off by default: no token needed (the other tests).
    await conn.db.insertInto('site_option').values({ name: SITE_OPTIONS.reviewsCaptcha.name, value: 'true' }).execute();
    try {
      const before = await reviewCount(target.id);
      const none = await submit(guestReview(target.id));
      expect(none.body).toEqual({ success: false, code: 'captcha-failed', message: '*Captcha validation failed' });
      const wrongAction = await submit(
        guestReview(target.id, freshGuest(), { captcha_token: await token('submit_review_comment') }),
      );
      expect(wrongAction.body.code).toBe('captcha-failed');
      const junk = await submit(guestReview(target.id, freshGuest(), { captcha_token: 'bm90IGEgdG9rZW4=' }));
      expect(junk.body.code).toBe('captcha-failed');
      expect(await reviewCount(target.id)).toBe(before);

      const good = await token('submit_review');
      const ok = await submit(guestReview(target.id, freshGuest(), { captcha_token: good }));
      expect(ok.body.code).toBe('review-created');
      const reused = await submit(guestReview(target.id, freshGuest(), { captcha_token: good }));
      expect(reused.body.code).toBe('captcha-failed');
      expect(await reviewCount(target.id)).toBe(before + 1);

      const commentBody = (captcha_token: string | undefined, parent_id = 0) => ({
        source: 'post',
        source_id: target.id,
        parent_id,
        review_id: ok.body.data.item.id,
        author_id: freshGuest(),
        author_name: 'Tamu',
        author_mail: 'tamu@contoh.sch.id',
        content: 'Komentar',
        captcha_token,
      });
      expect((await rest<Answer>('submit-review-comment', commentBody(undefined))).body.code).toBe('captcha-failed');
      const comment = await rest<Answer<ReviewComment>>(
        'submit-review-comment',
        commentBody(await token('submit_review_comment')),
      );
      expect(comment.body.success).toBe(true);
      const replyWithCommentToken = await rest<Answer>(
        'submit-review-comment',
        commentBody(await token('submit_review_comment'), comment.body.data.id),
      );
      expect(replyWithCommentToken.body.code).toBe('captcha-failed');
      const reply = await rest<Answer>(
        'submit-review-comment',
        commentBody(await token('submit_comment_reply'), comment.body.data.id),
      );
      expect(reply.body.success).toBe(true);

      const loaded = await conn.db.selectFrom('review_captcha_used').select('id').execute();
      expect(loaded.length).toBeGreaterThanOrEqual(3);
    } finally {
      await conn.db.deleteFrom('site_option').where('name', '=', SITE_OPTIONS.reviewsCaptcha.name).execute();
    }
    expect((await submit(guestReview(target.id))).body.code).toBe('review-created');
    const badAction = await dispatchRest(
      new Request(`${ORIGIN}/wp-json/${NS}/captcha-challenge?action=hack`),
      appContext(conn, SECRET),
      restRoutes,
      `${NS}/captcha-challenge`,
    );
    expect(badAction.status).toBe(400);
  });

  // -- rate limits ----------------------------------------------------------------------------

  test('one address sending too many reviews is refused with 429, and nothing of those is stored', async () => {
    const address = freshAddress();
    const { limit } = RATE_LIMITS.review.address;
    // Twice the limit and one: whatever window boundary falls in between, some must be refused.
    const guests = Array.from({ length: 2 * limit + 1 }, () => freshGuest());
    const answers = [];
    for (const g of guests) answers.push(await submit(guestReview(news, g), { address }));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect((refused[0]?.body as unknown as WpError | undefined)?.message).toMatch(/Terlalu banyak/);
    const stored = await conn.db
      .selectFrom('review')
      .select('author_key')
      .where('post_id', '=', news)
      .where('author_key', 'in', guests)
      .execute();
    expect(stored.length).toBe(answers.length - refused.length);
    const storedKeys = new Set(stored.map((s) => s.author_key));
    answers.forEach((a, i) => {
      expect(storedKeys.has(guests[i] as string)).toBe(a.status !== 429);
    });
  });

  test('one guest voting too often is refused with 429 from any address, and the vote is unchanged', async () => {
    const target = ekskul[16] as { id: number };
    const review = (await list(target.id)).body.data.list[0] as ReviewItem;
    const guest = freshGuest();
    const { limit } = RATE_LIMITS.vote.author;
    const answers = [];
    for (let i = 0; i < 2 * limit + 1; i++) {
      answers.push(
        await rest<Answer<{ like: number }>>('update-review-approval', {
          review_id: review.id,
          type: 'like',
          author_id: guest,
        }),
      );
    }
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(answers.some((a) => a.status === 429)).toBe(true);
    const stored = await conn.db
      .selectFrom('review_vote')
      .select('vote')
      .where('review_id', '=', review.id)
      .where('voter_key', '=', guest)
      .executeTakeFirst();
    // Each accepted toggle flips the vote; refused ones change nothing.
    expect(stored?.vote ?? 0).toBe(accepted % 2 === 1 ? 1 : 0);
  });

  // -- no input makes a 5xx ----------------------------------------------------------------------

  test('random payloads with a valid nonce never make a review call answer 5xx', async () => {
    const target = ekskul[17] as { id: number };
    const review = (await list(target.id)).body.data.list[0] as ReviewItem;
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom('\u0000', 'x'.repeat(6000), '<script>', '1e309', '-1', '0', 'NaN', 'guest_abcdef', 'true', '[]'),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.json({ maxDepth: 2 }).map((j) => JSON.parse(j) as unknown),
    );
    const fields = [
      'source',
      'source_id',
      'title',
      'content',
      'author_id',
      'author_name',
      'author_mail',
      'rating_data',
      'captcha_token',
      'review_id',
      'parent_id',
      'type',
      'inc',
      'current_state',
      'operation',
      'page',
      'page_size',
    ];
    const base: Record<string, unknown> = {
      ...guestReview(target.id),
      review_id: review.id,
      parent_id: 0,
      type: 'like',
      operation: 'pin',
    };
    const routes = [
      'get-public-reviews-list',
      'submit-review',
      'submit-review-comment',
      'update-review-approval',
      'moderate-review',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 4 }),
        fc.boolean(),
        async (route, over, signedIn) => {
          const { status } = await rest(route, { ...base, ...over }, signedIn ? { as: editor } : {});
          expect(status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
