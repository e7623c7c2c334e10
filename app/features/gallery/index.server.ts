export {
  describeEkskul,
  gridConditions,
  gridQuery,
  listGrid,
  listingAction,
  loadListingGrid,
  renderGridItems,
} from './gallery.server';
export type { ListingGridSettings } from './settings';
export { listingGridSettings } from './settings';
export { EkskulCard, type EkskulItem, formatFee, formatMeetingTime, formatPlace } from './ui/ekskul-card';
export { ListingGrid, type ListingGridProps } from './ui/listing-grid';
