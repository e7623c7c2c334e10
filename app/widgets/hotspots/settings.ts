import { z } from 'zod';
import { linkSetting } from '~/lib/link-setting';

/** spec §9 "Tooltip defaults": z-index 999, trigger on mouse enter, animation shift-toward, placement top. */
export const TOOLTIP_Z_INDEX = 999;
export const TOOLTIP_TRIGGERS = ['mouseenter', 'click'] as const;
export const TOOLTIP_PLACEMENTS = ['top', 'right', 'bottom', 'left'] as const;
export const TOOLTIP_ANIMATIONS = ['shift-toward', 'shift-away', 'fade', 'scale'] as const;
/** The original's tooltip timings: shown over 500 ms, hidden over 300 ms, no delay; 10 px from the spot. */
export const TOOLTIP_SHOW_MS = 500;
export const TOOLTIP_HIDE_MS = 300;
export const TOOLTIP_DELAY_MS = 0;
export const TOOLTIP_DISTANCE = 10;
export const HOTSPOTS_MAX = 30;

const percent = z.number().min(0).max(100);

/** One spot on the picture, placed in percent of its width (horizontal) and height (vertical). */
export const hotspot = z.object({
  title: z.string().min(1).max(120),
  description: z.string().max(1000).default(''),
  horizontal: percent,
  vertical: percent,
  link: linkSetting().optional(),
});

/** The hotspots widget (spec §3 "Hotspot", §9 "Tooltip defaults"). */
export const hotspotsSettings = z.object({
  /** The picture the spots sit on (the media library). */
  mediaId: z.number().int().positive(),
  sizes: z.string().max(200).default('(max-width: 767px) 100vw, 1100px'),
  hotspots: z.array(hotspot).min(1).max(HOTSPOTS_MAX),
  /** The list of the spots' descriptions under the picture: always in the HTML, shown or visually hidden. */
  showLegend: z.boolean().default(true),
  tooltipPlacement: z.enum(TOOLTIP_PLACEMENTS).default('top'),
  tooltipTrigger: z.enum(TOOLTIP_TRIGGERS).default('mouseenter'),
  tooltipArrow: z.boolean().default(true),
  tooltipShowOnInit: z.boolean().default(false),
  tooltipShowDuration: z.number().int().min(0).max(5000).default(TOOLTIP_SHOW_MS),
  tooltipHideDuration: z.number().int().min(0).max(5000).default(TOOLTIP_HIDE_MS),
  tooltipDelay: z.number().int().min(0).max(5000).default(TOOLTIP_DELAY_MS),
  tooltipDistance: z.number().int().min(0).max(100).default(TOOLTIP_DISTANCE),
  tooltipZIndex: z.number().int().min(0).max(100_000).default(TOOLTIP_Z_INDEX),
  tooltipAnimation: z.enum(TOOLTIP_ANIMATIONS).default('shift-toward'),
});

export type HotspotsSettings = z.output<typeof hotspotsSettings>;
