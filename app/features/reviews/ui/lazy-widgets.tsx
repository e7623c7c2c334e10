import { Suspense } from 'react';
import { lazyModule } from '~/lib/lazy-module';
import reviewsCss from '~/styles/reviews.css?url';

/**
 * The reviews widgets, loaded on demand: the home page and lists share the page view with posts, and
 * only a post with reviews downloads their code. The server entry loads them at start, so its render
 * never waits and writes them in place; a page hydrates them once their code is in (React keeps the
 * server's HTML meanwhile).
 */
type WidgetsModule = typeof import('./widgets');
type Props = Parameters<WidgetsModule['PostReviews']>[0];

const widgetsModule = lazyModule((): Promise<WidgetsModule> => import('./widgets'));

/** Loads the widgets' code once. */
export const loadReviewWidgets = widgetsModule.load;

const LazyReviews = widgetsModule.component<Props>((m) => m.PostReviews);

/**
 * The reviews below a post (spec 000 §2): the full widget (news, extracurricular activities) or the
 * gallery's simple one, with their stylesheet (React puts the link in the head).
 */
export function PostReviews({ reviews, simple, path }: Props) {
  if (!reviews && !simple) return null;
  return (
    <>
      <link rel="stylesheet" href={reviewsCss} precedence="default" />
      <Suspense fallback={null}>
        <LazyReviews reviews={reviews} simple={simple} path={path} />
      </Suspense>
    </>
  );
}
