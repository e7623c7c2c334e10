import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { PagePopup } from '../model';
import { placedOn } from '../placement';

/** The address of the page last shown in this tab: the next page's referrer after a client-side navigation. */
let shownBefore = '';

/**
 * The popups of the page shown (issue 13). Rendered by the layout when the viewer has popups on any
 * page; it renders nothing. On each page, first load or client-side navigation, it picks the popups
 * placed there and loads the small trigger watcher (watcher.ts) for them, which loads the dialog's
 * code only when a trigger fires; leaving the page stops that page's triggers. A page with no popup
 * loads no popup code. In the layout's chunk, which every page loads: kept this small.
 */
export function Popups({ popups }: { popups: PagePopup[] }) {
  const { pathname } = useLocation();
  // The layout's data is loaded again after a form is posted: the same popups are not a new page view.
  const json = JSON.stringify(popups.filter((p) => placedOn(p, pathname)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: another path is another page view, with the same popups too
  useEffect(() => {
    const before = shownBefore;
    shownBefore = location.href;
    if (json === '[]') return;
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./watcher').then((m) => {
      if (!gone) stop = m.watchPopups(JSON.parse(json) as PagePopup[], before);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [pathname, json]);
  return null;
}
