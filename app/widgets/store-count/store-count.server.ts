import { storeBySlug } from '~/features/stores/model';
import type { StoreCountSettings } from './settings';
import type { StoreCountProps } from './store-count';

/** The badge's props: the count is the visitor's, so it comes from the browser (pages are cached and shared). */
export function loadStoreCount(settings: StoreCountSettings): StoreCountProps {
  return { store: settings.store, label: settings.label, href: storeBySlug(settings.store)?.page ?? '/simpanan/' };
}
