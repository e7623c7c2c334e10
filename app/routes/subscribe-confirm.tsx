import { routeMeta } from '~/content/seo';
import { followLinkForm, linkPage } from '~/features/subscribe/pages.server';
import { SubscribePage } from '~/features/subscribe/ui/subscribe-page';
import type { Route } from './+types/subscribe-confirm';

// Opening the link changes nothing (mail scanners open links): its page's button posts.
export async function loader({ request, context }: Route.LoaderArgs) {
  return linkPage(context, request, 'confirm');
}

export async function action({ request, context }: Route.ActionArgs) {
  return followLinkForm(context, request, 'confirm');
}

// A link for one subscriber: never kept by the page cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = routeMeta;

export default function SubscribeConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscribePage page={actionData ?? loaderData} withForm={false} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
