import { memo, Suspense } from 'react';
import type { FilterQuery } from '~/features/filters/model';
import { withFilterGroup } from '~/features/filters/ui/use-filtered-listing';
import { lazyModule } from '~/lib/lazy-module';
import type { ListingGridProps } from './props';

export type { ListingGridProps } from './props';

/** The slider: its own chunk, with Embla (only pages with a slider download them). */
const carouselModule = lazyModule(() => import('./listing-carousel'));
/** Loads the slider's code (the server loads it at start, so that its render never waits). */
export const loadListingCarousel = carouselModule.load;
const LazyCarousel = carouselModule.component<ListingGridProps>((m) => m.ListingCarousel);

/**
 * The listing grid (spec 000 §2-4, spec 001 §2-3): columns per breakpoint, masonry, a slider, load
 * more by click or by scrolling (call 7 `listing_load_more`), not-found text. Without JavaScript the
 * button is a link to the next page and the slider a strip that scrolls sideways.
 */
export const ListingGrid = withFilterGroup<ListingGridProps>(memo(ListingFrame));

/** The grid's code: its own chunk (the home page has no grid but the slider). */
const bodyModule = lazyModule(() => import('./listing-grid-body'));
export const loadListingGridBody = bodyModule.load;
const LazyBody = bodyModule.component<ListingGridProps & { filters?: FilterQuery }>((m) => m.GridBody);

/**
 * The grid or the slider, each in its own chunk. The frame has no state and is memoised, so that
 * nothing re-renders it while the code is on the way: React keeps the server's items meanwhile, and
 * would drop them on an update. A link clicked before then is followed (its page is the next page).
 */
function ListingFrame(props: ListingGridProps & { filters?: FilterQuery }) {
  const Lazy = props.carousel ? LazyCarousel : LazyBody;
  // A load more clicked while the grid's code is on the way is kept by the page (pages/ui/element-tree.tsx).
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}
