import type { z } from 'zod';
import { getMedia } from '~/content/media.server';
import type { Db, Dialect } from '~/db';
import {
  activeWidgetSettings,
  applyWidgetSettings,
  filterWidgetSettings,
  paginationWidgetSettings,
  removeWidgetSettings,
} from '~/features/filters/settings';
import { getMenu } from '~/features/menu/menu.server';
import { sanitizeRichText } from '~/lib/html.server';
import { keepHtml, type ServerHtml } from '~/lib/server-html';
import { buttonSettings, headingSettings, imageSettings, textEditorSettings } from '~/widgets/basic/settings';
import { loadListingGrid } from '~/widgets/listing-grid/listing-grid.server';
import { listingGridSettings } from '~/widgets/listing-grid/settings';
import { navMenuSettings } from '~/widgets/nav-menu/settings';
import { loadPostsList } from '~/widgets/posts/posts.server';
import { postsListSettings } from '~/widgets/posts/settings';
import { listingFilter, loadFilterWidget, loadGroupWidget } from '~/widgets/smart-filter/widgets.server';

export interface WidgetLoadContext {
  db: Db;
  dialect: Dialect;
  /** Page number from the address (/page/{n}/), 1 without one. */
  page: number;
  /** The stored page (or template) that holds the widget. */
  postId: number;
  elementId: string;
  /** Path of the page's first page, e.g. /berita/ */
  basePath: string;
  search: string;
  /** The page's address (filter state); null for templates and the footer. */
  url: URL | null;
  /** Work the widgets of one tree share (a filter group's state is read once per page). */
  shared: Map<string, Promise<unknown>>;
  /** This request's server-rendered blocks: lists keep their first page here. */
  serverHtml: ServerHtml | null;
}

/** What a widget's loader answers: the component's props, and whether it follows /page/{n}/. */
export interface WidgetData {
  props: unknown;
  /** The widget pages with the address; `notFound` when the address asks past its last page. */
  paging?: { notFound: boolean };
}

interface ServerWidget<S extends z.ZodType> {
  schema: S;
  /** Hydrated in the browser; every other widget arrives as server-rendered HTML. */
  interactive?: boolean;
  load(settings: z.output<S>, ctx: WidgetLoadContext): Promise<WidgetData>;
}

const define = <S extends z.ZodType>(w: ServerWidget<S>) => w;
const asProps = async <T>(props: T): Promise<WidgetData> => ({ props });

/** The widget registry, server half: schema and loader per widget name (the UI half maps the same names to components). */
export const serverWidgets: Record<string, ServerWidget<z.ZodType>> = {
  heading: define({ schema: headingSettings, load: asProps }),
  'text-editor': define({ schema: textEditorSettings, load: (s) => asProps({ html: sanitizeRichText(s.html) }) }),
  button: define({ schema: buttonSettings, load: asProps }),
  image: define({
    schema: imageSettings,
    async load(s, ctx) {
      const media = (await getMedia(ctx.db, [s.mediaId])).get(s.mediaId) ?? null;
      return { props: { ...s, media } };
    },
  }),
  'nav-menu': define({
    schema: navMenuSettings,
    async load(s, ctx) {
      return { props: { ...s, items: await getMenu(ctx.db, { slug: s.menu }) } };
    },
  }),
  // A listing with a query id shows its filter group's state from the page address (smart filters).
  posts: define({
    schema: postsListSettings,
    interactive: true,
    async load(s, ctx) {
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
  }),
  'jet-listing-grid': define({
    schema: listingGridSettings,
    interactive: true,
    async load(s, ctx) {
      const { narrowing, filterGroup } = await listingFilter(ctx, 'jet-engine', s.queryId);
      const { html, ...data } = await loadListingGrid(s, ctx, narrowing);
      return {
        props: { ...data, firstPage: keepHtml(ctx.serverHtml, html), basePath: ctx.basePath, filterGroup },
        paging: { notFound: data.notFound },
      };
    },
  }),
  // Smart filters (spec 001): one stored filter, and the group's pager, apply, remove-all and active-filter widgets.
  'smart-filter': define({ schema: filterWidgetSettings, interactive: true, load: loadFilterWidget }),
  'smart-filter-pagination': define({ schema: paginationWidgetSettings, interactive: true, load: loadGroupWidget }),
  'smart-filter-apply': define({ schema: applyWidgetSettings, interactive: true, load: loadGroupWidget }),
  'smart-filter-remove': define({ schema: removeWidgetSettings, interactive: true, load: loadGroupWidget }),
  'smart-filter-active': define({ schema: activeWidgetSettings, interactive: true, load: loadGroupWidget }),
};
