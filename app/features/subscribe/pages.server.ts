import type { AppContext } from '~/context';
import { type Outcome, ok, refused } from '~/lib/outcome';
import { SUBSCRIBE_MESSAGES, SUBSCRIBE_PATHS, type SubscribeAnswer, type SubscribePageData } from './model';
import { followLink, isGoodLink, type LinkPurpose, subscribe } from './subscribe.server';
import { subscribeData, subscriptionOf } from './wire.server';

/** A newsletter page with its outcome: shown with status 200 when it went well, else with the refusal's. */
export type SubscribeOutcome = Outcome<SubscribePageData, SubscribePageData>;

function page(origin: string, path: string, title: string, answer: SubscribeAnswer | null): SubscribePageData {
  return {
    seo: {
      title,
      description: 'Berita SMP Tunas Bangsa lewat e-mail.',
      canonical: origin + path,
      type: 'website',
      noindex: true,
    },
    title,
    answer,
  };
}

/** The subscribe page (GET) on the site's `origin`: the form, for visitors without JavaScript and for links. */
export function subscribePage(origin: string): SubscribePageData {
  return formPage(origin, null);
}

function formPage(origin: string, answer: SubscribeAnswer | null): SubscribePageData {
  return page(origin, SUBSCRIBE_PATHS.form, 'Berlangganan berita', answer);
}

/**
 * How the subscribe page's route shows a post it did not take (lib/route.server.ts `answerPost`): the
 * message as the page's error; to another site's page, the call's server error (as call 17 would).
 */
export function subscribePostAnswering(origin: string) {
  return {
    crossSite: SUBSCRIBE_MESSAGES.serverError,
    refusal: (message: string) => formPage(origin, { type: 'error', message }),
  };
}

/**
 * The form posted without JavaScript (the footer's form posts here): the same rules as call 17, the
 * outcome shown on this page with the call's status. `from` is the site's origin (the mail's links)
 * and the visitor's address (the rate limit).
 */
export async function subscribeFromForm(
  ctx: Pick<AppContext, 'db' | 'nonceSecret'>,
  fields: Record<string, string>,
  from: { origin: string; address: string },
): Promise<SubscribeOutcome> {
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
  if (!parsed.success) {
    return refused(400, formPage(from.origin, { type: 'error', message: SUBSCRIBE_MESSAGES.badForm }));
  }
  const { status, ...answer } = await subscribe(
    { db: ctx.db, secret: ctx.nonceSecret, origin: from.origin, address: from.address },
    subscriptionOf(parsed.data),
  );
  // The call's answer on the page, with the call's status: 200 for a success, else the refusal's.
  const shown = formPage(from.origin, answer);
  return status === 200 ? ok(shown) : refused(status, shown);
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

/** A mail link's page, with an answer when there is one. */
function linkShown(origin: string, purpose: LinkPurpose, answer: SubscribeAnswer | null): SubscribePageData {
  return page(origin, LINKS[purpose].path, LINKS[purpose].title, answer);
}

/** What a mail link's page reads of its request, handed over by its route: the site's origin and the link's query. */
export interface LinkVisit {
  origin: string;
  query: URLSearchParams;
}

/**
 * A link of the newsletter's mail opened (GET): the confirmation link of the double opt-in mail, or the
 * unsubscribe link of every mail. Opening it changes nothing, as mail scanners open links for their
 * readers: a good link's page shows one button that posts the link's id and token (`followLinkForm`).
 * A bad link says so and is refused with 400.
 */
export async function linkPage(
  ctx: Pick<AppContext, 'db' | 'nonceSecret'>,
  purpose: LinkPurpose,
  visit: LinkVisit,
): Promise<SubscribeOutcome> {
  const link = LINKS[purpose];
  const id = visit.query.get('id') ?? '';
  const token = visit.query.get('token') ?? '';
  if (!(await isGoodLink({ db: ctx.db, secret: ctx.nonceSecret }, purpose, id, token))) {
    return refused(400, linkShown(visit.origin, purpose, { type: 'error', message: SUBSCRIBE_MESSAGES.badLink }));
  }
  return ok({
    ...linkShown(visit.origin, purpose, null),
    confirm: { action: link.path, intro: link.intro, label: link.button, id, token },
  });
}

/** How a mail link's route shows a post it did not take (`answerPost`): the message as the page's error. */
export function linkPostAnswering(origin: string, purpose: LinkPurpose) {
  return { refusal: (message: string) => linkShown(origin, purpose, { type: 'error', message }) };
}

/**
 * The button of a link's page pressed (POST of `id` and `token`), or a mail program's one-click
 * unsubscribe (RFC 8058: `List-Unsubscribe=One-Click` posted to the link itself, id and token in its
 * address, the `query`). Another site's post is refused like every form's (its route); a bad link
 * changes nothing and is refused with 400.
 */
export async function followLinkForm(
  ctx: Pick<AppContext, 'db' | 'nonceSecret'>,
  purpose: LinkPurpose,
  fields: Record<string, string>,
  visit: LinkVisit,
): Promise<SubscribeOutcome> {
  const followed = await followLink(
    { db: ctx.db, secret: ctx.nonceSecret },
    purpose,
    fields.id ?? visit.query.get('id') ?? '',
    fields.token ?? visit.query.get('token') ?? '',
  );
  return followed
    ? ok(linkShown(visit.origin, purpose, { type: 'success', message: LINKS[purpose].done }))
    : refused(400, linkShown(visit.origin, purpose, { type: 'error', message: SUBSCRIBE_MESSAGES.badLink }));
}
