/** The filters feature's server surface: wire actions, widget loaders, the listing's narrowing, stored records. */
export {
  filteringAction,
  indexedDataAction,
  NOT_ENOUGH_PARAMETERS,
  narrowStoredList,
} from './actions.server';
export { getFilterRecords, getStoredGroups, publicFilter } from './filters.server';
export { hierarchyLevelAction, hierarchyLevels } from './hierarchy.server';
export { filterFormRedirect, REDIRECT_MARKER } from './redirect.server';
export {
  activeWidgetSettings,
  applyWidgetSettings,
  type FilterRecord,
  filterRecord,
  filterWidgetSettings,
  paginationWidgetSettings,
  removeWidgetSettings,
} from './settings';
export {
  groupRun,
  listingFilter,
  loadFilterWidget,
  loadGroupWidget,
  type SmartFilterWidgetProps,
} from './widgets.server';
