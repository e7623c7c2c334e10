import { data } from 'react-router';
import { routeMeta } from '~/content/seo';
import { reviewFormAction } from '~/features/reviews/form.server';
import { answer, siteOrigin } from '~/lib/route.server';
import { PageView } from '~/pages/ui/page-view';
import { galleryItemView } from '~/pages/view.server';
import { GallerySlider } from '~/widgets/gallery-slider/gallery-slider';
import type { Route } from './+types/gallery-item';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // /galeri/{slug}/ and /ekskul/{slug}/: an item of the listing the first segment names.
  const type = url.pathname.startsWith('/ekskul/') ? 'ekskul' : 'galeri';
  const user = await context.userOf(request);
  return answer(galleryItemView({ ...context, origin: siteOrigin(request), url, user }, params.slug, type));
}

/** The new-review form of an activity sent without JavaScript: 303 back to the reviews. */
export async function action({ request, context }: Route.ActionArgs) {
  const review = await answer(reviewFormAction(context, request));
  if (!review) throw data(null, { status: 405 });
  return review;
}

export const meta: Route.MetaFunction = routeMeta;

export default function GalleryItem({ loaderData }: Route.ComponentProps) {
  // A gallery item's photos take the featured image's place (this route's chunk only).
  const media =
    loaderData.kind === 'post' && loaderData.gallery ? (
      // One slider per item: a client navigation to another item starts afresh.
      <GallerySlider
        key={loaderData.post.summary.id}
        gallery={loaderData.gallery}
        title={loaderData.post.summary.title}
      />
    ) : undefined;
  return <PageView view={loaderData} media={media} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
