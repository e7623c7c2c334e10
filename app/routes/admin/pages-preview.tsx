import { useEffect } from 'react';
import { routeMeta } from '~/content/seo';
import { siteOrigin } from '~/lib/route.server';
import { PageView } from '~/pages/ui/page-view';
import { csrfToken, type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { pagePreview } from '~/staff/pages/catalog.server';
import { elementIdParam } from '~/staff/pages/model';
import { notFound, pageId } from '~/staff/pages/route.server';
import { PreviewBar } from '~/staff/pages/ui/preview-bar';
import { ErrorBoundary as PublicErrorBoundary } from '~/ui/error-boundary';
import type { Route } from './+types/pages-preview';

// Issue 14 "Pages": /admin/halaman/{id}/pratinjau/, the draft of a page or template rendered as the
// public page is (the same loaders, renderer and page view, in the public site's frame: this route
// sits outside the staff frame on purpose). Staff only, never cached, never indexed. Issue 22: with
// `?elemen={id}` the element being edited is outlined (its `data-id`) and scrolled into view.

export const loader = staffLoader(
  'pages',
  async ({ request, params, context, user }: StaffLoaderArgs<Route.LoaderArgs>) => {
    const id = pageId(params.id);
    const url = new URL(request.url);
    // An id that names no element of the tree outlines nothing (the preview itself still shows).
    const elementId = elementIdParam(url.searchParams.get('elemen'));
    // Every draft was checked as the renderer checks trees when it was saved (tree-edit.ts treeProblem).
    const preview = await pagePreview({ ...context, origin: siteOrigin(request), url }, id, elementId);
    if (!preview) throw notFound();
    const { view, hasDraft, version, element } = preview;
    const title = view.kind === 'tree' ? view.title : '';
    return { view, seo: view.seo, bar: { id, title, hasDraft, version, csrf: csrfToken(context, user), element } };
  },
);

export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
});

export const meta: Route.MetaFunction = routeMeta;

/** The outline of the element being edited, on the public markup's own `data-id` (an id of letters, digits, - and _). */
const outline = (id: string) =>
  `[data-id="${id}"]{outline:3px dashed var(--brand);outline-offset:4px;scroll-margin:140px 0}`;

export default function StaffPagePreview({ loaderData }: Route.ComponentProps) {
  const element = loaderData.bar.element;
  useEffect(() => {
    if (!element) return;
    // The element's place on the page: where staff look after "Simpan dan pratinjau".
    document.querySelector(`[data-id="${element.id}"]`)?.scrollIntoView({ block: 'center' });
  }, [element]);
  return (
    <>
      {element ? <style>{outline(element.id)}</style> : null}
      <PreviewBar {...loaderData.bar} />
      <PageView view={loaderData.view} />
    </>
  );
}

export { PublicErrorBoundary as ErrorBoundary };
