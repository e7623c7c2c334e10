import { data } from 'react-router';
import type { AppContext } from '~/context';
import { readForm, UnreadableForm } from '~/lib/form.server';
import { isSameOrigin } from '~/lib/origin.server';
import { clientAddress } from '~/lib/rate-limit.server';
import { siteOrigin } from '~/lib/route.server';
import { SUBSCRIBE_MESSAGES, SUBSCRIBE_PATHS, type SubscribeAnswer, type SubscribePageData } from './model';

/** What every form of the site answers a post from another site's page. */
const CROSS_SITE = 'Formulir ini harus dikirim dari situs ini.';

import { followLink, isGoodLink, type LinkPurpose, subscribe } from './subscribe.server';
import { subscribeData, subscriptionOf } from './wire.server';

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
  // The same fields as call 17's `data[…]`, under the form's plain names.
  const additional: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    const name = /^additional\[(.+)\]$/.exec(key)?.[1];
    if (name) additional[name] = value;
  }
  const parsed = subscribeData.safeParse({
    email: fields.email ?? '',
    use_target_list_id: fields.target_list_id ? 'true' : 'false',
    target_list_id: fields.target_list_id,
    additional,
  });
  if (!parsed.success) return shown({ type: 'error', message: SUBSCRIBE_MESSAGES.badForm }, 400);
  const { status, ...answer } = await subscribe(
    { db: ctx.db, secret: ctx.nonceSecret, origin: siteOrigin(request), address: clientAddress(request) },
    subscriptionOf(parsed.data),
  );
  return shown(answer, status);
}

/** What each link of the mail does, and the page it shows. */
const LINKS = {
  confirm: {
    path: SUBSCRIBE_PATHS.confirm,
    title: 'Konfirmasi langganan',
    intro: 'Tekan tombol ini untuk mulai menerima berita SMP Tunas Bangsa di alamat Anda.',
    button: 'Konfirmasi langganan',
    done: SUBSCRIBE_MESSAGES.confirmed,
  },
  unsubscribe: {
    path: SUBSCRIBE_PATHS.unsubscribe,
    title: 'Berhenti berlangganan',
    intro: 'Tekan tombol ini untuk berhenti menerima berita SMP Tunas Bangsa di alamat Anda.',
    button: 'Berhenti berlangganan',
    done: SUBSCRIBE_MESSAGES.unsubscribed,
  },
} as const satisfies Record<LinkPurpose, unknown>;

/**
 * A link of the newsletter's mail opened (GET): the confirmation link of the double opt-in mail, or the
 * unsubscribe link of every mail. Opening it changes nothing, as mail scanners open links for their
 * readers: a good link's page shows one button that posts the link's id and token (`followLinkForm`).
 * A bad link says so and answers 400.
 */
export async function linkPage(ctx: AppContext, request: Request, purpose: LinkPurpose) {
  const link = LINKS[purpose];
  const params = new URL(request.url).searchParams;
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  if (!(await isGoodLink({ db: ctx.db, secret: ctx.nonceSecret }, purpose, id, token))) {
    return data(page(request, link.path, link.title, { type: 'error', message: SUBSCRIBE_MESSAGES.badLink }), {
      status: 400,
    });
  }
  return data({
    ...page(request, link.path, link.title, null),
    confirm: { action: link.path, intro: link.intro, label: link.button, id, token },
  });
}

/**
 * The button of a link's page pressed (POST of `id` and `token`), or a mail program's one-click
 * unsubscribe (RFC 8058: `List-Unsubscribe=One-Click` posted to the link itself, id and token in its
 * address). Another site's post is refused like every form's; a bad link changes nothing and answers 400.
 */
export async function followLinkForm(ctx: AppContext, request: Request, purpose: LinkPurpose) {
  const link = LINKS[purpose];
  const shown = (answer: SubscribeAnswer, status: number) =>
    data(page(request, link.path, link.title, answer), { status, headers: NO_STORE });
  if (!isSameOrigin(request)) return shown({ type: 'error', message: CROSS_SITE }, 403);
  let fields: Record<string, string>;
  try {
    fields = await readForm(request);
  } catch (error) {
    if (error instanceof UnreadableForm) return shown({ type: 'error', message: error.message }, 400);
    throw error;
  }
  const params = new URL(request.url).searchParams;
  const ok = await followLink(
    { db: ctx.db, secret: ctx.nonceSecret },
    purpose,
    fields.id ?? params.get('id') ?? '',
    fields.token ?? params.get('token') ?? '',
  );
  return ok
    ? shown({ type: 'success', message: link.done }, 200)
    : shown({ type: 'error', message: SUBSCRIBE_MESSAGES.badLink }, 400);
}
