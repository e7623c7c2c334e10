/**
 * Watches the page for page behaviours (behaviours.ts): on start and whenever content arrives (a
 * navigation, a tab's template, a popup), and fetches their loader chunk only when there is one to
 * enhance or one to end. In every page's entry: kept this small.
 */
export function watchBehaviours(): () => void {
  let pending = false;
  let known = false;
  const check = () => {
    pending = false;
    // `known`: once a page had behaviours, removals are checked too (their timers end).
    if (!known && !document.querySelector('[data-behaviour]')) return;
    known = true;
    import('./behaviours').then(
      (m) => m.scan(),
      () => {},
    );
  };
  check();
  const observer = new MutationObserver(() => {
    if (!pending) {
      pending = true;
      queueMicrotask(check);
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
