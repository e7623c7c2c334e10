import { routeMeta } from '~/content/seo';
import { notFound, pageId } from '~/features/page-editor/route.server';
import { PreviewBar } from '~/features/page-editor/ui/preview-bar';
import { siteOrigin } from '~/lib/route.server';
import { csrfToken, staffUser } from '~/lib/staff-access.server';
import { PageView } from '~/pages/ui/page-view';
import { ErrorBoundary as PublicErrorBoundary } from '~/ui/error-boundary';
import type { Route } from './+types/pages-preview';
import { pagePreview } from './pages-catalog.server';

// Issue 14 "Pages": /admin/halaman/{id}/pratinjau/, the draft of a page or template rendered as the
// public page is (the same loaders, renderer and page view, in the public site's frame: this route
// sits outside the staff frame on purpose). Staff only, never cached, never indexed.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await staffUser(context, request, 'pages');
  const id = pageId(params.id);
  // Every draft was checked as the renderer checks trees when it was saved (tree-edit.ts treeProblem).
  const preview = await pagePreview({ ...context, origin: siteOrigin(request), url: new URL(request.url) }, id);
  if (!preview) throw notFound();
  const { view, hasDraft, version } = preview;
  const title = view.kind === 'tree' ? view.title : '';
  return { view, seo: view.seo, bar: { id, title, hasDraft, version, csrf: csrfToken(context, user) } };
}

export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
});

export const meta: Route.MetaFunction = routeMeta;

export default function StaffPagePreview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PreviewBar {...loaderData.bar} />
      <PageView view={loaderData.view} />
    </>
  );
}

export { PublicErrorBoundary as ErrorBoundary };
