import { type ComponentType, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import type { HtmlRef } from '~/lib/server-html';
import { announceContent } from '~/wire/client';
import type { FilterGroupState, FilterQuery } from '../model';
import type { GroupState } from './group-store';
import { useGroupState, useGroupStore } from './groups-context';

/** What a filterable listing shows of its group. */
export interface FilteredListingState {
  /** The items of the latest filtering answer; null: the server's own first page. */
  content: string | null;
  /** Changes with every answer: the listing restarts its load more. */
  version: number;
  page: number;
  pages: number;
  found: number;
  loading: boolean;
  /** The group's query, for load more (`filters[<query key>]`). */
  query: GroupState['query'];
  /** Polite text for screen readers after an answer ('' before the first). */
  announcement: string;
}

/**
 * A listing that is a filter group's provider follows its group: the filtered items replace the
 * server's first page, load more restarts from the answer's page count, the listing is busy while a
 * request runs, and the new result count is announced. After paging, the focus moves to the listing.
 * Without `group` (a listing no filter names) it returns null.
 */
export function useFilteredListing(
  group: FilterGroupState | undefined,
  listing: RefObject<HTMLElement | null>,
): FilteredListingState | null {
  const store = useGroupStore(group);
  const state = useGroupState(store);

  useEffect(() => {
    if (!store) return;
    const el = listing.current;
    store.runtime.listing = el;
    return () => {
      if (store.runtime.listing === el) store.runtime.listing = null;
    };
  }, [store, listing]);

  // After paging the focus follows the new page (a filter change keeps it on the filter being used).
  const shown = useRef(state.version);
  useEffect(() => {
    if (state.version === shown.current) return;
    shown.current = state.version;
    const el = listing.current;
    if (!el) return;
    // New items: widgets in them start (reinit_js), and after paging the focus follows.
    if (state.content !== null) announceContent(el);
    if (state.cause === 'page') el.focus({ preventScroll: true });
  }, [state.version, state.cause, state.content, listing]);

  if (!group) return null;
  return {
    content: state.content,
    version: state.version,
    page: state.page,
    pages: state.props.max_num_pages,
    found: state.props.found_posts,
    loading: state.loading,
    query: state.query,
    announcement: state.version > 0 && state.content !== null ? resultText(state.props.found_posts) : '',
  };
}

/** The announcement of a filtering answer. */
export function resultText(found: number): string {
  return found === 0 ? 'Tidak ada hasil yang cocok' : `${found} hasil ditemukan`;
}

/** The props a listing's body takes from its group's latest answer (its own server props before one). */
export interface ListingPage {
  firstPage: HtmlRef;
  count: number;
  page: number;
  pages: number;
  /** The query for load more (`filters[<query key>]`). */
  filters: FilterQuery;
}

/**
 * The frame of a listing that is a filter group's provider: busy while a request runs, focusable
 * (paging moves the focus here), with a polite announcement of each answer's result count. The body
 * is rendered anew with every answer (`version`, its key), so its load more starts over.
 */
function FilteredListing({
  group,
  own,
  children,
}: {
  group: FilterGroupState;
  /** The listing's own server props, shown until the first answer. */
  own: Omit<ListingPage, 'filters'>;
  children: (page: ListingPage, version: number, filtered: boolean) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const f = useFilteredListing(group, ref)!;
  const page: ListingPage =
    f.content === null
      ? { ...own, filters: f.query }
      : { firstPage: { html: f.content }, count: f.found, page: f.page, pages: f.pages, filters: f.query };
  return (
    <div
      ref={ref}
      className="jsf-listing"
      tabIndex={-1}
      aria-busy={f.loading || undefined}
      data-loading={f.loading || undefined}
    >
      {children(page, f.version, Object.keys(f.query).length > 0)}
      <p className="visually-hidden" aria-live="polite">
        {f.announcement}
      </p>
    </div>
  );
}

/** A listing's own props, as its loader gives them: its first page and, when filters name it, its group. */
type ListingProps = Omit<ListingPage, 'filters'> & { filterGroup?: FilterGroupState | null };

/**
 * The one way a listing follows its filter group: without a group, `Body` as the server rendered
 * it; with one, `Body` inside `FilteredListing`, anew with each answer. `adjust` changes the body's
 * props while filters are active.
 */
export function withFilterGroup<P extends ListingProps>(
  Body: ComponentType<P & { filters?: FilterQuery }>,
  adjust?: (props: P) => Partial<P>,
) {
  return function Listing(props: P) {
    if (!props.filterGroup) return <Body {...props} />;
    return (
      <FilteredListing group={props.filterGroup} own={props}>
        {(page, version, filtered) => (
          <Body key={version} {...props} {...page} {...(filtered && adjust ? adjust(props) : {})} />
        )}
      </FilteredListing>
    );
  };
}
