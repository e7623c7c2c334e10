import { getMedia } from '~/content/media.server';
import type { WidgetData, WidgetLoadContext } from '../types';
import type { ImageAccordionProps } from './image-accordion';
import type { ImageAccordionSettings } from './settings';

/** The accordion's pictures in one query; an item whose picture is gone is left out. */
export async function loadImageAccordion(
  s: ImageAccordionSettings,
  ctx: WidgetLoadContext,
): Promise<WidgetData<ImageAccordionProps>> {
  const media = await getMedia(
    ctx.db,
    s.items.map((i) => i.mediaId),
  );
  const items = s.items.flatMap((item) => {
    const found = media.get(item.mediaId);
    return found ? [{ ...item, media: found }] : [];
  });
  return { props: { ...s, items, domId: `image-accordion-${ctx.elementId}` } };
}
