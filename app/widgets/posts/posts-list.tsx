import { useCallback, useRef } from 'react';
import { type EcsQuery, type EcsSettings, nextPageUrl } from '~/content/posts';
import type { FilterGroupState, FilterQuery } from '~/features/filters/model';
import { requestText } from '~/features/filters/ui/group-store';
import { useGroupStore } from '~/features/filters/ui/groups-context';
import { withFilterGroup } from '~/features/filters/ui/use-filtered-listing';
import { wireQuery } from '~/features/filters/ui/wire-query';
import { type HtmlRef, ServerHtmlBlock } from '~/lib/server-html';
import { okText, pushAddress, useLoadMore, useWhenVisible } from '~/lib/use-load-more';
import { AppendedPages, LoadedAnnouncement, LoadMoreLink, useKeptLoadMore } from '~/ui/load-more';
import { announceContent, postAjax } from '~/wire/client';
import type { PostsListSettings } from './settings';

export interface PostsListProps {
  settings: PostsListSettings;
  /** Key of the server-rendered cards of the first page shown (lib/server-html). */
  firstPage: HtmlRef;
  count: number;
  page: number;
  pages: number;
  query: EcsQuery;
  ecs: EcsSettings;
  /** Path of the list's first page, e.g. /berita/ */
  basePath: string;
  /** The page's query string (kept on paging links, e.g. ?s=lomba) */
  search: string;
  /** The list's filter group, when smart filters name it (its query id). */
  filterGroup?: FilterGroupState | null;
}

/**
 * The load-more posts list (spec 000 §3-4, call 1 `ecsload`). Server-rendered; without JavaScript
 * the button is a link to the next page. A list that smart filters name follows its filter group.
 */
export const PostsList = withFilterGroup<PostsListProps>(
  PostsListBody,
  // A filtered list keeps its filter address: load more does not write /page/N/ over it.
  (props) => ({ settings: { ...props.settings, changeUrl: false } }),
);

function PostsListBody({
  settings,
  firstPage,
  count,
  page,
  pages,
  query,
  ecs,
  basePath,
  search,
  filterGroup,
  filters,
}: PostsListProps & { filters?: FilterQuery }) {
  const listRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLAnchorElement>(null);
  const fetchPage = useCallback(
    async (next: number, signal: AbortSignal) => {
      const res = await postAjax(
        'ecsload',
        {
          query: JSON.stringify(query),
          ecs_ajax_settings: JSON.stringify({ ...ecs, current_page: next - 1 }),
          // A filtered list continues with its filters (the server narrows a stored list by them).
          filters: filters ? wireQuery(filters) : undefined,
        },
        { signal },
      );
      // Any answer but 2xx is a failure: the control stays to try again (never '' = "no more").
      return okText(res);
    },
    [query, ecs, filters],
  );
  const store = useGroupStore(filterGroup ?? undefined);
  const onLoaded = useCallback(
    (next: number) => {
      if (settings.changeUrl) pushAddress(nextPageUrl(basePath, window.location.search, next));
      // The group's pager marks the page shown last; its "N" is then that page, never sent again.
      if (store && store.getState().content === null) {
        store.runtime.seedText = null;
        store.runtime.lastSent = requestText(store.getState().query, next);
        store.setState({ page: next });
      }
      const list = listRef.current;
      if (settings.reinitJs && list?.lastElementChild) announceContent(list.lastElementChild);
    },
    [settings.changeUrl, settings.reinitJs, basePath, store],
  );
  const { chunks, current, loading, failed, ended, loadNext } = useLoadMore({
    page,
    pages,
    fetchPage,
    onLoaded,
  });
  useWhenVisible(buttonRef, settings.loadMethod === 'lazyload' && !ended && !loading && !failed, () => void loadNext());
  // A click on load more made before this code ran is carried out now.
  useKeptLoadMore(buttonRef, () => void loadNext());

  if (count === 0) return <p className="posts-empty">Belum ada berita.</p>;
  return (
    <div className="ecs-posts-widget" data-loading={loading || undefined}>
      <div
        ref={listRef}
        className={`ecs-posts posts-grid cols-${settings.columns}`}
        data-settings={JSON.stringify({ ...ecs, current_page: current })}
      >
        <ServerHtmlBlock block={firstPage} className="ecs-chunk" />
        <AppendedPages chunks={chunks} className="ecs-chunk" />
      </div>
      <LoadedAnnouncement page={current} loaded={chunks.length > 0} />
      {ended ? null : (
        <nav className="ecs-load-more" aria-label="Berita lainnya">
          <LoadMoreLink
            linkRef={buttonRef}
            className="ecs-load-more-button"
            href={nextPageUrl(basePath, search, current + 1)}
            loading={loading}
            failed={failed}
            text={settings.text}
            loadingText={settings.loadingText}
            onLoad={() => void loadNext()}
          />
        </nav>
      )}
    </div>
  );
}
