import { z } from 'zod';
import { panelItems, scrollSettings } from '../toggles/settings';

/** A toggle's height animates 300 ms (spec filters-and-widgets.md §9 "Accordion animation"). */
export const ACCORDION_MS = 300;
/** Toggles in one accordion: a long FAQ, not a whole site. */
export const MAX_TOGGLES = 50;
export const MAX_TOGGLE_TITLE = 300;

/**
 * The accordion widget (spec filters-and-widgets.md §3 "collapsible, ajaxTemplate, switchScrolling,
 * switchScrollingOffset.size"; §4 "Accordion toggle"; site-behaviour.md §9 "Accordion default state: expanded").
 */
export const accordionSettings = z.object({
  /** Each one's id is what hash links name (`/ppdb/#faq-biaya`). */
  items: panelItems({ title: z.string().trim().min(1).max(MAX_TOGGLE_TITLE) }, MAX_TOGGLES),
  /** Opening one closes the others and clicking the open one does nothing; off: each toggle flips on its own. */
  collapsible: z.boolean().default(false),
  /** `expanded`: the first toggle is open when the page loads; `all_collapsed`: none is. */
  defaultState: z.enum(['expanded', 'all_collapsed']).default('expanded'),
  /** Template toggles other than the open ones load over the template call when first opened. */
  ajaxTemplate: z.boolean().default(false),
  ...scrollSettings,
});

export type AccordionSettings = z.output<typeof accordionSettings>;
