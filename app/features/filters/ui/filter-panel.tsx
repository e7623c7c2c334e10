import type { z } from 'zod';
import type { FilterGroupState } from '../model';
import type { panelWidgetSettings } from '../settings';
import { useGroupState } from './groups-context';
import { useBoundGroup } from './use-filter';
import { activeItems } from './values';

/**
 * The "Filter" control of a phone (issue 13): below 768 px the page's filters fold behind it, so the
 * first result shows on the first screen; the badge counts the active filters. A native disclosure,
 * so it opens without JavaScript and a tap made while the script loads is the browser's own: the
 * filters show while it is open (filters.css, `:has`). React never sets `open`, so hydration keeps
 * what the visitor did. From 768 px the control is not shown and the filters stay in place.
 */
export function FilterPanel(props: z.output<typeof panelWidgetSettings> & { group: FilterGroupState }) {
  const { group, label } = props;
  const store = useBoundGroup(group);
  const state = useGroupState(store);
  // One per filter holding a value (several filters may share a key), sorting left out: as the active list.
  const active = activeItems(state, false).length;
  return (
    <details className="jsf-panel" data-active={active || undefined}>
      <summary className="jsf-panel__toggle">
        <span className="jsf-panel__label">{label}</span>
        {active > 0 ? (
          <span className="jsf-panel__count">
            {active}
            <span className="visually-hidden"> aktif</span>
          </span>
        ) : null}
      </summary>
    </details>
  );
}
