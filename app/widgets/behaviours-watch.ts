/**
 * Watches the page for page behaviours (behaviours.ts): on start and whenever elements arrive or leave
 * (a navigation, a tab's template, a popup), and fetches their loader chunk once a page has one. In
 * every page's entry: kept this small.
 */
export function watchBehaviours(): () => void {
  // Once the chunk is here, every change of elements is scanned (widgets that leave end their timers).
  let scan: (() => void) | undefined;
  const check = () => {
    if (scan) scan();
    else if (document.querySelector('[data-behaviour]')) {
      import('./behaviours').then(
        (m) => {
          scan = m.scan;
          scan();
        },
        () => {},
      );
    }
  };
  check();
  // Text changes (a ticker typing, a countdown ticking) add or remove no element: nothing to scan.
  const observer = new MutationObserver((records) => {
    const elements = (nodes: NodeList) => [...nodes].some((n) => n.nodeType === Node.ELEMENT_NODE);
    if (records.some((r) => elements(r.addedNodes) || elements(r.removedNodes))) check();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
