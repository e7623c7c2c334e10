/**
 * The devices of the page builder's breakpoints (site-behaviour.md §9): phones up to 767 px, tablets
 * up to 1024 px, desktops wider. THE rule for every setting that names devices (popups' timing, the
 * smart listing's columns, unfold's mask, sticky and parallax) and for the stylesheet's media queries.
 */
export const DEVICES = ['desktop', 'tablet', 'mobile'] as const;
export type Device = (typeof DEVICES)[number];

export const MOBILE_MAX = 767;
export const TABLET_MAX = 1024;

/** The device a window `width` pixels wide counts as. */
export function deviceOf(width: number): Device {
  if (width <= MOBILE_MAX) return 'mobile';
  if (width <= TABLET_MAX) return 'tablet';
  return 'desktop';
}
