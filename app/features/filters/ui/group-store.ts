import {
  type FilterGroupState,
  type FilterQuery,
  type FilterValue,
  groupKey,
  type IndexedData,
  type ListingProps,
  type PublicFilter,
} from '../model';

/**
 * The state of one filter group (one listing: provider + query id) in the browser. This file is the
 * small part every page with a filterable listing carries; what changes the state (requests, the
 * address, redirects) lives in group-actions.ts, which only pages with filter widgets download.
 */

/** A filter widget mounted in the group: what the active-filters list and the request need from it. */
export interface GroupFilter {
  filter: PublicFilter;
  /** The option labels the filter shows, by value (active filters name values by them). */
  labels: Record<string, string>;
  /** `provider/queryId` of the other groups that take the filter's applied value (additional providers). */
  additional?: string[];
}

export interface GroupState {
  /** The applied query: what the listing shows. */
  query: FilterQuery;
  /** Values of reload and mixed filters chosen but not applied yet (null: cleared). */
  pending: Record<string, FilterValue | null>;
  page: number;
  props: ListingProps;
  /** The latest indexed counts of the group (original-wire.md §2.9). */
  indexed: IndexedData;
  /** Counts each filter shows, by filter id, after its counter mode (spec 001 §4 "Indexer counters"). */
  shownCounts: Record<number, Record<string, number>>;
  loading: boolean;
  /** The listing's items from the latest answer; null: the server's own first page. */
  content: string | null;
  /** Bumped with every answer shown, so a listing restarts its load more. */
  version: number;
  /** How the latest answer came: a page change moves focus to the listing, a filter change does not. */
  cause: 'filter' | 'page' | 'address' | null;
  /** The query key of the filter changed last (counter mode `other_changed`). */
  lastChanged: string | null;
  /** Filter widgets mounted in the group, by filter id. */
  filters: Record<number, GroupFilter>;
}

/** Per-store bookkeeping that never renders. */
export interface GroupRuntime {
  /** The request in flight (a newer one aborts it). */
  controller: AbortController | null;
  /** The query and page of the last request sent, as text (a request is sent only when it changes). */
  lastSent: string | null;
  /** Answers by address, for Back and Forward. */
  cache: Map<string, { query: FilterQuery; page: number; answer: CachedAnswer }>;
  /** The listing element: paging scrolls to it and moves focus into it. */
  listing: HTMLElement | null;
  /** Set by the filter widgets' code once it has loaded: handles the group form's submit. */
  submit: (() => void) | null;
  /** Set while the page's own history listener is installed. */
  detach: (() => void) | null;
  /** The seed the state was last reset to, as text; null once the visitor has changed the state. */
  seedText: string | null;
  /** The page's groups by key (additional providers are looked up here); null outside a page. */
  peers: Map<string, GroupStore> | null;
}

export interface CachedAnswer {
  content: string;
  props: ListingProps;
  indexed: IndexedData | undefined;
}

export interface GroupStore {
  readonly key: string;
  /** The group as the server described it (provider, query id, url type, base address). */
  seed: FilterGroupState;
  readonly initial: GroupState;
  getState(): GroupState;
  setState(patch: Partial<GroupState> | ((s: GroupState) => Partial<GroupState>)): void;
  subscribe(listener: () => void): () => void;
  runtime: GroupRuntime;
}

/** The state a group starts from (or returns to when a new server render arrives). */
export function seedState(seed: FilterGroupState): GroupState {
  return {
    query: seed.query,
    pending: {},
    page: seed.page,
    props: seed.props,
    indexed: seed.indexed,
    shownCounts: {},
    loading: false,
    content: null,
    version: 0,
    cause: null,
    lastChanged: null,
    filters: seed.filters ?? {},
  };
}

export function createGroupStore(seed: FilterGroupState): GroupStore {
  const listeners = new Set<() => void>();
  const initial = seedState(seed);
  let state = initial;
  return {
    key: groupKey(seed.provider, seed.queryId),
    seed,
    initial,
    getState: () => state,
    setState(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    runtime: {
      controller: null,
      lastSent: requestText(seed.query, seed.page),
      cache: new Map(),
      listing: null,
      submit: null,
      detach: null,
      seedText: JSON.stringify(seed),
      peers: null,
    },
  };
}

/**
 * A new server render (Back or Forward through the router, a revalidation) describes the group
 * again. When it differs from the seed the state came from, or the visitor has changed the state
 * since, the group starts over from it; the registered widgets stay.
 */
export function reseed(store: GroupStore, seed: FilterGroupState): boolean {
  const text = JSON.stringify(seed);
  if (store.runtime.seedText === text) return false;
  store.runtime.controller?.abort();
  store.runtime.controller = null;
  store.runtime.lastSent = requestText(seed.query, seed.page);
  store.runtime.seedText = text;
  store.seed = seed;
  const filters = store.getState().filters;
  const version = store.getState().version + 1;
  store.setState({ ...seedState(seed), filters, version, cause: 'address' });
  return true;
}

/** The identity of a request: the query (keys sorted) and the page. */
export function requestText(query: FilterQuery, page: number): string {
  const sorted = Object.keys(query)
    .sort()
    .map((k) => [k, query[k]]);
  return JSON.stringify([sorted, page]);
}
