import { smoothScrollTo } from '~/lib/smooth-scroll';
import { hashIds, REVEAL_EVENT } from './model';
import { WIDGET_SCROLL_MS } from './settings';

/*
 * How a tab or toggle is opened from outside the widget (spec filters-and-widgets.md §2): an anchor
 * link whose hash names it (pages/ui/anchor-scroll.ts sends REVEAL_EVENT to the link's target before
 * scrolling), and the ids of the address hash separated by `&`, on load and when the hash changes.
 */

/**
 * Calls `open(target)` for each element inside `root` a hash link points at, and `openIds(ids)` with
 * the address hash's ids now and on each change. Returns what stops listening.
 */
export function watchReveals(
  root: HTMLElement,
  open: (target: Element) => void,
  openIds: (ids: string[]) => void,
): () => void {
  const onReveal = (event: Event) => {
    if (event.target instanceof Element) open(event.target);
  };
  const onHash = () => openIds(hashIds(window.location.hash));
  root.addEventListener(REVEAL_EVENT, onReveal);
  window.addEventListener('hashchange', onHash);
  onHash();
  return () => {
    root.removeEventListener(REVEAL_EVENT, onReveal);
    window.removeEventListener('hashchange', onHash);
  };
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Whether animations run (none for visitors who ask for reduced motion). */
export function animates(): boolean {
  return !reducedMotion();
}

/** Scrolls `target` to `offset` px below the view's top over 300 ms (at once under reduced motion). */
export function scrollToToggle(target: Element, offset: number): void {
  smoothScrollTo(target, offset, WIDGET_SCROLL_MS);
}

/** Animates `box` from the height it had to the one it has now, over `ms` (nothing under reduced motion). */
export function animateHeight(box: HTMLElement, fromHeight: number, ms: number): void {
  if (reducedMotion()) return;
  const to = box.getBoundingClientRect().height;
  box.animate(
    [
      { height: `${fromHeight}px`, overflow: 'hidden' },
      { height: `${to}px`, overflow: 'hidden' },
    ],
    {
      duration: ms,
      easing: 'ease',
    },
  );
}
