import { routeMeta } from '~/content/seo';
import { followLinkForm, linkPage, linkPostAnswering } from '~/features/subscribe/pages.server';
import { SubscribePage } from '~/features/subscribe/ui/subscribe-page';
import { answerOutcome, answerPost, NO_STORE, visitOf } from '~/lib/route.server';
import type { Route } from './+types/subscribe-confirm';

// Opening the link changes nothing (mail scanners open links): its page's button posts.
export async function loader({ request, context }: Route.LoaderArgs) {
  return answerOutcome(linkPage(context, 'confirm', await visitOf(context, request)));
}

export async function action({ request, context }: Route.ActionArgs) {
  const visit = await visitOf(context, request);
  return answerPost(
    request,
    (fields) => followLinkForm(context, 'confirm', fields, visit),
    linkPostAnswering(visit.origin, 'confirm'),
  );
}

// A link for one subscriber: never kept by the page cache.
export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = routeMeta;

export default function SubscribeConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscribePage page={actionData ?? loaderData} withForm={false} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
