import { routeMeta } from '~/content/seo';
import { subscribeFromForm, subscribePage, subscribePostAnswering } from '~/features/subscribe/pages.server';
import { SubscribePage } from '~/features/subscribe/ui/subscribe-page';
import { clientAddress } from '~/lib/rate-limit.server';
import { answerPost, siteOrigin } from '~/lib/route.server';
import type { Route } from './+types/subscribe';

export function loader({ request }: Route.LoaderArgs) {
  return subscribePage(siteOrigin(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  const from = { origin: siteOrigin(request), address: clientAddress(request) };
  return answerPost(request, (fields) => subscribeFromForm(context, fields, from), subscribePostAnswering(from.origin));
}

// The form's outcome is for one visitor (no-store); the plain form page may be cached.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = routeMeta;

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscribePage page={actionData ?? loaderData} withForm />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
