import { useEffect } from 'react';
import type { PagePopup } from '../model';

/**
 * A page's popups (issue 13). Rendered by the layout only when the server placed popups on the page;
 * it renders nothing and loads the small trigger watcher (watcher.ts), which loads the dialog's code
 * only when a trigger fires. In the layout's chunk: kept this small.
 */
export function Popups({ popups }: { popups: PagePopup[] }) {
  // The layout's data is loaded again after a form is posted: the same popups are not a new page view.
  const json = JSON.stringify(popups);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./watcher').then((m) => {
      if (!gone) stop = m.watchPopups(JSON.parse(json) as PagePopup[]);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [json]);
  return null;
}
