/**
 * Watches the page for page behaviours (behaviours.ts): on start and whenever content arrives (a
 * navigation, a tab's template, a popup), and fetches their loader chunk once a page has one. In
 * every page's entry: kept this small.
 */
export function watchBehaviours(): () => void {
  // Once the chunk is here, every change is scanned (widgets that leave the page end their timers).
  let here = false;
  const check = () => {
    if (here || document.querySelector('[data-behaviour]')) {
      import('./behaviours').then(
        (m) => {
          here = true;
          m.scan();
        },
        () => {},
      );
    }
  };
  check();
  // One callback per batch of changes (the observer batches them by itself).
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
