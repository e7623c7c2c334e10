import { firstTab, itemKeys, OPEN_PARAM } from '../toggles/model';
import { loadPanels } from '../toggles/panels.server';
import type { WidgetData, WidgetLoadContext } from '../types';
import type { TabsSettings } from './settings';
import type { TabsProps } from './tabs-view.server';

/**
 * The tabs' props: each panel's content, and the tab shown first (`?tab=<id>` from the address, else
 * activeIndex). Template panels render into the page unless ajaxTemplate leaves the ones not shown
 * first to the browser.
 */
export async function loadTabs(s: TabsSettings, ctx: WidgetLoadContext): Promise<WidgetData<TabsProps>> {
  const keys = itemKeys(ctx.elementId, s.items);
  const active = firstTab(keys, s.activeIndex, ctx.url?.searchParams.get(OPEN_PARAM));
  const panels = await loadPanels(ctx, s.items, (i) => !s.ajaxTemplate || i === active);
  return {
    props: {
      items: s.items.map((item, i) => ({ key: keys[i] as string, label: item.label, panel: panels[i]! })),
      active,
      scrollOffset: s.switchScrolling ? s.switchScrollingOffset.size : null,
    },
  };
}
