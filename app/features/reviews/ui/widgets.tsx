import type { ReviewsWidgetData, SimpleReviewData } from '../model';
import { ReviewsWidget } from './reviews-widget';
import { SimpleReview } from './simple-review';

/** The reviews widgets' chunk: loaded only by pages that show reviews (see lazy-widgets.tsx). */
export { ReviewsWidget, SimpleReview };

/** The reviews below a post: the full widget or the simple one, whichever the post's type uses. */
export function PostReviews({
  reviews,
  simple,
  path,
}: {
  reviews: ReviewsWidgetData | null;
  simple: SimpleReviewData | null;
  path: string;
}) {
  if (reviews) return <ReviewsWidget key={reviews.sourceId} data={reviews} path={path} />;
  if (simple) return <SimpleReview key={simple.postId} data={simple} path={path} />;
  return null;
}
