import { useEffect } from 'react';

/** What the badge's loader sends: the store, its label and its page. */
export interface StoreCountProps {
  store: string;
  label: string;
  href: string;
}

/** Loads the store code (its own chunk) and shows the visitor's buttons and counts; idempotent. */
export function useStoreButtons(): void {
  useEffect(() => {
    void import('~/features/stores/ui/enhance').then((m) => m.startStores());
  }, []);
}

/**
 * The count badge: a link to the store's page whose count the store code fills in and keeps up to date
 * on every change (spec 000 §2). Pages with store buttons place one: it is what loads the buttons' code,
 * so pages without stores never download it. Kept tiny: the page registry imports it.
 */
export function StoreCountWidget({ store, label, href }: StoreCountProps) {
  useStoreButtons();
  return (
    <a className="store-count" href={href}>
      <span className="store-count__label">{label}</span>{' '}
      <span className="jet-engine-data-store-count" data-store={store} />
    </a>
  );
}
