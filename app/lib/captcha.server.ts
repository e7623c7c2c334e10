import { createHash, createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { Db } from '~/db';

/**
 * The site's self-hosted captcha: an ALTCHA proof of work (reviews and comments when the site turns it
 * on, sign-in to an account under attack). Challenges are signed with a key derived from the nonce
 * secret, so every app process verifies every other's; each names the action it was made for, signed
 * inside it. A solved challenge is accepted once, which the table `review_captcha_used` (named after
 * its first user) remembers for all processes until the challenge expires.
 */

const ALGORITHM = 'SHA-256';
/** One hash per try; the work is in the number of tries (the counter the browser must find). */
const COST = 1;
const COUNTER = { min: 5_000, max: 25_000 };
const LIFETIME_MS = 10 * 60 * 1000;

function secrets(nonceSecret: string) {
  // The label predates the sign-in captcha; kept so that challenges already handed out still verify.
  const derive = (label: string) => createHmac('sha256', nonceSecret).update(`reviews-captcha|${label}`).digest('hex');
  return { hmacSignatureSecret: derive('challenge'), hmacKeySignatureSecret: derive('key') };
}

/** A new challenge for one action; the action travels signed inside it and is checked on verify. */
export async function newChallenge(nonceSecret: string, action: string, now = Date.now()): Promise<Challenge> {
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
  action: string,
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
