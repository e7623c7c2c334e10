import { z } from 'zod';
import { linkSetting } from '~/lib/link-setting';

/** spec §9 "Image accordion": the active item takes half of the row. */
export const IMAGE_ACCORDION_ACTIVE_SIZE = 50;
/** spec §9 "Image accordion": duration 500 ms. */
export const IMAGE_ACCORDION_DURATION_MS = 500;
/** spec §3: activeItem -1, no item is active until the visitor points at one. */
export const IMAGE_ACCORDION_NO_ACTIVE_ITEM = -1;
/** More items than this leave slivers too narrow to point at. */
export const IMAGE_ACCORDION_MAX_ITEMS = 10;

/** One picture of the accordion, with what it shows when active. */
export const imageAccordionItem = z.object({
  /** An image of the media library. */
  mediaId: z.number().int().positive(),
  title: z.string().min(1).max(120),
  text: z.string().max(500).default(''),
  link: linkSetting().optional(),
  linkText: z.string().min(1).max(60).default('Selengkapnya'),
});

/** The image accordion (spec §3 "Image accordion", §4 "Widgets", §9). */
export const imageAccordionSettings = z.object({
  items: z.array(imageAccordionItem).min(1).max(IMAGE_ACCORDION_MAX_ITEMS),
  /** vertical: upright slices side by side; horizontal: bands one above the other. */
  orientation: z.enum(['vertical', 'horizontal']).default('vertical'),
  /** Share of the row the active item takes, in percent (spec: {size 50, unit %}). */
  activeSize: z.number().int().min(10).max(90).default(IMAGE_ACCORDION_ACTIVE_SIZE),
  duration: z.number().int().min(0).max(5000).default(IMAGE_ACCORDION_DURATION_MS),
  /** The item active when nobody points at one (0 is the first); -1 for none. */
  activeItem: z
    .number()
    .int()
    .min(IMAGE_ACCORDION_NO_ACTIVE_ITEM)
    .max(IMAGE_ACCORDION_MAX_ITEMS - 1)
    .default(IMAGE_ACCORDION_NO_ACTIVE_ITEM),
  /** Height of the accordion on wide screens, in pixels. */
  height: z.number().int().min(200).max(900).default(420),
});

export type ImageAccordionSettings = z.output<typeof imageAccordionSettings>;
