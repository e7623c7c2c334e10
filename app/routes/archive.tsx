import { routeMeta } from '~/content/seo';
import { answer, pageParam, siteOrigin } from '~/lib/route.server';
import { PageView } from '~/pages/ui/page-view';
import { archiveView } from '~/pages/view.server';
import type { Route } from './+types/archive';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const taxonomy = url.pathname.startsWith('/tag/') ? 'post_tag' : 'category';
  const base = `/${taxonomy === 'post_tag' ? 'tag' : 'category'}/${params.term}/`;
  const page = pageParam(params.page, base, url.search);
  const user = await context.userOf(request);
  return answer(archiveView({ ...context, origin: siteOrigin(request), url, user }, taxonomy, params.term, page));
}

export const meta: Route.MetaFunction = routeMeta;

export default function Archive({ loaderData }: Route.ComponentProps) {
  return <PageView view={loaderData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
