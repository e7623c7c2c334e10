import { data } from 'react-router';
import { routeMeta } from '~/content/seo';
import { filterFormRedirect } from '~/features/filters/redirect.server';
import { reviewFormAction } from '~/features/reviews/form.server';
import { answer, pageParam, siteOrigin } from '~/lib/route.server';
import { ServerHtmlBlock } from '~/lib/server-html';
import { SIGNED_IN_HEADERS } from '~/pages/edit-control.server';
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
  const view = await answer(contentView({ ...context, origin: siteOrigin(request), url, user }, slug, page));
  // A signed-in user's page (their name, the staff's "Ubah" control) is never kept by a shared cache.
  return data(view, user ? { headers: SIGNED_IN_HEADERS } : undefined);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

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
  // "Ubah berita" for staff (issue 22): a page's control is in its tree, a news post's is placed here.
  const edit = loaderData.kind === 'post' ? loaderData.edit : undefined;
  return (
    <>
      {edit ? <ServerHtmlBlock block={edit} /> : null}
      <PageView view={loaderData} footer={share} />
    </>
  );
}

export { ErrorBoundary } from '~/ui/error-boundary';
