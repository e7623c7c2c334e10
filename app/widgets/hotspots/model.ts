/** The hotspots' rules: which tooltips open at first and what a press on a spot does. */

/** How a spot was pressed (React Aria's pointer types). */
export type PressKind = 'mouse' | 'pen' | 'touch' | 'keyboard' | 'virtual';

/**
 * Whether a press on a spot opens or closes its tooltip. With the click trigger every press does.
 * With the mouse-enter trigger the mouse's hover and the keyboard's focus already show it, so only a
 * tap (touch, pen, or a screen reader's virtual click), which has no hover, toggles it.
 */
export function pressToggles(trigger: 'mouseenter' | 'click', kind: PressKind): boolean {
  return trigger === 'click' || kind === 'touch' || kind === 'pen' || kind === 'virtual';
}

/** The spots whose tooltips show when the widget starts: all of them with show-on-init, else none. */
export function initiallyOpen(count: number, showOnInit: boolean): Set<number> {
  return new Set(showOnInit ? Array.from({ length: count }, (_, i) => i) : []);
}

/** `open` with spot `index` shown or hidden (a new set: React state). */
export function withSpot(open: ReadonlySet<number>, index: number, shown: boolean): Set<number> {
  const next = new Set(open);
  if (shown) next.add(index);
  else next.delete(index);
  return next;
}
