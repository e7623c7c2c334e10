import { type ComponentType, Suspense, useContext } from 'react';
import { lazyModule } from '~/lib/lazy-module';
import { type FilterGroups, FilterGroupsContext } from './groups-context';

/**
 * The filter widgets, loaded on demand: only pages that show filters download their code (and React
 * Aria's). Two chunks: the filters themselves (React Aria's select, date picker, slider), and the
 * group's own widgets (the phone's "Filter" control, the active filters, pagination, apply, remove),
 * which is all a phone's first view shows while its filters are folded away (issue 24). The server
 * entry loads both at start, so its render never waits; a page hydrates each widget once its code is
 * in (React keeps the server's HTML meanwhile).
 */
type WidgetsModule = typeof import('./widgets');
type GroupWidgetsModule = typeof import('./group-widgets');
type GroupWidgetName = 'FilterPagination' | 'FilterApply' | 'FilterRemoveAll' | 'FilterActive' | 'FilterPanel';
type WidgetName = 'SmartFilter' | GroupWidgetName;

const widgetsModule = lazyModule((): Promise<WidgetsModule> => import('./widgets'));
const groupWidgetsModule = lazyModule((): Promise<GroupWidgetsModule> => import('./group-widgets'));

/** Loads the widgets' code once. */
export const loadFilterWidgets = () => Promise.all([widgetsModule.load(), groupWidgetsModule.load()]);

type AnyProps = Record<string, unknown>;

function lazyOf(name: GroupWidgetName) {
  return groupWidgetsModule.component((m) => m[name] as ComponentType<AnyProps>);
}

const lazyWidgets: Record<WidgetName, ComponentType<AnyProps>> = {
  SmartFilter: widgetsModule.component((m) => m.SmartFilter as ComponentType<AnyProps>),
  FilterPagination: lazyOf('FilterPagination'),
  FilterApply: lazyOf('FilterApply'),
  FilterRemoveAll: lazyOf('FilterRemoveAll'),
  FilterActive: lazyOf('FilterActive'),
  FilterPanel: lazyOf('FilterPanel'),
};

function FilterWidget({ name, props }: { name: WidgetName; props: AnyProps }) {
  const groups = useContext(FilterGroupsContext);
  const Lazy = lazyWidgets[name];
  const widget = (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  if (groups) return widget;
  // Outside a page (a template for a popup, a tab, an AJAX block): an island the page mounts when
  // the content arrives (`site:content-loaded`, spec 001 §2 "Filters re-initialise").
  return (
    <div className="jsf-island" data-jsf-island={name} data-props={JSON.stringify(props)}>
      {widget}
    </div>
  );
}

/** The filter widgets by their page-widget name (the server half registers the same names). */
export const filterWidgetComponents = {
  'smart-filter': (props) => <FilterWidget name="SmartFilter" props={props} />,
  'smart-filter-pagination': (props) => <FilterWidget name="FilterPagination" props={props} />,
  'smart-filter-apply': (props) => <FilterWidget name="FilterApply" props={props} />,
  'smart-filter-remove': (props) => <FilterWidget name="FilterRemoveAll" props={props} />,
  'smart-filter-active': (props) => <FilterWidget name="FilterActive" props={props} />,
  'smart-filter-panel': (props) => <FilterWidget name="FilterPanel" props={props} />,
} satisfies Record<string, ComponentType<AnyProps>>;

/** Mounts the filter islands inside content loaded later (their code loads only when there are some). */
export async function mountFilterIslands(root: ParentNode, groups: FilterGroups): Promise<void> {
  if (!root.querySelector('[data-jsf-island]:not([data-jsf-mounted])')) return;
  const widgets = await widgetsModule.load();
  widgets.mountIslands(root, groups);
}
