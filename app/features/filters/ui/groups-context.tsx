import { createContext, useContext, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type FilterGroupState, groupKey } from '../model';
import { createGroupStore, type GroupState, type GroupStore, reseed } from './group-store';

/** The filter groups of one page render: one store per provider/query id (never shared between requests). */
export interface FilterGroups {
  stores: Map<string, GroupStore>;
  /** Groups whose page has an apply-button widget (their filters need no button of their own without JavaScript). */
  withApplyButton: Set<string>;
  /** False inside content loaded later: a template's stale description must not reset the page's group. */
  reseed: boolean;
}

export const FilterGroupsContext = createContext<FilterGroups | null>(null);

/** The id of the GET form a group's controls belong to (they may sit in different columns of the page). */
export function groupFormId(group: { provider: string; queryId: string }): string {
  return `jsf-form-${groupKey(group.provider, group.queryId).replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? () => {} : useLayoutEffect;

/** What a hook subscribes to when a listing names no group: a store nothing ever changes. */
const NO_STORE = createGroupStore({
  provider: 'jet-engine',
  queryId: '',
  query: {},
  page: 1,
  props: { found_posts: 0, max_num_pages: 0, page: 1 },
  indexed: {},
  urlType: 'plain',
  baseUrl: '/',
});

/**
 * The store of a group, created from the first description of it seen in this render. A later,
 * different description (a new server render after Back/Forward) resets the store to it.
 */
export function useGroupStore(seed: FilterGroupState): GroupStore;
export function useGroupStore(seed: FilterGroupState | undefined): GroupStore | null;
export function useGroupStore(seed: FilterGroupState | undefined): GroupStore | null {
  const groups = useContext(FilterGroupsContext);
  // Outside a page (a template rendered to HTML) a group lives for that render only.
  const [own] = useState(() => (seed && !groups ? createGroupStore(seed) : null));
  let store: GroupStore | null = null;
  if (seed) {
    const key = groupKey(seed.provider, seed.queryId);
    store = own ?? groups?.stores.get(key) ?? null;
    if (!store) {
      store = createGroupStore(seed);
      if (groups) {
        groups.stores.set(key, store);
        store.runtime.peers = groups.stores;
      }
    }
  }
  const found = store;
  const mayReseed = groups?.reseed ?? false;
  const joined = useRef(false);
  useIsomorphicLayoutEffect(() => {
    const joining = !joined.current;
    joined.current = true;
    if (!found || !seed || !mayReseed) return;
    // A widget hydrating after the others (on a slow phone each comes when its code and turn come)
    // joins the group as it is when it brings the description the group started from: the
    // visitor's changes made meanwhile stay (issue 13). A new description always resets.
    if (joining && JSON.stringify(seed) === JSON.stringify(found.seed)) return;
    reseed(found, seed);
  }, [found, seed, mayReseed]);
  return found;
}

/** The state of a group, re-rendering on every change (the server and hydration see its first state). */
export function useGroupState(store: GroupStore | null): GroupState {
  const s = store ?? NO_STORE;
  return useSyncExternalStore(s.subscribe, s.getState, () => s.initial);
}

/**
 * The groups a page's widgets name: `group` in filter widgets' props, `filterGroup` in listings'
 * (the listing may sit on the page without any filter widget, and the other way round).
 */
export function pageGroups(widgets: Array<{ widget: string; props: unknown }>): {
  groups: FilterGroupState[];
  withApplyButton: string[];
} {
  const found = new Map<string, FilterGroupState>();
  const withApplyButton: string[] = [];
  for (const { widget, props } of widgets) {
    if (!props || typeof props !== 'object') continue;
    const p = props as { group?: FilterGroupState; filterGroup?: FilterGroupState };
    const g = p.group ?? p.filterGroup;
    if (!g || typeof g.provider !== 'string') continue;
    const key = groupKey(g.provider, g.queryId);
    if (!found.has(key)) found.set(key, g);
    if (widget === 'smart-filter-apply') withApplyButton.push(key);
  }
  return { groups: [...found.values()], withApplyButton };
}
