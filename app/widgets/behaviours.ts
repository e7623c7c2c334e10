/**
 * Page behaviours (issue 22): the page widgets (tabs, accordion, countdown, ...) arrive as the server's
 * HTML, complete without JavaScript, and carry `data-behaviour="<name>"`. Once the page's script runs,
 * `scan` (fetched by behaviours-watch.ts) finds them, wherever they are and whenever they appear (a page, a tab's template,
 * a popup, a mega panel), fetches the code of the behaviours the page has, each its own chunk (a page
 * without tabs never downloads the tabs' code), and lets it take the element over.
 *
 * This module is itself a chunk: every page's entry holds only `watchBehaviours` (behaviours-watch.ts),
 * which fetches it when a page has a behaviour (the entry's JavaScript budget).
 *
 * A tap on a control marked `data-tap` made before that code has come is kept by the page's first
 * inline script (EARLY_TAPS_SCRIPT) and replayed once the widget is enhanced. Controls that work
 * natively (a `<details>` summary, a hash link, a `?paged=` link) need no mark: the enhancer reads the
 * state the tap left.
 */
import { deviceOf } from '~/lib/devices';
import { REVEAL_EVENT } from '~/lib/reveal';
import { whenNear } from '~/lib/when-near';

/** What a behaviour's module exports: takes the element over; may return what ends it (timers, listeners). */
export interface BehaviourModule {
  enhance(element: HTMLElement): undefined | (() => void);
}

/**
 * Each behaviour's code, by the name its widget writes in `data-behaviour`: the file `<name>.client.ts`
 * (or `.tsx`) in the widget's folder. A lazy glob: each file stays a chunk of its own, fetched on demand.
 */
const BEHAVIOURS: Record<string, () => Promise<BehaviourModule>> = Object.fromEntries(
  Object.entries(import.meta.glob<BehaviourModule>('./*/*.client.{ts,tsx}')).map(([path, load]) => [
    path.replace(/^.*\/|\.client\.tsx?$/g, ''),
    load,
  ]),
);

/**
 * Behaviours taken over as the page opens wherever they are: those a hash in the address or an
 * in-page link opens from anywhere (tabs, toggles, sections revealed), those whose time runs out of
 * view (a countdown's expiry redirects or hides), and sticky columns (placed before they are reached).
 * The others wait until they come near the window (issue 24: a phone's first view loads only its own
 * code); a tap on one of their controls is kept meanwhile (EARLY_TAPS_SCRIPT), and its element is near.
 */
const AT_ONCE = new Set(['tabs', 'accordion', 'switcher', 'view-more', 'unfold', 'countdown', 'sticky']);

/** The devices a behaviour's settings (`data-effect`) say it runs on (a parallax's); null: every device. */
function devicesOf(element: HTMLElement): string[] | null {
  try {
    const devices = (JSON.parse(element.dataset.effect ?? 'null') as { devices?: unknown } | null)?.devices;
    return Array.isArray(devices) ? devices.map(String) : null;
  } catch {
    return null;
  }
}

/** Resolves once the window is one of `devices`: a parallax for wide screens is not downloaded by a phone. */
function whenOn(devices: string[]): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!devices.includes(deviceOf(window.innerWidth))) return false;
      window.removeEventListener('resize', onResize);
      resolve();
      return true;
    };
    const onResize = () => void check();
    if (!check()) window.addEventListener('resize', onResize, { passive: true });
  });
}

/** The early taps' queue, on window (EARLY_TAPS_SCRIPT fills it before any module has run). */
type TapQueue = Element[];
const queue = () => ((window as { __earlyTaps?: TapQueue }).__earlyTaps ??= []);

const endings = new Map<HTMLElement, () => void>();

/**
 * A same-page hash link is scrolled by script (pages/ui/anchor-scroll.ts), so the browser does not
 * show a target that a widget hides. Before that scroll (this listener captures the click), the
 * target hears REVEAL_EVENT (a tab selects its panel, a toggle opens), and what the browser would do
 * on its own is done: closed `<details>` around it open, `hidden="until-found"` around it ends.
 */
function revealLinkTarget(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.('a[href*="#"]') as HTMLAnchorElement | null;
  if (!link || link.origin !== location.origin || link.pathname !== location.pathname) return;
  const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
  if (!target) return;
  target.dispatchEvent(new CustomEvent(REVEAL_EVENT, { bubbles: true }));
  for (let el: Element | null = target; el; el = el.parentElement) {
    if (el instanceof HTMLDetailsElement && !el.open) el.open = true;
    if (el.getAttribute('hidden') === 'until-found') el.removeAttribute('hidden');
  }
}
let revealing = false;

async function enhanceOne(element: HTMLElement): Promise<void> {
  const load = BEHAVIOURS[element.dataset.behaviour ?? ''];
  if (!load) return;
  // Marked at once, so a second scan while the code is on its way does not enhance it twice.
  element.dataset.enhanced = 'loading';
  try {
    const devices = devicesOf(element);
    if (devices) await whenOn(devices);
    if (!AT_ONCE.has(element.dataset.behaviour ?? '')) await whenNear(element);
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

/** Enhances the behaviours now on the page; ends those that have left it. */
export function scan(): void {
  if (!revealing) {
    revealing = true;
    document.addEventListener('click', revealLinkTarget, true);
  }
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
