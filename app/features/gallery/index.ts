export type { ListingGridSettings } from './settings';
export { ListingGrid, type ListingGridProps } from './ui/listing-grid';
