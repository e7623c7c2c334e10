import { getMedia } from '~/content/media.server';
import { loadAgendaFilter, loadAgendaWidget } from '~/features/agenda/widget.server';
import { getMenu } from '~/features/menu/menu.server';
import { sanitizeRichText } from '~/lib/html.server';
import { keepHtml } from '~/lib/server-html';
import { loadAccordion } from './accordion/accordion.server';
import type { WidgetName, WidgetSettings } from './catalog';
import { loadCountdown } from './countdown/countdown.server';
import { loadHotspots } from './hotspots/hotspots.server';
import { loadImageAccordion } from './image-accordion/image-accordion.server';
import { loadListingGrid } from './listing-grid/listing-grid.server';
import { loadPlaylist } from './playlist/playlist.server';
import { loadPostsList } from './posts/posts.server';
import { loadShare } from './share/share.server';
import { listingFilter, loadFilterWidget, loadGroupWidget } from './smart-filter/widgets.server';
import { loadSmartListing } from './smart-listing/smart-listing.server';
import type { WidgetProps } from './static-registry.server';
import { loadStoreCount } from './store-count/store-count.server';
import { loadSwitcher } from './switcher/switcher.server';
import { loadTabs } from './tabs/tabs.server';
import { loadTicker } from './ticker/ticker.server';
import type { WidgetData, WidgetLoadContext } from './types';
import { loadUnfold } from './unfold/unfold.server';
import { loadViewMore } from './view-more/view-more.server';

/** A widget's loader: its settings (parsed by the catalog's schema) in, its component's props out. */
type WidgetLoader<N extends WidgetName> = (
  settings: WidgetSettings<N>,
  ctx: WidgetLoadContext,
) => Promise<WidgetData<WidgetProps<N>>>;

const asProps = async <T>(props: T): Promise<WidgetData<T>> => ({ props });

/**
 * The widget registry, server half: a loader per catalog name, each typed to return the props of
 * the component the browser registry (registry.tsx) gives the same name.
 */
export const widgetLoaders: { [N in WidgetName]: WidgetLoader<N> } = {
  heading: asProps,
  'text-editor': (s) => asProps({ html: sanitizeRichText(s.html) }),
  button: asProps,
  async image(s, ctx) {
    const media = (await getMedia(ctx.db, [s.mediaId])).get(s.mediaId) ?? null;
    return { props: { ...s, media } };
  },
  'subscribe-form': (s, ctx) => asProps({ ...s, formId: `subscribe-${ctx.elementId}` }),
  'store-count': (s) => asProps(loadStoreCount(s)),
  async 'nav-menu'(s, ctx) {
    return { props: { ...s, items: await getMenu(ctx.db, { slug: s.menu }) } };
  },
  // A listing with a query id shows its filter group's state from the page address (smart filters).
  async posts(s, ctx) {
    const { narrowing, filterGroup } = await listingFilter(ctx, 'epro-posts', s.queryId);
    const data = await loadPostsList(s, ctx, narrowing);
    return {
      props: {
        ...data,
        basePath: ctx.basePath,
        search: ctx.search ? `?s=${encodeURIComponent(ctx.search)}` : '',
        filterGroup,
      },
      paging: s.usePagePath ? { notFound: data.notFound } : undefined,
    };
  },
  async 'jet-listing-grid'(s, ctx) {
    const { narrowing, filterGroup } = await listingFilter(ctx, 'jet-engine', s.queryId);
    const { html, ...data } = await loadListingGrid(s, ctx, narrowing);
    return {
      props: { ...data, firstPage: keepHtml(ctx.serverHtml, html), basePath: ctx.basePath, filterGroup },
      paging: { notFound: data.notFound },
    };
  },
  'jet-listing-calendar': loadAgendaWidget,
  'agenda-category-filter': loadAgendaFilter,
  'smart-filter': loadFilterWidget,
  'smart-filter-pagination': loadGroupWidget,
  'smart-filter-apply': loadGroupWidget,
  'smart-filter-remove': loadGroupWidget,
  'smart-filter-active': loadGroupWidget,
  'smart-filter-panel': loadGroupWidget,
  'smart-listing': loadSmartListing,
  playlist: loadPlaylist,
  countdown: loadCountdown,
  ticker: loadTicker,
  share: loadShare,
  tabs: loadTabs,
  accordion: loadAccordion,
  switcher: loadSwitcher,
  'image-accordion': loadImageAccordion,
  'view-more': loadViewMore,
  unfold: loadUnfold,
  hotspots: loadHotspots,
};

/**
 * Runs the loader of a widget whose settings were parsed with its own catalog schema (the caller
 * pairs name and settings; the pair's type is checked in `widgetLoaders` and erased here).
 */
export function loadWidget(name: WidgetName, settings: unknown, ctx: WidgetLoadContext): Promise<WidgetData> {
  return (widgetLoaders[name] as (s: unknown, c: WidgetLoadContext) => Promise<WidgetData>)(settings, ctx);
}
