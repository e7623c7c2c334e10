import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { PagePopup } from '../model';

/** The address of the page last shown in this tab: the next page's referrer after a client-side navigation. */
let shownBefore = '';

/**
 * The popups of the page shown (issue 13). Rendered by the layout when the viewer has popups on any
 * page; it renders nothing. On each page, first load or client-side navigation, it loads the small
 * trigger watcher (watcher.ts), which picks the popups placed there (placement.ts) and loads the
 * dialog's code only when a trigger fires; leaving the page stops that page's triggers. In the
 * layout's chunk, which every page loads: kept this small, so even the placement rule is the watcher's.
 */
export function Popups({ popups }: { popups: PagePopup[] }) {
  const { pathname } = useLocation();
  // The layout's data is loaded again after a form is posted: the same popups are not a new page view.
  const json = JSON.stringify(popups);
  // Another path is another page view, with the same popups too.
  useEffect(() => {
    const before = shownBefore;
    shownBefore = location.href;
    if (json === '[]') return;
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./watcher').then((m) => {
      if (!gone) stop = m.watchPopups(JSON.parse(json) as PagePopup[], pathname, before);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [pathname, json]);
  return null;
}
