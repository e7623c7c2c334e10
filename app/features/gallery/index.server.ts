export { listingAction, loadListingGrid } from './gallery.server';
export { listingGridSettings } from './settings';
