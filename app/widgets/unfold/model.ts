import { UNFOLD_EXTRA } from './settings';

/** The devices the mask height is set for (the site's breakpoints: phones below 768 px, tablets below 1025 px). */
export type UnfoldDevice = 'desktop' | 'tablet' | 'mobile';

/** The device a viewport `width` pixels wide counts as. */
export function deviceFor(width: number): UnfoldDevice {
  if (width < 768) return 'mobile';
  if (width < 1025) return 'tablet';
  return 'desktop';
}

/** spec §5: the trigger shows only when the content is taller than the mask plus 20 pixels. */
export function needsTrigger(contentHeight: number, maskHeight: number): boolean {
  return contentHeight > maskHeight + UNFOLD_EXTRA;
}
