import { toBracketPairs } from '~/wire/form';
import { nextCounts } from '../indexer-rules';
import type { ApplyType, FilteringAnswer, FilterQuery, FilterValue, IndexedData } from '../model';
import { readFilterAddress, writeFilterAddress } from '../url-state';
import { indexedSlice, isActiveValue } from './group-queries';
import { type CachedAnswer, type GroupState, type GroupStore, requestText } from './group-store';
import { wireQuery } from './wire-query';

/**
 * What changes a filter group (spec 001 §4 "Filtering", original-wire.md §2.4-2.11): filter changes,
 * the apply button, remove-all, paging, the filtering request and the address. Everything the
 * browser does goes through a `GroupEnv`, so the rules run in unit tests without one.
 */

/** The browser, as the group's rules use it. */
export interface GroupEnv {
  /** POSTs `action=jet_smart_filters` with these fields. */
  send(fields: Record<string, unknown>, signal: AbortSignal): Promise<Response>;
  /** The page's address now. */
  address(): { pathname: string; search: string };
  /** A new history entry for an applied state (Back steps through filter states). */
  pushAddress(url: string): void;
  /** Loads an address (reload apply type, redirect). */
  go(url: string, newWindow: boolean): void;
  /** Submits a hidden POST form (redirect for the ajax types, original-wire.md §2.11). */
  post(url: string, fields: Array<[string, string]>, newWindow: boolean): void;
  /** Fills `fragments` of an answer into the page. */
  fillFragments(fragments: Record<string, string>): void;
  /** Scrolls to the listing after paging (spec 001 §4: 500 ms, less the widget's top offset). */
  scrollToListing(listing: HTMLElement | null, topOffset: number): void;
  /** Console only: failures never show a message to the visitor (spec 001 §8). */
  log(message: string): void;
}

/** spec 001 §4: reload, mixed and types containing them wait for the apply button. */
export function waitsForApply(applyType: ApplyType | string): boolean {
  return applyType.includes('reload') || applyType.includes('mixed');
}

/** The group navigates instead of requesting when one of its filters has the reload type. */
export function groupReloads(state: GroupState): boolean {
  return Object.values(state.filters).some((f) => f.filter.applyType === 'reload');
}

/** The query with one key set, or removed when the value is empty. */
export function withValue(query: FilterQuery, key: string, value: FilterValue | null): FilterQuery {
  const next = { ...query };
  if (isActiveValue(value)) next[key] = value;
  else delete next[key];
  return next;
}

/** The query with every pending value applied. */
export function withPending(state: GroupState): FilterQuery {
  let query = state.query;
  for (const [key, value] of Object.entries(state.pending)) query = withValue(query, key, value);
  return query;
}

/**
 * The address of a state of the group, in the site's URL type. A `/page/N/` path of the list's own
 * paging is dropped: the filtered state pages with `pagenum`, and filtering starts on page 1.
 */
export function addressOf(
  store: GroupStore,
  query: FilterQuery,
  page: number,
  current: { pathname: string; search: string },
): string {
  const { provider, queryId, urlType } = store.seed;
  const pathname = current.pathname.replace(/\/page\/\d+\/?$/, '/');
  return writeFilterAddress({ pathname, search: current.search }, { provider, queryId, query, page }, urlType);
}

/**
 * A filter's new value (spec 001 §4): ajax types reset paging and apply at once; reload and mixed
 * filters keep the value until the apply button.
 */
export function changeFilter(
  store: GroupStore,
  change: { key: string; applyType: ApplyType; value: FilterValue | null },
  env: GroupEnv,
): void {
  const { key, applyType, value } = change;
  store.runtime.seedText = null;
  if (waitsForApply(applyType)) {
    store.setState((s) => ({
      pending: { ...s.pending, [key]: isActiveValue(value) ? value : null },
      lastChanged: key,
    }));
    return;
  }
  store.setState((s) => {
    const { [key]: _, ...pending } = s.pending;
    return { query: withValue(s.query, key, value), pending, page: 1, lastChanged: key };
  });
  void applyGroup(store, env, 'filter');
}

/** The apply button: pending values join the query, paging resets, then redirect, reload or request. */
export function applyAll(store: GroupStore, env: GroupEnv, redirect?: { path: string; newWindow: boolean }): void {
  store.runtime.seedText = null;
  store.setState((s) => ({ query: withPending(s), pending: {}, page: 1 }));
  if (redirect?.path) {
    redirectTo(store, env, redirect.path, redirect.newWindow);
    return;
  }
  void applyGroup(store, env, 'filter', true);
}

/** Remove-all: every filter and the paging reset, then apply (spec 001 §4). */
export function removeAll(store: GroupStore, env: GroupEnv): void {
  store.runtime.seedText = null;
  store.setState({ query: {}, pending: {}, page: 1, lastChanged: null });
  void applyGroup(store, env, 'filter', true);
}

/** Removes one active filter, or one value of a list (an active tag), and applies. */
export function removeActive(store: GroupStore, key: string, item: string | null, env: GroupEnv): void {
  store.runtime.seedText = null;
  store.setState((s) => {
    const value = s.query[key] ?? null;
    let next: FilterValue | null = null;
    if (item !== null && Array.isArray(value)) {
      const rest = value.filter((v) => v !== item);
      next = rest.some((v) => !v.startsWith('operator_')) ? rest : null;
    }
    const { [key]: _, ...pending } = s.pending;
    return { query: withValue(s.query, key, next), pending, page: 1, lastChanged: key };
  });
  void applyGroup(store, env, 'filter', true);
}

/** A page of the pagination widget: applies, and for a group that does not reload scrolls to the listing. */
export function goToPage(store: GroupStore, page: number, env: GroupEnv, topOffset = 0): void {
  store.runtime.seedText = null;
  store.setState({ page: Math.max(1, Math.trunc(page)) });
  const reloads = groupReloads(store.getState());
  void applyGroup(store, env, 'page', reloads);
  if (!reloads) env.scrollToListing(store.runtime.listing, topOffset);
}

/**
 * Applies the group's state: a group with reload filters navigates to the new address (only the
 * apply button, paging and removal do that: `navigate`); the others send the filtering request.
 */
export function applyGroup(
  store: GroupStore,
  env: GroupEnv,
  cause: 'filter' | 'page',
  navigate = false,
): Promise<void> {
  const state = store.getState();
  if (navigate && groupReloads(state)) {
    env.go(addressOf(store, state.query, state.page, env.address()), false);
    return Promise.resolve();
  }
  if (cause === 'filter') mirrorAdditional(store, env);
  return requestFilters(store, env, cause);
}

/**
 * The additional groups of a group's filters (spec 001 §3-4): each group on the page that one of its
 * mounted filters names, with the query keys it takes from this group.
 */
export function mirrorTargets(store: GroupStore): Map<GroupStore, string[]> {
  const targets = new Map<GroupStore, string[]>();
  for (const { filter, additional } of Object.values(store.getState().filters)) {
    for (const key of additional ?? []) {
      const target = store.runtime.peers?.get(key);
      if (!target || target === store) continue;
      const keys = targets.get(target) ?? [];
      if (!keys.includes(filter.queryKey)) keys.push(filter.queryKey);
      targets.set(target, keys);
    }
  }
  return targets;
}

/**
 * Additional-provider filters mirror the group's applied values (spec 001 §4): each additional group
 * whose query changes by them starts again from page 1 and requests its own listing. The address
 * keeps describing this group only, so the additional groups' requests never write it.
 */
export function mirrorAdditional(store: GroupStore, env: GroupEnv): void {
  const { query } = store.getState();
  const quiet: GroupEnv = { ...env, pushAddress: () => {} };
  for (const [target, keys] of mirrorTargets(store)) {
    const before = target.getState();
    let next = before.query;
    for (const key of keys) next = withValue(next, key, query[key] ?? null);
    if (requestText(next, 1) === requestText(before.query, 1)) continue;
    target.runtime.seedText = null;
    target.setState((s) => {
      const pending = { ...s.pending };
      for (const key of keys) delete pending[key];
      return { query: next, pending, page: 1, lastChanged: keys[0] ?? null };
    });
    void requestFilters(target, quiet, 'filter');
  }
}

/** The filtering request (original-wire.md §2.8); only when the query or page changed since the last one. */
export async function requestFilters(store: GroupStore, env: GroupEnv, cause: 'filter' | 'page'): Promise<void> {
  const { query, page, props, filters } = store.getState();
  const text = requestText(query, page);
  if (text === store.runtime.lastSent) return;
  store.runtime.controller?.abort();
  const controller = new AbortController();
  store.runtime.controller = controller;
  store.runtime.lastSent = text;
  store.setState({ loading: true });
  const indexing = [
    ...new Set(
      Object.values(filters)
        .filter((f) => f.filter.indexer.enabled)
        .map((f) => f.filter.id),
    ),
  ];
  const fields: Record<string, unknown> = {
    provider: store.key,
    query: wireQuery(query),
    props,
    indexing_filters: JSON.stringify(indexing),
  };
  if (page > 1) fields.paged = page;
  let answer: FilteringAnswer;
  try {
    const res = await env.send(fields, controller.signal);
    const body = await res.text();
    if (!res.ok) throw new RequestFailure(failureMessage({ status: res.status, text: body }));
    try {
      answer = JSON.parse(body) as FilteringAnswer;
    } catch {
      throw new RequestFailure(failureMessage({ status: res.status, parseError: true, text: body }));
    }
    if (!answer || typeof answer.content !== 'string' || !answer.pagination) {
      throw new RequestFailure(failureMessage({ status: res.status, parseError: true, text: body }));
    }
  } catch (error) {
    // A newer request aborted this one: it owns the loading state now (spec 001 §8: an abort is silent).
    if (controller.signal.aborted) return;
    store.runtime.controller = null;
    // The same state may be asked for again.
    store.runtime.lastSent = null;
    store.setState({ loading: false });
    env.log(error instanceof RequestFailure ? error.message : failureMessage({ status: 0, error }));
    return;
  }
  if (store.runtime.controller !== controller) return;
  store.runtime.controller = null;
  const url = addressOf(store, query, answer.pagination.page || page, env.address());
  const cached: CachedAnswer = {
    content: answer.content,
    props: answer.pagination,
    indexed: answer.jetFiltersIndexedData?.[store.key],
  };
  store.runtime.cache.set(url, { query, page: cached.props.page || page, answer: cached });
  showAnswer(store, cached, cause);
  if (answer.fragments && typeof answer.fragments === 'object') env.fillFragments(answer.fragments);
  const here = env.address();
  if (url !== here.pathname + here.search) env.pushAddress(url);
}

/** Puts an answer on the page: the listing's props, the counts after each filter's counter mode, the items. */
export function showAnswer(store: GroupStore, answer: CachedAnswer, cause: GroupState['cause']): void {
  store.setState((s) => ({
    props: answer.props,
    page: answer.props.page || s.page,
    indexed: answer.indexed ?? s.indexed,
    shownCounts: answer.indexed ? countsAfter(s, answer.indexed) : s.shownCounts,
    content: answer.content,
    version: s.version + 1,
    loading: false,
    cause,
  }));
}

/** Each indexed filter's counts after an answer, per its counter mode (spec 001 §4, original-wire.md §2.9). */
export function countsAfter(state: GroupState, fresh: IndexedData): Record<number, Record<string, number>> {
  const shown: Record<number, Record<string, number>> = { ...state.shownCounts };
  for (const { filter } of Object.values(state.filters)) {
    if (!filter.indexer.enabled) continue;
    const before = shown[filter.id] ?? indexedSlice(state.indexed, filter) ?? {};
    shown[filter.id] = nextCounts(
      filter.indexer.counterMode,
      state.lastChanged,
      filter.queryKey,
      before,
      indexedSlice(fresh, filter) ?? {},
    );
  }
  return shown;
}

/**
 * Back or Forward to an address (popstate): the filters take the state the address names at once,
 * and the listing the answer remembered for it. Without one the router's new server render follows
 * and resets the group (group-store `reseed`). False when the address names the same state.
 */
export function restoreAddress(store: GroupStore, url: URL): boolean {
  const read = readFilterAddress(url);
  const mine = read && `${read.provider}/${read.queryId}` === store.key ? read : null;
  const query = mine?.query ?? {};
  const page = mine?.page ?? 1;
  const state = store.getState();
  if (requestText(query, page) === requestText(state.query, state.page) && Object.keys(state.pending).length === 0) {
    return false;
  }
  store.runtime.controller?.abort();
  store.runtime.controller = null;
  store.runtime.seedText = null;
  const cached = store.runtime.cache.get(url.pathname + url.search);
  store.setState({ query, page, pending: {}, lastChanged: null });
  if (cached) {
    store.runtime.lastSent = requestText(query, page);
    showAnswer(store, cached.answer, 'address');
  } else {
    store.runtime.lastSent = null;
    store.setState({ loading: true });
  }
  return true;
}

/**
 * Redirect after applying (original-wire.md §2.11): a reload group goes to the other page with the
 * state in its address; the others post the state there with `jet-smart-filters-redirect=1`.
 */
export function redirectTo(store: GroupStore, env: GroupEnv, path: string, newWindow: boolean): void {
  const state = store.getState();
  const target = redirectUrl(path);
  if (groupReloads(state)) {
    const absolute = /^https?:\/\//i.test(target);
    const url = new URL(target, 'http://site.invalid');
    const address = addressOf(store, state.query, 1, { pathname: url.pathname, search: url.search });
    env.go(absolute ? url.origin + address : address, newWindow);
    return;
  }
  const fields: Array<[string, string]> = [['jsf', store.key]];
  fields.push(...toBracketPairs(wireQuery(state.query)));
  fields.push(['jet-smart-filters-redirect', '1']);
  env.post(target, fields, newWindow);
}

/** A redirect path below the site root gets a leading slash; full addresses stay. */
export function redirectUrl(path: string): string {
  const trimmed = path.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return `/${trimmed.replace(/^\/+/, '')}`;
}

class RequestFailure extends Error {}

/** spec 001 §8: the console message of a failed filtering request. */
export function failureMessage(f: {
  status: number;
  text?: string;
  parseError?: boolean;
  timeout?: boolean;
  error?: unknown;
}): string {
  if (f.timeout || (f.error instanceof DOMException && f.error.name === 'TimeoutError')) return 'Time out error.';
  if (f.parseError) return 'Requested JSON parse failed.';
  if (f.status === 0) return 'Not connect. Verify Network.';
  if (f.status === 404) return 'Requested page not found. [404]';
  if (f.status === 500) return 'Internal Server Error [500].';
  return `Uncaught Error.\n${f.text ?? ''}`;
}
