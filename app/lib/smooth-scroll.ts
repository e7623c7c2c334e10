/**
 * The site's smooth scroll (spec 000 §2 anchors, spec 001 §4 filter paging): 500 ms, eased, straight
 * to the end for visitors who ask for reduced motion.
 */
export const SCROLL_MS = 500;

/** Where a scroll to an element ends: its top less what covers the page's top (admin bar, sticky header, offset). */
export function scrollTopFor(targetTop: number, scrollY: number, offset: number): number {
  return Math.max(0, Math.round(targetTop + scrollY - offset));
}

/** Ease-in-out position between `from` and `to` at time fraction t ∈ [0, 1]. */
export function easeInOut(from: number, to: number, t: number): number {
  const k = Math.min(1, Math.max(0, t));
  const eased = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
  return from + (to - from) * eased;
}

/** Scrolls the window so that `target`'s top lands `offset` pixels below the top of the view, over `ms`. */
export function smoothScrollTo(target: Element, offset: number, ms = SCROLL_MS): void {
  const from = window.scrollY;
  const to = scrollTopFor(target.getBoundingClientRect().top, from, offset);
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, to);
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const t = (now - start) / ms;
    window.scrollTo(0, easeInOut(from, to, t));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** How much of the view's top is covered: the admin bar and any sticky or fixed header (spec 000 §2). */
export function coveredTop(): number {
  let covered = document.getElementById('wpadminbar')?.getBoundingClientRect().height ?? 0;
  for (const el of document.querySelectorAll<HTMLElement>('[data-sticky], .elementor-sticky')) {
    const position = getComputedStyle(el).position;
    if (position === 'sticky' || position === 'fixed') covered += el.getBoundingClientRect().height;
  }
  return covered;
}
