import { z } from 'zod';
import { isVideoId, PROVIDER_NAMES, VIDEO_PROVIDERS } from './model';

// The timings live in model.ts, which the browser's chunk imports without zod.
export { NEW_PLAYER_START_DELAY_MS } from './model';
/** The canvas height on wide screens (px; phones size it 16:9 from their width): default and bounds. */
export const CANVAS_HEIGHT = { default: 450, min: 200, max: 900 } as const;
/** Items a playlist holds. */
export const PLAYLIST_ITEMS = { max: 50 } as const;

/** One video of the list (spec §3 "Playlist items": provider, video_id; the index is its place). */
export const playlistItemSettings = z
  .object({
    /** The provider: `provider` in the spec (the key `provider` already names a listing's provider for staff). */
    platform: z.enum(VIDEO_PROVIDERS),
    videoId: z.string().trim().min(1).max(20),
    title: z.string().trim().min(1).max(150),
    /** The duration as staff write it, e.g. `4:35`. */
    duration: z
      .string()
      .trim()
      .regex(/^(\d{1,2}:)?\d{1,2}:\d{2}$/, 'Tulis durasi seperti 4:35 atau 1:02:10.')
      .optional(),
    /** The thumbnail, a picture of the site's media library: nothing comes from the provider before a click. */
    mediaId: z.number().int().positive(),
    description: z.string().trim().max(300).optional(),
  })
  .superRefine((item, ctx) => {
    if (!isVideoId(item.platform, item.videoId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['videoId'],
        message:
          item.platform === 'youtube'
            ? `Bukan ID video ${PROVIDER_NAMES.youtube}: 11 karakter huruf, angka, - atau _ (mis. dQw4w9WgXcQ).`
            : `Bukan ID video ${PROVIDER_NAMES.vimeo}: hanya angka (mis. 76979871).`,
        params: { forStaff: true },
      });
    }
  });

/** The playlist widget: a canvas with the chosen video's player and the list of videos beside or under it. */
export const playlistSettings = z.object({
  // An empty list (a new widget, or a stored one whose every item was refused when read) shows "Belum ada
  // video." rather than failing the page.
  items: z.array(playlistItemSettings).max(PLAYLIST_ITEMS.max).default([]),
  height: z.number().int().min(CANVAS_HEIGHT.min).max(CANVAS_HEIGHT.max).default(CANVAS_HEIGHT.default),
});

export type PlaylistSettings = z.output<typeof playlistSettings>;
export type PlaylistItemSettings = z.output<typeof playlistItemSettings>;
