import { listen } from '~/ui/listen';
import { animateHeight } from '../toggles/reveal';
import { loadTemplatePanel } from '../toggles/template-panel';
import { SWITCHER_MS } from './settings';

/*
 * The switcher's behaviour (spec filters-and-widgets.md §4 "Switcher: disable <-> enable on click or
 * touch-end without scrolling; height animates 500 ms"). The control is two native radio buttons: a
 * click, a tap (the browser's click after touch-end; a touch that scrolls the page chooses nothing) or
 * an arrow key switches, before this code too, and nothing scrolls. This adds the height animation
 * and the template of a panel left to the browser.
 */

/** Takes the server's switcher over; returns what ends it. */
export function enhance(element: HTMLElement): () => void {
  const panels = element.querySelector<HTMLElement>(':scope > .toggle-switcher__panels');
  const checked = () => element.querySelector<HTMLInputElement>(':scope > fieldset input:checked')?.value ?? 'disable';
  const contentOf = (state: string) =>
    panels?.querySelector<HTMLElement>(`:scope > .toggle-switcher__panel--${state} > .toggle-content`) ?? null;
  let shown = checked();
  let height = panels?.getBoundingClientRect().height ?? 0;

  const load = () => {
    const content = contentOf(shown);
    if (content) void loadTemplatePanel(content);
  };
  const onChange = () => {
    if (!panels || checked() === shown) return;
    shown = checked();
    element.dataset.state = shown;
    animateHeight(panels, height, SWITCHER_MS);
    height = panels.getBoundingClientRect().height;
    load();
  };
  // The height before a switch: the stylesheet has already swapped the panels by `change`.
  const onInput = () => {
    height = panels?.getBoundingClientRect().height ?? height;
  };
  element.dataset.state = shown;
  load();
  return listen(element, [
    ['pointerdown', onInput],
    ['keydown', onInput],
    ['change', onChange],
  ]);
}
