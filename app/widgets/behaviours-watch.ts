/**
 * Watches the page for page behaviours (behaviours.ts): on start and whenever the page's elements
 * change (a navigation, a tab's template, a popup), and fetches their loader chunk once a page has
 * one. In every page's entry: kept this small. Once the chunk is here, every change is scanned (widgets
 * that leave end their timers); a scan is one query, cheap even while a ticker types.
 */
export function watchBehaviours(): () => void {
  let scan: (() => void) | undefined;
  const check = () => {
    if (scan) scan();
    else if (document.querySelector('[data-behaviour]'))
      import('./behaviours').then(
        (m) => {
          scan = m.scan;
          scan();
        },
        () => {},
      );
  };
  check();
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
