export { listingGridSettings } from './settings';
export { listingAction, loadListingGrid } from './gallery.server';
