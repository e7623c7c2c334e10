import { indexOfKey, itemKeys, OPEN_PARAM, openToggles } from '../toggles/model';
import { loadPanels } from '../toggles/panels.server';
import type { WidgetData, WidgetLoadContext } from '../types';
import type { AccordionProps } from './accordion';
import type { AccordionSettings } from './settings';

/**
 * The accordion's props: the toggles open when the page loads (the one `?tab=<id>` asks for, else the
 * default state's) and each panel's content; with ajaxTemplate, the templates of closed toggles are
 * left to the browser.
 */
export async function loadAccordion(s: AccordionSettings, ctx: WidgetLoadContext): Promise<WidgetData<AccordionProps>> {
  const keys = itemKeys(ctx.elementId, s.items);
  const requested = indexOfKey(keys, ctx.url?.searchParams.get(OPEN_PARAM));
  const open = openToggles(keys.length, s.defaultState, requested, s.collapsible);
  const panels = await loadPanels(ctx, s.items, (i) => !s.ajaxTemplate || open[i] === true);
  return {
    props: {
      group: s.collapsible ? `accordion-${ctx.elementId}` : null,
      items: s.items.map((item, i) => ({
        key: keys[i] as string,
        title: item.title,
        open: open[i] === true,
        panel: panels[i]!,
      })),
      scrollOffset: s.switchScrolling ? s.switchScrollingOffset.size : null,
    },
  };
}
