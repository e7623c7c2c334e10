/**
 * Below-the-fold code waits for its element (issue 24): a phone downloads and runs a widget's code
 * only when the widget comes near the window, not for the whole page at load. Near: in the window,
 * up to half a window's height below it, or anywhere above it (a widget scrolled past, or jumped over
 * by an anchor link, is taken over too: its controls may be reached by scrolling back).
 */
const NEAR_MARGIN = '100000px 0px 50% 0px';

let observer: IntersectionObserver | undefined;
const waiting = new Map<Element, Array<() => void>>();

/**
 * Whether `element` is near the window now (a synchronous reading, for the first render). One not laid
 * out (`display: none`: a phone's folded filters, a column hidden on phones) is not.
 */
export function isNear(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return (box.width > 0 || box.height > 0) && box.top < window.innerHeight * 1.5;
}

function arrived(entries: IntersectionObserverEntry[]) {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    observer?.unobserve(entry.target);
    const done = waiting.get(entry.target) ?? [];
    waiting.delete(entry.target);
    for (const resolve of done) resolve();
  }
}

/**
 * Resolves once `element` is near the window (see the module's comment); at once where there is no
 * IntersectionObserver. An element that is not laid out (`display: none`, a column hidden on phones)
 * waits until it is.
 */
export function whenNear(element: Element): Promise<void> {
  if (typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const list = waiting.get(element);
    if (list) return void list.push(resolve);
    waiting.set(element, [resolve]);
    observer ??= new IntersectionObserver(arrived, { rootMargin: NEAR_MARGIN });
    observer.observe(element);
  });
}
