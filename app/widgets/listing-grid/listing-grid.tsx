import { useCallback, useRef } from 'react';
import type { FilterGroupState, FilterQuery } from '~/features/filters/model';
import { withFilterGroup } from '~/features/filters/ui/use-filtered-listing';
import { wireQuery } from '~/features/filters/ui/wire-query';
import { type HtmlRef, ServerHtmlBlock } from '~/lib/server-html';
import { useLoadMore, useWhenVisible } from '~/lib/use-load-more';
import { AppendedPages, LoadedAnnouncement, LoadMoreLink } from '~/ui/load-more';
import { announceContent, postAjax } from '~/wire/client';
import type { ListingGridSettings } from './settings';

export interface ListingGridProps {
  settings: ListingGridSettings;
  /** Key of the server-rendered items of the first page shown (lib/server-html). */
  firstPage: HtmlRef;
  count: number;
  page: number;
  pages: number;
  postId: number;
  elementId: string;
  basePath: string;
  /** The grid's filter group, when smart filters name it (its query id). */
  filterGroup?: FilterGroupState | null;
}

/**
 * The listing grid of the gallery (spec 001 §2-3): masonry columns (3 desktop, 2 mobile), load more
 * by click (call 7 `listing_load_more`), not-found text. Without JavaScript the button is a link to
 * the next page.
 */
export const ListingGrid = withFilterGroup<ListingGridProps>(ListingGridBody);

function ListingGridBody({
  settings,
  firstPage,
  count,
  page,
  pages,
  postId,
  elementId,
  basePath,
  filters,
}: ListingGridProps & { filters?: FilterQuery }) {
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
      if (!res.ok) return '';
      const body = (await res.json()) as { success?: boolean; data?: { html?: string } };
      return body.success ? (body.data?.html ?? '') : '';
    },
    [settings.postType, settings.postsNum, settings.maxPostsNum, postId, elementId, filters],
  );
  const onLoaded = useCallback(() => {
    const last = gridRef.current?.lastElementChild;
    if (last) announceContent(last);
  }, []);
  const { chunks, current, loading, ended, loadNext } = useLoadMore({ page, pages, fetchPage, onLoaded });
  useWhenVisible(buttonRef, settings.loadMoreType === 'scroll' && !ended, () => void loadNext());

  if (count === 0) {
    return <p className="jet-listing-not-found">{settings.notFoundMessage}</p>;
  }
  const classes = [
    'jet-listing-grid__items',
    `grid-col-desk-${settings.columns}`,
    `grid-col-tablet-${settings.columnsTablet}`,
    `grid-col-mobile-${settings.columnsMobile}`,
    settings.isMasonry ? 'jet-listing-grid--masonry' : '',
  ];
  return (
    <div className="jet-listing-grid jet-listing">
      <div
        ref={gridRef}
        className={classes.join(' ')}
        data-page={current}
        data-pages={pages}
        style={
          {
            '--cols': settings.columns,
            '--cols-tablet': settings.columnsTablet,
            '--cols-mobile': settings.columnsMobile,
          } as React.CSSProperties
        }
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
            text={settings.loadMoreText}
            onLoad={() => void loadNext()}
          />
        </div>
      ) : null}
    </div>
  );
}
