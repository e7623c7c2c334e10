import { routeMeta } from '~/content/seo';
import { filterFormRedirect } from '~/features/filters/redirect.server';
import { reviewFormAction } from '~/features/reviews/form.server';
import { answer, pageParam, siteOrigin } from '~/lib/route.server';
import { PageView } from '~/pages/ui/page-view';
import { contentView } from '~/pages/view.server';
import { DEFAULT_SHARE_NETWORKS } from '~/widgets/share/model';
import { ShareButtons } from '~/widgets/share/share-buttons';
import type { Route } from './+types/content';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = params.slug;
  const page = pageParam(params.page, `/${slug}/`, url.search);
  const user = await context.userOf(request);
  return answer(contentView({ ...context, origin: siteOrigin(request), url, user }, slug, page));
}

/**
 * A form posted to this page: the new-review form sent without JavaScript (303 back to the reviews),
 * or a filter form from another page (original-wire.md §2.11): 303 to its filtered address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const review = await answer(reviewFormAction(context, request));
  return review ?? answer(filterFormRedirect(context.db, request));
}

export const meta: Route.MetaFunction = routeMeta;

export default function Content({ loaderData }: Route.ComponentProps) {
  // A news item closes with the share buttons (issue 22): its canonical address and its title.
  const share =
    loaderData.kind === 'post' && loaderData.post.summary.type === 'post' ? (
      <ShareButtons
        label="Bagikan berita ini"
        url={loaderData.seo.canonical}
        title={loaderData.post.summary.title}
        networks={DEFAULT_SHARE_NETWORKS}
        copyLink
        print
      />
    ) : undefined;
  return <PageView view={loaderData} footer={share} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
