import { loadPanels } from '../toggles/panels.server';
import type { WidgetData, WidgetLoadContext } from '../types';
import type { SwitcherSettings } from './settings';
import type { SwitcherProps } from './switcher';

/** The switcher's props: both panels' content (both are in the page; a template one renders into it). */
export async function loadSwitcher(s: SwitcherSettings, ctx: WidgetLoadContext): Promise<WidgetData<SwitcherProps>> {
  const [disable, enable] = await loadPanels(ctx, [s.disable, s.enable], () => true);
  return {
    props: {
      name: `switcher-${ctx.elementId}`,
      title: s.title,
      initialState: s.initialState,
      disable: { label: s.disable.label, panel: disable! },
      enable: { label: s.enable.label, panel: enable! },
    },
  };
}
