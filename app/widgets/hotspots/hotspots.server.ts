import { getMedia } from '~/content/media.server';
import type { WidgetData, WidgetLoadContext } from '../types';
import type { HotspotsProps } from './hotspots';
import type { HotspotsSettings } from './settings';

/** The picture the spots sit on; without it the widget renders nothing. */
export async function loadHotspots(s: HotspotsSettings, ctx: WidgetLoadContext): Promise<WidgetData<HotspotsProps>> {
  const media = (await getMedia(ctx.db, [s.mediaId])).get(s.mediaId) ?? null;
  return { props: { ...s, media, domId: `hotspots-${ctx.elementId}` } };
}
