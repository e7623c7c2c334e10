import { createHash, createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { Db } from '~/db';
import type { CaptchaAction } from './settings';

/**
 * The optional captcha of reviews and comments (spec 000 §7 "Captcha tokens are sent when enabled"):
 * a self-hosted ALTCHA proof of work. Challenges are signed with a key derived from the nonce
 * secret, so every app process verifies every other's; a solved challenge is accepted once, which
 * the table `review_captcha_used` remembers for all processes until the challenge expires.
 */

/** Site option (JSON true/false) that turns the captcha on; `REVIEWS_CAPTCHA=on|off` overrides it. */
export const CAPTCHA_OPTION = 'reviews_captcha';
const ALGORITHM = 'SHA-256';
/** One hash per try; the work is in the number of tries (the counter the browser must find). */
const COST = 1;
const COUNTER = { min: 5_000, max: 25_000 };
const LIFETIME_MS = 10 * 60 * 1000;

/** Whether reviews and comments need a solved captcha. */
export async function captchaEnabled(db: Db): Promise<boolean> {
  const env = process.env.REVIEWS_CAPTCHA?.trim().toLowerCase();
  if (env) return ['on', '1', 'true', 'yes'].includes(env);
  const row = await db.selectFrom('site_option').select('value').where('name', '=', CAPTCHA_OPTION).executeTakeFirst();
  if (!row) return false;
  try {
    return JSON.parse(row.value) === true;
  } catch {
    return false;
  }
}

function secrets(nonceSecret: string) {
  const derive = (label: string) => createHmac('sha256', nonceSecret).update(`reviews-captcha|${label}`).digest('hex');
  return { hmacSignatureSecret: derive('challenge'), hmacKeySignatureSecret: derive('key') };
}

/** A new challenge for one action; the action travels signed inside it and is checked on verify. */
export async function newChallenge(nonceSecret: string, action: CaptchaAction, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER.max, COUNTER.min),
    deriveKey,
    data: { action },
    expiresAt: new Date(now + LIFETIME_MS),
    ...secrets(nonceSecret),
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALGORITHM),
        cost: z.literal(COST),
        nonce: z.string().max(200),
        salt: z.string().max(200),
        keyLength: z.number(),
        keyPrefix: z.string().max(200),
        expiresAt: z.number(),
        data: z.object({ action: z.string() }).loose(),
      })
      .loose(),
    signature: z.string().min(1).max(200),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(200) }).loose(),
});

/**
 * Whether `token` (the widget's base64 JSON `{challenge, solution}`) solves a challenge this site made
 * for `action`, unexpired and never used before. A true answer uses the token up.
 */
export async function verifyCaptcha(
  db: Db,
  nonceSecret: string,
  token: string | undefined,
  action: CaptchaAction,
  now = Date.now(),
): Promise<boolean> {
  if (!token) return false;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return false;
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) return false;
  const { challenge, solution } = parsed.data;
  if (challenge.parameters.data.action !== action) return false;
  try {
    const result = await verifySolution({
      challenge: challenge as unknown as Challenge,
      solution,
      deriveKey,
      ...secrets(nonceSecret),
    });
    if (!result.verified) return false;
  } catch {
    return false;
  }
  const nowIso = new Date(now).toISOString();
  await db.deleteFrom('review_captcha_used').where('expires_at', '<', nowIso).execute();
  const inserted = await db
    .insertInto('review_captcha_used')
    .values({
      id: createHash('sha256').update(challenge.signature).digest('hex'),
      expires_at: new Date(challenge.parameters.expiresAt * 1000).toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
