import { useCallback, useRef } from 'react';
import type { FilterQuery } from '~/features/filters/model';
import { wireQuery } from '~/features/filters/ui/wire-query';
import { ServerHtmlBlock } from '~/lib/server-html';
import { useLoadMore, useWhenVisible } from '~/lib/use-load-more';
import { AppendedPages, LoadedAnnouncement, LoadMoreLink, useKeptLoadMore } from '~/ui/load-more';
import { announceContent, postAjax } from '~/wire/client';
import type { ListingGridProps } from './props';
import { useItemLinks } from './use-item-links';

/**
 * The grid with its load more by click or by scrolling (call 7 `listing_load_more`), its loading
 * state and its retry after a failure. Its own chunk: the home page has no grid but the slider.
 */
export function GridBody(props: ListingGridProps & { filters?: FilterQuery }) {
  const { settings, firstPage, count, page, pages, postId, elementId, basePath, filters } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLAnchorElement>(null);
  const fetchPage = useCallback(
    async (next: number, signal: AbortSignal) => {
      const res = await postAjax(
        'jet_engine_ajax',
        {
          handler: 'listing_load_more',
          query: { post_type: settings.postType, posts_per_page: settings.postsNum },
          widget_settings: { lisitng_id: elementId, posts_num: settings.postsNum, max_posts_num: settings.maxPostsNum },
          page_settings: { post_id: postId, element_id: elementId, page: next },
          listing_type: 'elementor',
          isEditMode: false,
          // A filtered grid continues with its filters (the server narrows the stored grid by them).
          filters: filters ? wireQuery(filters) : undefined,
        },
        { signal },
      );
      // Any answer but 2xx is a failure: the control stays to try again (never '' = "no more").
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { success?: boolean; data?: { html?: string } };
      if (!body.success) throw new Error('listing_load_more failed');
      return body.data?.html ?? '';
    },
    [settings.postType, settings.postsNum, settings.maxPostsNum, postId, elementId, filters],
  );
  const onLoaded = useCallback(() => {
    const last = gridRef.current?.lastElementChild;
    if (last) announceContent(last);
  }, []);
  const { chunks, current, loading, failed, ended, loadNext } = useLoadMore({ page, pages, fetchPage, onLoaded });
  useWhenVisible(
    buttonRef,
    settings.loadMoreType === 'scroll' && !ended && !loading && !failed,
    () => void loadNext(),
    props.rootMargin,
  );

  useItemLinks(rootRef);
  // A click on load more made before this code ran is carried out now.
  useKeptLoadMore(buttonRef, () => void loadNext());

  if (count === 0) {
    return <p className="jet-listing-not-found">{settings.notFoundMessage}</p>;
  }
  return (
    <div ref={rootRef} className="jet-listing-grid jet-listing" data-loading={loading || undefined}>
      <div
        ref={gridRef}
        className={`jet-listing-grid__items${settings.isMasonry ? ' jet-listing-grid--masonry' : ''}`}
        data-page={current}
        data-pages={pages}
        // The original's container attributes (original-wire.md §3.1): which stored grid this is.
        data-queried-id={`${postId}|WP_Post`}
        data-listing-id={elementId}
        aria-busy={loading || undefined}
        style={props.columnVars as React.CSSProperties}
      >
        <ServerHtmlBlock block={firstPage} className="listing-chunk" />
        <AppendedPages chunks={chunks} className="listing-chunk" />
      </div>
      <LoadedAnnouncement page={current} loaded={chunks.length > 0} />
      {settings.useLoadMore && !ended ? (
        <div className="jet-listing-grid__loadmore-wrap">
          <LoadMoreLink
            linkRef={buttonRef}
            className="jet-listing-grid__loadmore"
            href={`${basePath}page/${current + 1}/`}
            loading={loading}
            failed={failed}
            text={settings.loadMoreText}
            onLoad={() => void loadNext()}
          />
        </div>
      ) : null}
    </div>
  );
}
