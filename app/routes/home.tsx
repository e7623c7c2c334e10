import { data } from 'react-router';
import { routeMeta } from '~/content/seo';
import { filterFormRedirect } from '~/features/filters/redirect.server';
import { answer, pageParam, siteOrigin } from '~/lib/route.server';
import { SIGNED_IN_HEADERS } from '~/pages/edit-control.server';
import { PageView } from '~/pages/ui/page-view';
import { frontPageView } from '~/pages/view.server';
import type { Route } from './+types/home';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageParam(params.page, '/', url.search);
  const user = await context.userOf(request);
  const view = await answer(frontPageView({ ...context, origin: siteOrigin(request), url, user }, page));
  // A signed-in user's page (their name, the staff's "Ubah halaman" in the tree) is never kept by a shared cache.
  return data(view, user ? { headers: SIGNED_IN_HEADERS } : undefined);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A filter form posted to this page from another one (original-wire.md §2.11): 303 to its filtered address. */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(filterFormRedirect(context.db, request));
}

export const meta: Route.MetaFunction = routeMeta;

export default function Home({ loaderData }: Route.ComponentProps) {
  return <PageView view={loaderData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
