import type { z } from 'zod';
import { agendaCalendarSettings, agendaCategoryFilterSettings } from '~/features/agenda/settings';
import {
  activeWidgetSettings,
  applyWidgetSettings,
  filterWidgetSettings,
  paginationWidgetSettings,
  panelWidgetSettings,
  removeWidgetSettings,
} from '~/features/filters/settings';
import { subscribeFormSettings } from '~/features/subscribe/settings';
import { accordionSettings } from './accordion/settings';
import { buttonSettings, headingSettings, imageSettings, textEditorSettings } from './basic/settings';
import { countdownSettings } from './countdown/settings';
import { hotspotsSettings } from './hotspots/settings';
import { imageAccordionSettings } from './image-accordion/settings';
import { listingGridSettings } from './listing-grid/settings';
import { navMenuSettings } from './nav-menu/settings';
import { playlistSettings } from './playlist/settings';
import { postsListSettings } from './posts/settings';
import { shareSettings } from './share/settings';
import { smartListingSettings } from './smart-listing/settings';
import { storeCountSettings } from './store-count/settings';
import { switcherSettings } from './switcher/settings';
import { tabsSettings } from './tabs/settings';
import { tickerSettings } from './ticker/settings';
import { unfoldSettings } from './unfold/settings';
import { viewMoreSettings } from './view-more/settings';

/**
 * THE list of page widgets (DESIGN.md "Layout"): each name with its settings schema and whether it
 * hydrates in the browser (every other widget arrives as server-rendered HTML). The server registry
 * (loaders), the browser registry (components) and the seed all read this one list; the registries
 * are typed by its names, so a widget missing from either does not compile.
 */
export const WIDGET_CATALOG = {
  heading: { settings: headingSettings, hydrates: false },
  'text-editor': { settings: textEditorSettings, hydrates: false },
  image: { settings: imageSettings, hydrates: false },
  button: { settings: buttonSettings, hydrates: false },
  'nav-menu': { settings: navMenuSettings, hydrates: false },
  // The newsletter form (call 17): plain HTML, enhanced by one listener on the document.
  'subscribe-form': { settings: subscribeFormSettings, hydrates: false },
  // Data stores (issue 13): the count badge, which also loads the store buttons' code on its page.
  'store-count': { settings: storeCountSettings, hydrates: true },
  posts: { settings: postsListSettings, hydrates: true },
  'jet-listing-grid': { settings: listingGridSettings, hydrates: true },
  // The agenda calendar (issue 13, call 8): school events by month.
  'jet-listing-calendar': { settings: agendaCalendarSettings, hydrates: true },
  // Issue 21: the calendar's category filter, a GET form (server HTML only).
  'agenda-category-filter': { settings: agendaCategoryFilterSettings, hydrates: false },
  // Smart filters (spec 001): one stored filter, and the group's pager, apply, remove-all and active-filter widgets.
  'smart-filter': { settings: filterWidgetSettings, hydrates: true },
  'smart-filter-pagination': { settings: paginationWidgetSettings, hydrates: true },
  'smart-filter-apply': { settings: applyWidgetSettings, hydrates: true },
  'smart-filter-remove': { settings: removeWidgetSettings, hydrates: true },
  'smart-filter-active': { settings: activeWidgetSettings, hydrates: true },
  // Issue 13: the phone's "Filter" control the group's filters fold behind below 768 px.
  'smart-filter-panel': { settings: panelWidgetSettings, hydrates: true },
  // Issue 22: the smart listing (JetBlog's blog widget), server HTML taken over by its page behaviour.
  'smart-listing': { settings: smartListingSettings, hydrates: false },
  // Issue 22: the video playlist (behaviour `playlist`): players from the provider only once asked for.
  playlist: { settings: playlistSettings, hydrates: false },
  // Issue 22: the countdown, the news ticker and the share buttons (server HTML, page behaviours).
  countdown: { settings: countdownSettings, hydrates: false },
  ticker: { settings: tickerSettings, hydrates: false },
  share: { settings: shareSettings, hydrates: false },
  // Issue 22: tabs, accordion and switcher (server HTML, enhanced by their page behaviours).
  tabs: { settings: tabsSettings, hydrates: false },
  accordion: { settings: accordionSettings, hydrates: false },
  switcher: { settings: switcherSettings, hydrates: false },
  // Issue 22, page behaviours that reveal: server HTML with `data-behaviour`, enhanced per page.
  'image-accordion': { settings: imageAccordionSettings, hydrates: false },
  'view-more': { settings: viewMoreSettings, hydrates: false },
  unfold: { settings: unfoldSettings, hydrates: false },
  hotspots: { settings: hotspotsSettings, hydrates: false },
} as const satisfies Record<string, { settings: z.ZodObject; hydrates: boolean }>;

export type WidgetName = keyof typeof WIDGET_CATALOG;
/** The widgets React hydrates in the browser; the others arrive as the server's HTML and ship no code. */
export type HydratingWidgetName = {
  [N in WidgetName]: (typeof WIDGET_CATALOG)[N]['hydrates'] extends true ? N : never;
}[WidgetName];
export type StaticWidgetName = Exclude<WidgetName, HydratingWidgetName>;
export type WidgetSettings<N extends WidgetName> = z.output<(typeof WIDGET_CATALOG)[N]['settings']>;

/** The widgets that belong to a filter group (they name a provider and a query id). */
export const FILTER_GROUP_WIDGETS = [
  'smart-filter',
  'smart-filter-pagination',
  'smart-filter-apply',
  'smart-filter-remove',
  'smart-filter-active',
  'smart-filter-panel',
] as const satisfies readonly WidgetName[];

/** Whether `name` is a widget of the catalog. */
export function isWidgetName(name: string | undefined): name is WidgetName {
  return name !== undefined && Object.hasOwn(WIDGET_CATALOG, name);
}
