/** The filters feature's browser-safe surface (the server half is index.server.ts). */
export * from './model';
export { FilterGroupsProvider } from './ui/filter-groups';
export { groupFormId, pageGroups } from './ui/groups-context';
export { filterWidgetComponents, loadFilterWidgets } from './ui/lazy-widgets';
export {
  FilteredListing,
  type FilteredListingState,
  type ListingPage,
  resultText,
  useFilteredListing,
} from './ui/use-filtered-listing';
export { wireQuery } from './ui/wire-query';
