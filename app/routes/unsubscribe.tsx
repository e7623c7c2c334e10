import { routeMeta } from '~/content/seo';
import { followLinkForm, linkPage, linkPostAnswering } from '~/features/subscribe/pages.server';
import { SubscribePage } from '~/features/subscribe/ui/subscribe-page';
import { answerOutcome, answerPost, NO_STORE, visitOf } from '~/lib/route.server';
import type { Route } from './+types/unsubscribe';

// Opening the link changes nothing (mail scanners open links): its page's button posts.
export async function loader({ request, context }: Route.LoaderArgs) {
  return answerOutcome(linkPage(context, 'unsubscribe', await visitOf(context, request)));
}

// The page's button, and a mail program's one-click unsubscribe (RFC 8058) posted to the link itself.
export async function action({ request, context }: Route.ActionArgs) {
  const visit = await visitOf(context, request);
  return answerPost(
    request,
    (fields) => followLinkForm(context, 'unsubscribe', fields, visit),
    linkPostAnswering(visit.origin, 'unsubscribe'),
  );
}

// A link for one subscriber: never kept by the page cache.
export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = routeMeta;

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscribePage page={actionData ?? loaderData} withForm={false} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
