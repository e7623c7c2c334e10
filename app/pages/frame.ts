import type { z } from 'zod';
import type { columnSettings, sectionSettings } from '~/content/tree';

/**
 * What a section's or column's frame is in the browser (pages/ui/element-tree.tsx), worked out on the
 * server from its settings: the classes (layout, background, and the `position: sticky` per device
 * that widget-motion.css reads), the spacing as custom properties, and the `data-behaviour` marks
 * whose code loads only on pages that have them. The browser gets the result, not this code (every
 * page's entry carries the frames: its JavaScript budget).
 */
export interface FrameView {
  className: string;
  cssId?: string;
  style: Record<string, string>;
  behaviour?: 'sticky';
  /** A particle background (sections) or a parallax content (columns): the settings as JSON. */
  effect?: { kind: 'particles' | 'parallax'; data: string };
}

type SectionSettings = z.output<typeof sectionSettings>;
type ColumnSettings = z.output<typeof columnSettings>;

/** ` motion-sticky-desktop motion-sticky-tablet` for a sticky element, else ''. */
const stickyClasses = (s: { sticky: boolean; stickyOn: string[] }): string =>
  s.sticky ? s.stickyOn.map((d) => ` motion-sticky-${d}`).join('') : '';

/** The frame of a section (settings as content/tree.ts checked them). */
export function sectionFrame(s: SectionSettings): FrameView {
  return {
    className: `elementor-section section--${s.layout} section-bg--${s.background}${s.sticky ? ' elementor-sticky' : ''}${stickyClasses(s)}`,
    cssId: s.cssId,
    style: {},
    behaviour: s.sticky ? 'sticky' : undefined,
    effect: s.particles ? { kind: 'particles', data: JSON.stringify(s.particles) } : undefined,
  };
}

/** The frame of a column (settings as content/tree.ts checked them). */
export function columnFrame(s: ColumnSettings): FrameView {
  return {
    className: `elementor-column${s.hideOnMobile ? ' elementor-hidden-mobile' : ''}${stickyClasses(s)}`,
    style: {
      '--col-width': `${s.width}%`,
      ...(s.sticky ? { '--sticky-top': `${s.topSpacing}px`, '--sticky-bottom': `${s.bottomSpacing}px` } : {}),
    },
    behaviour: s.sticky ? 'sticky' : undefined,
    effect: s.parallax ? { kind: 'parallax', data: JSON.stringify(s.parallax) } : undefined,
  };
}

/** The frame of a section or column whose settings the tree's reader has checked (pages/tree.server.ts). */
export function frameOf(type: 'section' | 'column', settings: Record<string, unknown>): FrameView {
  return type === 'section' ? sectionFrame(settings as SectionSettings) : columnFrame(settings as ColumnSettings);
}
