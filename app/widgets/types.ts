import type { Db, Dialect } from '~/db';
import type { ServerHtml } from '~/lib/server-html';

/**
 * The contract between a page and its widgets' loaders (a leaf: the registry and every widget
 * import it, it imports neither).
 */
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

/** What a widget's loader answers: its component's props, and whether it follows /page/{n}/. */
export interface WidgetData<P = unknown> {
  props: P;
  /** The widget pages with the address; `notFound` when the address asks past its last page. */
  paging?: { notFound: boolean };
}
