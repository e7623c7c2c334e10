import { useCallback, useContext, useEffect } from 'react';
import { filterHidden, type OptionView, optionView } from '../indexer-rules';
import { type FilterGroupState, type FilterOption, type FilterValue, type FilterWidgetProps, groupKey } from '../model';
import { bindGroup, browserEnv } from './browser-env';
import { changeFilter } from './group-actions';
import { countsFor, currentValue, labelsOf } from './group-queries';
import type { GroupFilter, GroupStore } from './group-store';
import { FilterGroupsContext, groupFormId, useGroupState, useGroupStore } from './groups-context';

/** Props of the `smart-filter` widget: the filter and its group (the server half adds `group`). */
export type SmartFilterProps = FilterWidgetProps & { group: FilterGroupState };

/** Binds a group's page behaviour while a widget of it is mounted. */
export function useBoundGroup(group: FilterGroupState) {
  const store = useGroupStore(group);
  useEffect(() => bindGroup(store), [store]);
  return store;
}

/**
 * One filter widget's view of its group: its value (pending or applied), its counts, the change
 * function, the group form it belongs to; the filter registers itself for the active-filters list
 * and the request's `indexing_filters`.
 */
export function useFilter(props: SmartFilterProps) {
  const { filter, options, group } = props;
  const store = useBoundGroup(group);
  const state = useGroupState(store);
  const groups = useContext(FilterGroupsContext);
  useRegister(store, filter, options, props.additionalProviders);
  const key = filter.queryKey;
  const change = useCallback(
    (value: FilterValue | null) => changeFilter(store, { key, applyType: filter.applyType, value }, browserEnv),
    [store, key, filter.applyType],
  );
  const counts = countsFor(state, filter);
  const formId = groupFormId(group);
  const ownSubmit = !groups?.withApplyButton.has(store.key);
  return {
    store,
    state,
    value: currentValue(state, key),
    change,
    counts,
    loading: state.loading,
    formId,
    /** Without JavaScript the filter submits its group's form itself unless the page has an apply button. */
    ownSubmit,
    /** The FilterFrame props; with option views the filter hides when all its options are hidden. */
    frame: (views?: OptionView[]) => ({
      filter,
      loading: state.loading,
      hidden: views ? filterHidden(views) : false,
      formId,
      ownSubmit,
    }),
  };
}

function useRegister(
  store: GroupStore,
  filter: SmartFilterProps['filter'],
  options: FilterOption[],
  additionalProviders: SmartFilterProps['additionalProviders'] | undefined,
) {
  const additional = (additionalProviders ?? []).map((p) => groupKey(p.provider, p.queryId)).join(' ');
  useEffect(() => {
    const entry: GroupFilter = { filter, labels: labelsOf(options) };
    if (additional) entry.additional = additional.split(' ');
    store.setState((s) => ({ filters: { ...s.filters, [filter.id]: entry } }));
    return () =>
      store.setState((s) => {
        const { [filter.id]: _, ...filters } = s.filters;
        return { filters };
      });
  }, [store, filter, options, additional]);
}

/** How each option shows under the filter's indexer rule (hidden, disabled, counter). */
export function optionViews(
  filter: SmartFilterProps['filter'],
  options: FilterOption[],
  counts: Record<string, number> | null,
  checked: (value: string) => boolean,
): OptionView[] {
  const indexed = filter.indexer.enabled && counts !== null;
  return options.map((o) =>
    // The indexer leaves out options with no items (original-wire.md §2.9): absent from an answer is 0.
    optionView(counts ? (counts[o.value] ?? 0) : o.count, {
      rule: filter.indexer.rule,
      showCounter: filter.indexer.showCounter,
      checked: checked(o.value),
      indexed: indexed || (filter.indexer.enabled && o.count !== undefined),
    }),
  );
}
