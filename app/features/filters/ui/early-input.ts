/**
 * Filter choices made before the filters' code ran (issue 13): on a slow phone a visitor ticks a box
 * of the server's HTML while the script still loads; hydration then sets the box back to the state
 * React holds, and the choice was lost. The filters' chunk notes such choices when it runs (and any
 * made until each filter is live); once a filter has hydrated, its choices are made again through its
 * own handlers, so they apply exactly as a tap on the live widget would.
 */

/** What the visitor left a control at: a checkable one's state, or a box's or select's value. */
export type Wanted = { checked: boolean } | { value: string };

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Choices by control (`name`, and `value` for a checkable one): hydration may replace the node itself. */
const early = new Map<string, Wanted>();
let listening = false;
/** True while choices are made again: those clicks are the widget's own, not early ones. */
let replaying = false;

const FRAME = '[data-filter-id]';

function isControl(el: EventTarget | null): el is Control {
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
}

function isCheckable(el: Control): el is HTMLInputElement {
  return el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
}

function keyOf(el: Control): string {
  return `${el.name}\u0000${isCheckable(el) ? el.value : ''}`;
}

/**
 * The state a visitor left a control at, when it differs from the server's HTML; null when it does
 * not. A radio counts only once chosen (choosing one unchecks the others: nothing to make again).
 */
export function changedState(el: Control): Wanted | null {
  if (isCheckable(el)) {
    if (el.checked === el.defaultChecked) return null;
    return el.type === 'radio' && !el.checked ? null : { checked: el.checked };
  }
  if (el instanceof HTMLSelectElement) {
    const changed = [...el.options].some((o) => o.selected !== o.defaultSelected);
    return changed ? { value: el.value } : null;
  }
  return el.value === el.defaultValue ? null : { value: el.value };
}

/** A control of a filter whose widget is not live yet (its frame says so once hydrated). */
function notLiveYet(el: Control): boolean {
  const frame = el.closest(FRAME);
  return frame !== null && !frame.hasAttribute('data-hydrated');
}

function note(el: Control): void {
  if (!el.name || !notLiveYet(el)) return;
  const wanted = changedState(el);
  if (wanted) early.set(keyOf(el), wanted);
  else early.delete(keyOf(el));
}

function onEarlyInput(event: Event): void {
  if (!replaying && isControl(event.target)) note(event.target);
}

/** Notes the choices already made in the server's HTML, and those made until the filters are live. */
export function captureEarlyInput(doc: Document): void {
  for (const el of doc.querySelectorAll<Control>(`${FRAME} :is(input, select, textarea)`)) note(el);
  if (listening) return;
  listening = true;
  doc.addEventListener('change', onEarlyInput, true);
  doc.addEventListener('input', onEarlyInput, true);
}

/**
 * Sets a box's value as typing does. React tracks a control's last value through the node's own
 * setter, and hydration may have tracked the early value: it is first told the value shown now.
 */
function typeValue(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  // biome-ignore lint/correctness/noSelfAssign: the node's own setter updates React's tracked value
  el.value = el.value;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Makes the early choices of the controls in `frame` again, now that its widget is live (after its
 * commit the controls show the widget's state): a click for a box, a change for a select, typing for
 * a text box. A control already showing the choice is left alone.
 */
export function replayEarlyInput(frame: Element | null): void {
  if (!frame || early.size === 0) return;
  replaying = true;
  try {
    for (const el of frame.querySelectorAll<Control>('input, select, textarea')) {
      const key = keyOf(el);
      const wanted = early.get(key);
      if (!wanted) continue;
      early.delete(key);
      if ('checked' in wanted) {
        if (isCheckable(el) && el.checked !== wanted.checked) {
          // As for typing: React is told the state shown now, so the click reads as a change.
          el.checked = !wanted.checked;
          el.click();
        }
      } else if (el.value !== wanted.value) {
        if (el instanceof HTMLSelectElement) {
          el.value = wanted.value;
          el.dispatchEvent(new Event('change', { bubbles: true }));
        } else typeValue(el, wanted.value);
      }
    }
  } finally {
    replaying = false;
  }
}
