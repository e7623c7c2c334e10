import { routeMeta } from '~/content/seo';
import { subscribeFromForm, subscribePage } from '~/features/subscribe/pages.server';
import { SubscribePage } from '~/features/subscribe/ui/subscribe-page';
import type { Route } from './+types/subscribe';

export function loader({ request }: Route.LoaderArgs) {
  return subscribePage(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return subscribeFromForm(context, request);
}

// The form's outcome is for one visitor (no-store); the plain form page may be cached.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = routeMeta;

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscribePage page={actionData ?? loaderData} withForm />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
