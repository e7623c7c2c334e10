import { getMedia } from '~/content/media.server';
import type { WidgetData } from '../types';
import { watchUrl } from './model';
import type { PlaylistProps } from './playlist';
import type { PlaylistSettings } from './settings';

/** The playlist's props: each item with its site-served thumbnail and its watch link (one media query). */
export async function loadPlaylist(
  settings: PlaylistSettings,
  ctx: { db: Parameters<typeof getMedia>[0]; elementId: string },
): Promise<WidgetData<PlaylistProps>> {
  const media = await getMedia(
    ctx.db,
    settings.items.map((i) => i.mediaId),
  );
  return {
    props: {
      elementId: ctx.elementId,
      height: settings.height,
      items: settings.items.map((item) => {
        const video = { provider: item.platform, videoId: item.videoId };
        return {
          ...video,
          title: item.title,
          duration: item.duration ?? null,
          description: item.description ?? null,
          thumb: media.get(item.mediaId) ?? null,
          watch: watchUrl(video),
        };
      }),
    },
  };
}
