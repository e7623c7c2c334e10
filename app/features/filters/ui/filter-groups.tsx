import { type ReactNode, useEffect, useState } from 'react';
import filtersCss from '~/styles/filters.css?url';
import { type FilterGroupState, groupKey } from '../model';
import { type FilterGroups, FilterGroupsContext, groupFormId } from './groups-context';
import { mountFilterIslands } from './lazy-widgets';

/**
 * Holds the filter groups of one page render (never shared between requests), and the GET form each
 * group's controls belong to: without JavaScript a group is a plain form whose fields the server
 * reads back from the address (legacy form, original-wire.md §2.7); with it, the group's code takes
 * the submit over. Filters in content loaded later (popups, tabs, AJAX blocks) join the page's groups.
 */
export function FilterGroupsProvider({
  groups,
  withApplyButton,
  children,
}: {
  /** The groups the page's widgets name (pageGroups). */
  groups: FilterGroupState[];
  /** Keys of the groups with an apply-button widget on the page. */
  withApplyButton: string[];
  children: ReactNode;
}) {
  const [value] = useState<FilterGroups>(() => ({
    stores: new Map(),
    withApplyButton: new Set(withApplyButton),
    reseed: true,
  }));
  value.withApplyButton = new Set(withApplyButton);

  useEffect(() => {
    const onContent = (event: Event) => {
      const root = (event as CustomEvent<{ root?: Element }>).detail?.root ?? (event.target as Element | null);
      if (root && 'querySelectorAll' in root) void mountFilterIslands(root, value);
    };
    document.addEventListener('site:content-loaded', onContent);
    return () => {
      document.removeEventListener('site:content-loaded', onContent);
      for (const store of value.stores.values()) {
        store.runtime.controller?.abort();
        store.runtime.detach?.();
      }
    };
  }, [value]);

  return (
    <FilterGroupsContext.Provider value={value}>
      {/* Only pages with filter groups load the filters' styles; React puts the link in the head. */}
      {groups.length > 0 && filtersCss ? <link rel="stylesheet" href={filtersCss} precedence="default" /> : null}
      {groups.map((g) => (
        <GroupForm key={groupKey(g.provider, g.queryId)} group={g} groups={value} />
      ))}
      {children}
    </FilterGroupsContext.Provider>
  );
}

function GroupForm({ group, groups }: { group: FilterGroupState; groups: FilterGroups }) {
  const key = groupKey(group.provider, group.queryId);
  return (
    <form
      id={groupFormId(group)}
      method="get"
      action={group.baseUrl}
      hidden
      onSubmit={(event) => {
        const submit = groups.stores.get(key)?.runtime.submit;
        if (!submit) return; // the widgets' code is not here yet: the browser submits the form
        event.preventDefault();
        submit();
      }}
    >
      <input type="hidden" name="jet-smart-filters" value={key} />
    </form>
  );
}
