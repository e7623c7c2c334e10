import { columnSettings, type Element, sectionSettings, TreeError, walkTree } from '~/content/tree';
import type { Db, Dialect } from '~/db';
import { NotFound } from '~/lib/errors';
import type { ServerHtml } from '~/lib/server-html';
import { isWidgetName, WIDGET_CATALOG } from '~/widgets/catalog';
import { loadWidget } from '~/widgets/registry.server';
import type { WidgetLoadContext } from '~/widgets/types';

/** A page tree with each element's settings checked and each widget's props loaded. */
export interface LoadedTree {
  tree: Element[];
  /** Props per widget element id. */
  props: Record<string, unknown>;
}

export interface TreeContext {
  db: Db;
  dialect: Dialect;
  postId: number;
  page: number;
  basePath: string;
  search?: string;
  /** The request's address (pages); absent for templates and the footer. */
  url?: URL;
  serverHtml: ServerHtml | null;
}

/**
 * Validates every element and runs the widgets' loaders in parallel (DESIGN.md "Pages are content").
 * Throws NotFound when the address asks for a page (/page/{n}/) that no paged widget has.
 */
export async function loadTree(tree: Element[], ctx: TreeContext): Promise<LoadedTree> {
  const jobs: Array<Promise<[string, unknown, { notFound: boolean } | undefined]>> = [];
  const shared = new Map<string, Promise<unknown>>();
  for (const el of walkTree(tree)) {
    if (el.type === 'section' || el.type === 'column') {
      const schema = el.type === 'section' ? sectionSettings : columnSettings;
      const parsed = schema.safeParse(el.settings);
      if (!parsed.success) throw new TreeError(el.id, issueText(parsed.error.issues[0]));
      el.settings = parsed.data;
      continue;
    }
    if (!isWidgetName(el.widget)) throw new TreeError(el.id, `unknown widget "${el.widget}"`);
    const parsed = WIDGET_CATALOG[el.widget].settings.safeParse(el.settings);
    if (!parsed.success) throw new TreeError(el.id, issueText(parsed.error.issues[0]));
    const wctx: WidgetLoadContext = {
      db: ctx.db,
      dialect: ctx.dialect,
      page: ctx.page,
      postId: ctx.postId,
      elementId: el.id,
      basePath: ctx.basePath,
      search: ctx.search ?? '',
      url: ctx.url ?? null,
      shared,
      serverHtml: ctx.serverHtml,
    };
    jobs.push(loadWidget(el.widget, parsed.data, wctx).then((d) => [el.id, d.props, d.paging]));
  }
  const loaded = await Promise.all(jobs);
  if (ctx.page > 1) {
    const paged = loaded.filter(([, , paging]) => paging !== undefined);
    if (paged.length === 0 || paged.some(([, , paging]) => paging?.notFound)) throw new NotFound('page_out_of_range');
  }
  return { tree, props: Object.fromEntries(loaded.map(([id, props]) => [id, props])) };
}

function issueText(issue: { path: PropertyKey[]; message: string } | undefined): string {
  return issue ? `setting ${issue.path.map(String).join('.') || '(settings)'}: ${issue.message}` : 'invalid settings';
}
