import { routeMeta } from '~/content/seo';
import { linkPage } from '~/features/subscribe/pages.server';
import { SubscribePage } from '~/features/subscribe/ui/subscribe-page';
import type { Route } from './+types/subscribe-confirm';

export async function loader({ request, context }: Route.LoaderArgs) {
  return linkPage(context, request, 'confirm');
}

// A link for one subscriber: never kept by the page cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = routeMeta;

export default function SubscribeConfirm({ loaderData }: Route.ComponentProps) {
  return <SubscribePage page={loaderData} withForm={false} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
