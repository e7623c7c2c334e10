import { data } from 'react-router';
import type { AppContext } from '~/context';
import { readForm, UnreadableForm } from '~/lib/form.server';
import { isSameOrigin } from '~/lib/origin.server';
import { clientAddress } from '~/lib/rate-limit.server';
import { siteOrigin } from '~/lib/route.server';
import { SUBSCRIBE, SUBSCRIBE_MESSAGES, SUBSCRIBE_PATHS, type SubscribeAnswer, type SubscribePageData } from './model';
import { confirmSubscriber, subscribe, unsubscribe } from './subscribe.server';

const NO_STORE = { 'Cache-Control': 'no-store' };

function page(request: Request, path: string, title: string, answer: SubscribeAnswer | null): SubscribePageData {
  return {
    seo: {
      title,
      description: 'Berita SMP Tunas Bangsa lewat e-mail.',
      canonical: siteOrigin(request) + path,
      type: 'website',
      noindex: true,
    },
    title,
    answer,
  };
}

/** The subscribe page (GET): the form, for visitors without JavaScript and for links. */
export function subscribePage(request: Request): SubscribePageData {
  return page(request, SUBSCRIBE_PATHS.form, 'Berlangganan berita', null);
}

/**
 * The form posted without JavaScript (the footer's form posts here): the same rules as call 17, the
 * outcome shown on this page with the call's status.
 */
export async function subscribeFromForm(ctx: AppContext, request: Request) {
  const shown = (answer: SubscribeAnswer, status: number) =>
    data(page(request, SUBSCRIBE_PATHS.form, 'Berlangganan berita', answer), { status, headers: NO_STORE });
  if (!isSameOrigin(request)) return shown({ type: 'error', message: SUBSCRIBE_MESSAGES.serverError }, 403);
  let fields: Record<string, string>;
  try {
    fields = await readForm(request);
  } catch (error) {
    if (error instanceof UnreadableForm) return shown({ type: 'error', message: error.message }, 400);
    throw error;
  }
  const email = fields.email ?? '';
  const listId = fields.target_list_id ?? '';
  if (email.length > 1000 || listId.length > SUBSCRIBE.maxListId) {
    return shown({ type: 'error', message: SUBSCRIBE_MESSAGES.serverInvalidMail }, 400);
  }
  const { status, ...answer } = await subscribe(
    { db: ctx.db, secret: ctx.nonceSecret, origin: siteOrigin(request), address: clientAddress(request) },
    { email, listId, fields: {} },
  );
  return shown(answer, status);
}

/** A link's id and token from the address. */
function linkParams(request: Request) {
  const params = new URL(request.url).searchParams;
  return { id: params.get('id') ?? '', token: params.get('token') ?? '' };
}

/** The confirmation link of the double opt-in mail. */
export async function confirmPage(ctx: AppContext, request: Request) {
  const { id, token } = linkParams(request);
  const ok = await confirmSubscriber({ db: ctx.db, secret: ctx.nonceSecret }, id, token);
  return data(
    page(request, SUBSCRIBE_PATHS.confirm, 'Konfirmasi langganan', {
      type: ok ? 'success' : 'error',
      message: ok ? SUBSCRIBE_MESSAGES.confirmed : SUBSCRIBE_MESSAGES.badLink,
    }),
    { status: ok ? 200 : 400 },
  );
}

/**
 * The unsubscribe link of every mail: one click (GET) unsubscribes, and so does a mail program's
 * one-click POST (RFC 8058, `List-Unsubscribe=One-Click`).
 */
export async function unsubscribePage(ctx: AppContext, request: Request) {
  const { id, token } = linkParams(request);
  const ok = await unsubscribe({ db: ctx.db, secret: ctx.nonceSecret }, id, token);
  return data(
    page(request, SUBSCRIBE_PATHS.unsubscribe, 'Berhenti berlangganan', {
      type: ok ? 'success' : 'error',
      message: ok ? SUBSCRIBE_MESSAGES.unsubscribed : SUBSCRIBE_MESSAGES.badLink,
    }),
    { status: ok ? 200 : 400 },
  );
}
