import { UNFOLD_EXTRA } from './settings';

/** spec §5: the trigger shows only when the content is taller than the mask plus 20 pixels. */
export function needsTrigger(contentHeight: number, maskHeight: number): boolean {
  return contentHeight > maskHeight + UNFOLD_EXTRA;
}
