/**
 * Page behaviours (issue 22): the page widgets (tabs, accordion, countdown, ...) arrive as the server's
 * HTML, complete without JavaScript, and carry `data-behaviour="<name>"`. Once the page's script runs,
 * `watchBehaviours` finds them, wherever they are and whenever they appear (a page, a tab's template,
 * a popup, a mega panel), fetches the code of the behaviours the page has, each its own chunk (a page
 * without tabs never downloads the tabs' code), and lets it take the element over.
 *
 * A tap on a control marked `data-tap` made before that code has come is kept by the page's first
 * inline script (EARLY_TAPS_SCRIPT) and replayed once the widget is enhanced. Controls that work
 * natively (a `<details>` summary, a hash link, a `?paged=` link) need no mark: the enhancer reads the
 * state the tap left.
 */

/** What a behaviour's module exports: takes the element over; may return what ends it (timers, listeners). */
export interface BehaviourModule {
  enhance(element: HTMLElement): undefined | (() => void);
}

/** Each behaviour's code, by the name its widget writes in `data-behaviour`. */
const BEHAVIOURS: Record<string, () => Promise<BehaviourModule>> = {
  sticky: () => import('./motion/sticky.client'),
  parallax: () => import('./motion/parallax.client'),
  particles: () => import('./motion/particles.client'),
};

export type BehaviourName = keyof typeof BEHAVIOURS;

/** The early taps' queue, on window (EARLY_TAPS_SCRIPT fills it before any module has run). */
type TapQueue = Element[];
const queue = () => ((window as { __earlyTaps?: TapQueue }).__earlyTaps ??= []);

const endings = new Map<HTMLElement, () => void>();

async function enhanceOne(element: HTMLElement): Promise<void> {
  const load = BEHAVIOURS[element.dataset.behaviour ?? ''];
  if (!load) return;
  // Marked at once, so a second scan while the code is on its way does not enhance it twice.
  element.dataset.enhanced = 'loading';
  try {
    const end = (await load()).enhance(element);
    if (end) endings.set(element, end);
    element.dataset.enhanced = '';
  } catch (error) {
    // Offline or a failed chunk: the widget stays as the server sent it, which works without script.
    console.error(error);
    delete element.dataset.enhanced;
    return;
  }
  const taps = queue();
  for (const tap of taps.filter((t) => element.contains(t))) {
    taps.splice(taps.indexOf(tap), 1);
    (tap as HTMLElement).click();
  }
}

function scan(): void {
  for (const [element, end] of endings) {
    if (!element.isConnected) {
      endings.delete(element);
      end();
    }
  }
  for (const element of document.querySelectorAll<HTMLElement>('[data-behaviour]:not([data-enhanced])')) {
    void enhanceOne(element);
  }
}

/** Enhances the behaviours on the page now and in whatever content arrives later; returns what stops it. */
export function watchBehaviours(): () => void {
  scan();
  let pending = false;
  const observer = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      scan();
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
