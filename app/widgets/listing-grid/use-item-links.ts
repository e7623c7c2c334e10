import { type RefObject, useEffect } from 'react';

/** Item links (clickable items, delete confirmation, in-page actions): their code loads when a grid has some. */
const ITEM_LINKS = '[data-url],a[href^="#jet-engine-action"],.jet-engine-delete-post';

/** Binds the item links once per listing, on its root (pages appended later included). */
export function useItemLinks(rootRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = rootRef.current;
    if (!root?.querySelector(ITEM_LINKS)) return;
    let unbind: (() => void) | undefined;
    let gone = false;
    void import('./item-links').then((m) => {
      if (!gone) unbind = m.bindItemLinks(root);
    });
    return () => {
      gone = true;
      unbind?.();
    };
  }, [rootRef]);
}
