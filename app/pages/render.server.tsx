import { renderToStaticMarkup } from 'react-dom/server';
import { type Element, walkTree } from '~/content/tree';
import { keepHtml, type ServerHtml, ServerHtmlContext } from '~/lib/server-html';
import { staticMarkup } from '~/lib/static-markup.server';
import { isWidgetName, WIDGET_CATALOG } from '~/widgets/catalog';
import { ElementTree } from './element-tree.server';
import { frameOf } from './frame';
import type { RenderedNode } from './model';
import type { LoadedTree } from './tree.server';

/** A loaded tree as one HTML string (templates over the wire, and static parts of pages). */
export function renderTreeHtml(tree: Element[], props: Record<string, unknown>, store: ServerHtml | null): string {
  return renderToStaticMarkup(
    <ServerHtmlContext.Provider value={store}>
      <ElementTree tree={tree} props={props} />
    </ServerHtmlContext.Provider>,
  );
}

/** Elements without interactive widgets: their HTML depends on their settings and props alone. */
function renderStaticRun(run: Element[], props: Record<string, unknown>): string {
  const shown = Object.fromEntries([...walkTree(run)].map((el) => [el.id, props[el.id]]));
  return staticMarkup({ run, shown }, () => <ElementTree tree={run} props={shown} />);
}

function isInteractive(el: Element): boolean {
  if (el.type === 'widget') return isWidgetName(el.widget) && WIDGET_CATALOG[el.widget].hydrates;
  return el.children.some(isInteractive);
}

/**
 * What the browser gets of a page: every subtree without an interactive widget becomes one HTML
 * block; sections and columns around interactive widgets stay, so those widgets hydrate.
 */
export function toRenderedNodes({ tree, props }: LoadedTree, store: ServerHtml | null): RenderedNode[] {
  const nodes: RenderedNode[] = [];
  let run: Element[] = [];
  const flush = () => {
    if (run.length > 0) nodes.push({ t: 'html', block: keepHtml(store, renderStaticRun(run, props)) });
    run = [];
  };
  for (const el of tree) {
    if (!isInteractive(el)) {
      run.push(el);
      continue;
    }
    flush();
    if (el.type === 'widget') {
      nodes.push({ t: 'widget', id: el.id, widget: el.widget ?? '', props: props[el.id] });
    } else {
      nodes.push({
        t: el.type,
        id: el.id,
        frame: frameOf(el.type, el.settings),
        children: toRenderedNodes({ tree: el.children, props }, store),
      });
    }
  }
  flush();
  return nodes;
}
