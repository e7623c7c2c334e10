import { routeMeta } from '~/content/seo';
import { linkPage } from '~/features/subscribe/pages.server';
import { SubscribePage } from '~/features/subscribe/ui/subscribe-page';
import type { Route } from './+types/unsubscribe';

export async function loader({ request, context }: Route.LoaderArgs) {
  return linkPage(context, request, 'unsubscribe');
}

// A mail program's one-click unsubscribe (RFC 8058) posts to the same address.
export async function action({ request, context }: Route.ActionArgs) {
  return linkPage(context, request, 'unsubscribe');
}

// A link for one subscriber: never kept by the page cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = routeMeta;

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscribePage page={actionData ?? loaderData} withForm={false} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
