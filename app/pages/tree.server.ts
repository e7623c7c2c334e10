import type { z } from 'zod';
import { columnSettings, type Element, sectionSettings, TreeError, walkTree } from '~/content/tree';
import type { Db, Dialect } from '~/db';
import { NotFound } from '~/lib/errors';
import { parseStoredSettings } from '~/lib/link-setting';
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
    checkSettings(el);
    if (el.type !== 'widget' || !isWidgetName(el.widget)) continue;
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
    jobs.push(loadWidget(el.widget, el.settings as never, wctx).then((d) => [el.id, d.props, d.paging]));
  }
  const loaded = await Promise.all(jobs);
  if (ctx.page > 1) {
    const paged = loaded.filter(([, , paging]) => paging !== undefined);
    if (paged.length === 0 || paged.some(([, , paging]) => paging?.notFound)) throw new NotFound('page_out_of_range');
  }
  return { tree, props: Object.fromEntries(loaded.map(([id, props]) => [id, props])) };
}

/** Elements whose settings are checked and in place (a parsed tree is shared by requests: see `parseTree`). */
const checked = new WeakSet<Element>();

/**
 * Puts the element's settings, checked by its section, column or widget schema, in place of the stored
 * ones; a refused setting falls back to its default and a link that breaks the rule is dropped
 * (lib/link-setting.ts `parseStoredSettings`).
 */
function checkSettings(el: Element) {
  if (checked.has(el)) return;
  const parsed = parseStoredSettings(settingsSchemaOf(el), el.settings);
  if (!parsed.success) throw new TreeError(el.id, issueText(parsed.error.issues[0]));
  el.settings = parsed.data as Element['settings'];
  checked.add(el);
}

function settingsSchemaOf(el: Element): z.ZodType {
  if (el.type === 'section') return sectionSettings;
  if (el.type === 'column') return columnSettings;
  if (isWidgetName(el.widget)) return WIDGET_CATALOG[el.widget].settings;
  throw new TreeError(el.id, `unknown widget "${el.widget}"`);
}

function issueText(issue: { path: PropertyKey[]; message: string } | undefined): string {
  return issue ? `setting ${issue.path.map(String).join('.') || '(settings)'}: ${issue.message}` : 'invalid settings';
}
