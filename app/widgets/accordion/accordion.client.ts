import { coveredTop } from '~/lib/smooth-scroll';
import { scrollToToggle, watchReveals } from '../toggles/reveal';
import { loadTemplatePanel } from '../toggles/template-panel';

/*
 * The accordion's behaviour (spec filters-and-widgets.md §2, §4 "Accordion toggle"). The server's
 * `<details>` open and close natively (and, sharing a `name` in collapsible mode, keep one open);
 * this adds: in collapsible mode a click on the open toggle does nothing; an opened toggle's template
 * loads once; opening by the visitor scrolls to the toggle when switchScrolling is on; the address
 * hash's ids (`#faq-biaya&faq-jalur`) open their toggles. The height animates in the stylesheet
 * (`::details-content`, 300 ms, none under reduced motion). A toggle tapped before this code came
 * is simply open: the state is the browser's.
 */

/** Takes the server's accordion over; returns what ends it. */
export function enhance(element: HTMLElement): () => void {
  const toggles = [...element.querySelectorAll<HTMLDetailsElement>(':scope > details.toggle-accordion__item')];
  const collapsible = element.dataset.collapsible !== undefined;
  const offset = element.dataset.scrollOffset === undefined ? null : Number(element.dataset.scrollOffset);
  const contentOf = (toggle: HTMLDetailsElement) =>
    toggle.querySelector<HTMLElement>(':scope > .toggle-accordion__panel > .toggle-content');

  /** The toggle a click on a summary of this accordion (not a nested one) belongs to. */
  const toggleOf = (target: EventTarget | null) => {
    const summary = target instanceof Element ? target.closest('summary') : null;
    const toggle = summary?.parentElement;
    return toggle instanceof HTMLDetailsElement && toggles.includes(toggle) ? toggle : null;
  };
  let byVisitor: HTMLDetailsElement | null = null;
  const onClick = (event: MouseEvent) => {
    const toggle = toggleOf(event.target);
    if (!toggle) return;
    if (collapsible && toggle.open) {
      event.preventDefault();
      return;
    }
    byVisitor = toggle.open ? null : toggle;
  };
  const open = (toggle: HTMLDetailsElement) => {
    toggle.open = true;
  };
  const onToggle = (event: Event) => {
    const toggle = event.target;
    if (!(toggle instanceof HTMLDetailsElement) || !toggles.includes(toggle) || !toggle.open) return;
    const content = contentOf(toggle);
    if (content) void loadTemplatePanel(content);
    if (byVisitor === toggle && offset !== null) scrollToToggle(toggle, offset + coveredTop());
    byVisitor = null;
  };

  element.addEventListener('click', onClick);
  // `toggle` does not bubble: listened to in the capture phase.
  element.addEventListener('toggle', onToggle, true);
  for (const toggle of toggles) {
    const content = contentOf(toggle);
    if (toggle.open && content) void loadTemplatePanel(content);
  }
  const stop = watchReveals(
    element,
    (target) => {
      const toggle = toggles.find((t) => t.contains(target));
      if (toggle) open(toggle);
    },
    (ids) => {
      const named = toggles.filter((t) => ids.includes(t.id));
      // In collapsible mode one stays open: the last named, as opening each in turn would leave.
      for (const toggle of collapsible ? named.slice(-1) : named) open(toggle);
      // A single id is the browser's own fragment, scrolled to already; a list names no element.
      if (named[0] && ids.length > 1) scrollToToggle(named[0], (offset ?? 0) + coveredTop());
    },
  );
  return () => {
    stop();
    element.removeEventListener('click', onClick);
    element.removeEventListener('toggle', onToggle, true);
  };
}
