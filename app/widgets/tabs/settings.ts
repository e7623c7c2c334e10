import { z } from 'zod';
import { panelItems, scrollSettings } from '../toggles/settings';

/** Nested tabs fade 400 ms; top-level tabs switch at once (site-behaviour.md §9 "Nested tabs animation"). */
export const NESTED_TABS_FADE_MS = 400;
/** Tabs in one widget: more no longer fit a row of labels on a phone, even scrolled. */
export const MAX_TABS = 20;
export const MAX_TAB_LABEL = 100;

/**
 * The tabs widget (spec filters-and-widgets.md §3 "Tab and accordion: ajaxTemplate, switchScrolling,
 * switchScrollingOffset.size, activeIndex"; §4 "Tab template: not loaded -> loaded, once per panel").
 */
export const tabsSettings = z.object({
  /** Each one's id is what hash links name (`/profil/#visi-misi`). */
  items: panelItems({ label: z.string().trim().min(1).max(MAX_TAB_LABEL) }, MAX_TABS),
  /** The tab shown first, from 1 (JetTabs' tabs_active_index); past the last tab, the last. */
  activeIndex: z.number().int().min(1).max(MAX_TABS).default(1),
  /** Template panels other than the first shown load over the template call when first shown. */
  ajaxTemplate: z.boolean().default(false),
  ...scrollSettings,
});

export type TabsSettings = z.output<typeof tabsSettings>;
