import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '~/db';
import { isValidEmail } from '~/lib/email';
import { sendMail } from '~/lib/mail.server';
import { type RateRule, takeHit } from '~/lib/rate-limit.server';
import { SUBSCRIBE_MESSAGES, SUBSCRIBE_PATHS, type SubscribeAnswer } from './model';

/** What a form sends: the address, the list it names and its extra fields (already bounded). */
export interface Subscription {
  email: string;
  listId: string;
  fields: Record<string, string>;
}

export interface SubscribeContext {
  db: Db;
  /** The secret the links are signed with (the nonce secret). */
  secret: string;
  /** This site's origin, for the links in the mail. */
  origin: string;
  /** The visitor's address, for the rate limit. */
  address: string;
}

/** Limits: subscribing from one address, and confirmation mails to one mailbox (no mail bombing through the form). */
export const SUBSCRIBE_LIMITS = {
  perAddress: { limit: 10, windowMs: 60 * 60_000 },
  mailsPerMailbox: { limit: 3, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, RateRule>;

/** The outcome with the HTTP status the wire and the form answer it with. */
export type SubscribeResult = SubscribeAnswer & { status: number };

/**
 * Subscribes an address (double opt-in): a new or unsubscribed address becomes pending and gets the
 * confirmation mail; a pending one gets it again (a few a day at most); a confirmed one stays as it is.
 * Every case answers the same, so the form tells no one who is subscribed.
 */
export async function subscribe(ctx: SubscribeContext, sub: Subscription): Promise<SubscribeResult> {
  const email = sub.email.trim().toLowerCase();
  if (!isValidEmail(email)) return { type: 'error', message: SUBSCRIBE_MESSAGES.serverInvalidMail, status: 400 };
  if (!(await takeHit(ctx.db, `subscribe:addr:${ctx.address}`, SUBSCRIBE_LIMITS.perAddress))) {
    return { type: 'error', message: SUBSCRIBE_MESSAGES.limited, status: 429 };
  }
  const now = new Date().toISOString();
  const fields = JSON.stringify(sub.fields);
  // One row per address, also when two requests race (the unique index decides).
  await ctx.db
    .insertInto('subscriber')
    .values({ email, list_id: sub.listId, fields, status: 'pending', created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const row = await ctx.db
    .selectFrom('subscriber')
    .select(['id', 'email', 'status'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  if (row.status !== 'confirmed') {
    await ctx.db
      .updateTable('subscriber')
      .set({ status: 'pending', list_id: sub.listId, fields, unsubscribed_at: null })
      .where('id', '=', row.id)
      .execute();
    if (await takeHit(ctx.db, `subscribe:mail:${email}`, SUBSCRIBE_LIMITS.mailsPerMailbox)) {
      await sendConfirmation(ctx, row.id, email);
    }
  }
  return { type: 'success', message: SUBSCRIBE_MESSAGES.sent(email), status: 200 };
}

export type LinkPurpose = 'confirm' | 'unsubscribe';

/** A link's signature: the purpose, the subscriber and the address, signed with the site's secret. */
function signature(secret: string, purpose: LinkPurpose, id: number, email: string): string {
  return createHmac('sha256', secret).update(`subscriber|${purpose}|${id}|${email}`).digest('base64url');
}

/** A signed link of the newsletter (confirmation or unsubscribe); nothing is stored for it. */
export function subscriberLink(
  ctx: Pick<SubscribeContext, 'secret' | 'origin'>,
  purpose: LinkPurpose,
  id: number,
  email: string,
) {
  const path = purpose === 'confirm' ? SUBSCRIBE_PATHS.confirm : SUBSCRIBE_PATHS.unsubscribe;
  return `${ctx.origin}${path}?id=${id}&token=${signature(ctx.secret, purpose, id, email)}`;
}

/**
 * Headers every newsletter mail carries: mail programs show their own unsubscribe button, and one
 * click on it unsubscribes with a POST (RFC 8058).
 */
export function unsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

async function sendConfirmation(ctx: SubscribeContext, id: number, email: string): Promise<void> {
  const unsubscribe = subscriberLink(ctx, 'unsubscribe', id, email);
  await sendMail(ctx.db, {
    to: email,
    subject: 'Konfirmasi langganan berita - SMP Tunas Bangsa',
    text: [
      'Halo,',
      '',
      'Seseorang (semoga Anda) ingin menerima berita SMP Tunas Bangsa di alamat ini.',
      'Buka tautan ini, lalu tekan tombol "Konfirmasi langganan":',
      '',
      subscriberLink(ctx, 'confirm', id, email),
      '',
      'Jika Anda tidak memintanya, abaikan e-mail ini: Anda tidak akan berlangganan.',
      '',
      `Berhenti berlangganan (buka tautan ini, lalu tekan tombolnya): ${unsubscribe}`,
    ].join('\n'),
    headers: unsubscribeHeaders(unsubscribe),
  });
}

/** A link's subscriber when its signature is right, else null. */
async function linkedSubscriber(
  ctx: Pick<SubscribeContext, 'db' | 'secret'>,
  purpose: LinkPurpose,
  id: string,
  token: string,
) {
  if (!/^[1-9]\d{0,9}$/.test(id) || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await ctx.db
    .selectFrom('subscriber')
    .select(['id', 'email', 'status'])
    .where('id', '=', Number(id))
    .executeTakeFirst();
  if (!row) return null;
  const expected = Buffer.from(signature(ctx.secret, purpose, row.id, row.email));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? row : null;
}

/** Whether a link of the mail is good for `purpose`; reads only, so that opening a link changes nothing. */
export async function isGoodLink(
  ctx: Pick<SubscribeContext, 'db' | 'secret'>,
  purpose: LinkPurpose,
  id: string,
  token: string,
): Promise<boolean> {
  return (await linkedSubscriber(ctx, purpose, id, token)) !== null;
}

/**
 * Follows a link of the mail (the POST of its page's button): `confirm` confirms the subscriber (following it is consent, also after
 * an unsubscribe), `unsubscribe` unsubscribes (a click, or a mail program's one-click POST). Following
 * a link again changes nothing. False for a bad link.
 */
export async function followLink(
  ctx: Pick<SubscribeContext, 'db' | 'secret'>,
  purpose: LinkPurpose,
  id: string,
  token: string,
): Promise<boolean> {
  const row = await linkedSubscriber(ctx, purpose, id, token);
  if (!row) return false;
  const now = new Date().toISOString();
  const change =
    purpose === 'confirm'
      ? ({ status: 'confirmed', confirmed_at: now, unsubscribed_at: null } as const)
      : ({ status: 'unsubscribed', unsubscribed_at: now } as const);
  if (row.status !== change.status) {
    await ctx.db.updateTable('subscriber').set(change).where('id', '=', row.id).execute();
  }
  return true;
}
