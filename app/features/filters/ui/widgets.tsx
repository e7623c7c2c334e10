import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { FilterType } from '../model';
import {
  AlphabetFilter,
  CheckboxesFilter,
  RadioFilter,
  RatingFilter,
  SelectFilter,
  SwatchFilter,
} from './choice-filters';
import { DatePeriodFilter, DateRangeFilter } from './date-filters';
import { captureEarlyInput } from './early-input';
import { FilterActive, FilterApply, FilterPagination, FilterPanel, FilterRemoveAll } from './group-widgets';
import { type FilterGroups, FilterGroupsContext } from './groups-context';
import { HierarchyFilter } from './hierarchy-filter';
import { RangeFilter } from './range-filter';
import { SearchFilter, SortingFilter } from './text-filters';
import type { SmartFilterProps } from './use-filter';

// This chunk runs before its widgets hydrate: note the choices a visitor has made in the server's HTML.
if (typeof document !== 'undefined') captureEarlyInput(document);

const controls: Record<FilterType, ComponentType<SmartFilterProps>> = {
  checkboxes: CheckboxesFilter,
  select: SelectFilter,
  hierarchy: HierarchyFilter,
  radio: RadioFilter,
  rating: RatingFilter,
  'color-image': SwatchFilter,
  alphabet: AlphabetFilter,
  search: SearchFilter,
  sorting: SortingFilter,
  range: RangeFilter,
  'date-range': DateRangeFilter,
  'date-period': DatePeriodFilter,
};

/** The `smart-filter` widget: the control of its stored filter record's type (nothing for a missing record). */
export function SmartFilter(props: SmartFilterProps | (Omit<SmartFilterProps, 'filter'> & { filter: null })) {
  if (!props.filter) return null;
  const Control = controls[props.filter.type];
  return Control ? <Control {...(props as SmartFilterProps)} /> : null;
}

// biome-ignore lint/suspicious/noExplicitAny: each widget takes the props its server half wrote into the island
const islandWidgets: Record<string, ComponentType<any>> = {
  SmartFilter,
  FilterPagination,
  FilterApply,
  FilterRemoveAll,
  FilterActive,
  FilterPanel,
};

/**
 * Mounts the filter islands of content loaded later (spec 001 §2: filters re-initialise in popups,
 * tabs and AJAX blocks) in the page's own groups; a template's stale group state never resets them.
 */
export function mountIslands(root: ParentNode, groups: FilterGroups): void {
  const context: FilterGroups = { ...groups, reseed: false };
  for (const el of root.querySelectorAll<HTMLElement>('[data-jsf-island]:not([data-jsf-mounted])')) {
    el.setAttribute('data-jsf-mounted', '');
    const Widget = islandWidgets[el.dataset.jsfIsland ?? ''];
    let props: Record<string, unknown>;
    try {
      props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
    } catch {
      continue;
    }
    if (!Widget) continue;
    el.replaceChildren();
    createRoot(el).render(
      <FilterGroupsContext.Provider value={context}>
        <Widget {...props} />
      </FilterGroupsContext.Provider>,
    );
  }
}
