import { routeMeta } from '~/features/seo';
import { PageView } from '~/features/site';
import { contentView } from '~/features/site/index.server';
import { answer, pageParam, siteOrigin } from '~/lib/route.server';
import type { Route } from './+types/content';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = params.slug;
  const page = pageParam(params.page, `/${slug}/`, url.search);
  return answer(contentView({ ...context, origin: siteOrigin(request), url }, slug, page));
}

export const meta: Route.MetaFunction = routeMeta;

export default function Content({ loaderData }: Route.ComponentProps) {
  return <PageView view={loaderData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
