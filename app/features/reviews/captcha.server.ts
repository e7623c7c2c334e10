import type { Challenge } from 'altcha-lib';
import { readSiteOptions } from '~/content/options.server';
import type { Db } from '~/db';
import * as captcha from '~/lib/captcha.server';
import { env } from '~/lib/env.server';
import type { CaptchaAction } from './settings';

/**
 * The optional captcha of reviews and comments (spec 000 §7 "Captcha tokens are sent when enabled"):
 * the site's ALTCHA proof of work (`~/lib/captcha.server`), for the actions of CAPTCHA_ACTIONS only.
 */

/**
 * Whether reviews and comments need a solved captcha (read afresh: an editor's switch counts at once):
 * on the whole site by the site option, or on one source by its staff setting (`source.captcha`).
 */
export async function captchaEnabled(db: Db, source?: { captcha: boolean }): Promise<boolean> {
  return env().REVIEWS_CAPTCHA ?? (source?.captcha === true || (await readSiteOptions(db)).reviewsCaptcha);
}

/** A new challenge for one of the reviews' actions. */
export function newChallenge(nonceSecret: string, action: CaptchaAction, now = Date.now()): Promise<Challenge> {
  return captcha.newChallenge(nonceSecret, action, now);
}

/** Whether `token` solves an unused challenge made for this reviews action (a true answer uses it up). */
export function verifyCaptcha(
  db: Db,
  nonceSecret: string,
  token: string | undefined,
  action: CaptchaAction,
  now = Date.now(),
): Promise<boolean> {
  return captcha.verifyCaptcha(db, nonceSecret, token, action, now);
}
