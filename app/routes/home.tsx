import { routeMeta } from '~/features/seo';
import { PageView } from '~/features/site';
import { frontPageView } from '~/features/site/index.server';
import { answer, pageParam, siteOrigin } from '~/lib/route.server';
import type { Route } from './+types/home';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageParam(params.page, '/', url.search);
  return answer(frontPageView({ ...context, origin: siteOrigin(request), url }, page));
}

export const meta: Route.MetaFunction = routeMeta;

export default function Home({ loaderData }: Route.ComponentProps) {
  return <PageView view={loaderData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
