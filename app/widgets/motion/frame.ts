/**
 * What a section's or column's motion settings add to its frame (pages/ui/element-tree.tsx): classes
 * the stylesheet turns into `position: sticky` per device (widget-motion.css), the spacing as custom
 * properties, and the `data-behaviour` marks whose code loads only on pages that have them. Tiny and
 * zod-free: every page's bundle carries it.
 */

/** The settings this file reads (already checked by content/tree.ts). */
interface MotionSettings {
  sticky?: boolean;
  stickyOn?: string[];
  topSpacing?: number;
  bottomSpacing?: number;
  parallax?: object;
  particles?: object;
}

/** ` motion-sticky-desktop motion-sticky-tablet` for a sticky element, else ''. */
export const stickyClasses = (s: MotionSettings): string =>
  s.sticky ? (s.stickyOn ?? []).map((d) => ` motion-sticky-${d}`).join('') : '';

/** A sticky column's spacing as the stylesheet reads it. */
export const stickySpacing = (s: MotionSettings) =>
  s.sticky ? { '--sticky-top': `${s.topSpacing ?? 50}px`, '--sticky-bottom': `${s.bottomSpacing ?? 50}px` } : {};

/** The settings a behaviour reads, as the attribute carries them (null: none). */
export const effectData = (value: object | undefined): string | null => (value ? JSON.stringify(value) : null);
