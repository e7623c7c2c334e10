import { z } from 'zod';

/** The most items a grid shows per page, stored or asked for by a client (call 7). */
export const GRID_MAX_PER_PAGE = 48;

const cols = z.number().int().min(1).max(6);

/**
 * Columns at the grid breakpoints of spec 001 §9 (xs 0, sm 480, md 768, lg 1025, xl 1440, xxl 1600).
 * One left out takes the next smaller one's (xs, md and lg default to the mobile, tablet and desktop columns).
 */
export const breakpointColumns = z
  .object({ xs: cols, sm: cols, md: cols, lg: cols, xl: cols, xxl: cols })
  .partial()
  .strict();

/**
 * The carousel of a grid (spec 001 §3 "carousel options"): autoplay every 5000 ms, a 500 ms slide,
 * one slide per step, arrows, endless. Fewer than two items show as a plain grid (spec §9).
 */
export const carouselSettings = z
  .object({
    autoplay: z.boolean().default(true),
    autoplaySpeed: z.number().int().min(1000).max(60_000).default(5000),
    speed: z.number().int().min(100).max(3000).default(500),
    slidesToScroll: z.number().int().min(1).max(6).default(1),
    arrows: z.boolean().default(true),
    dots: z.boolean().default(true),
    infinite: z.boolean().default(true),
    /** The carousel's accessible name (e.g. "Berita pilihan"). */
    label: z.string().min(1).max(100).default('Sorotan'),
  })
  .strict();

/**
 * What each item's card shows (issue 21; the original's listing template, chosen per grid): the
 * title and its link always; the rest may be left out. Each card kind shows the parts it has: news
 * cards image, category, date, excerpt and the save button; gallery cards image and category;
 * activity cards image, activity, the schedule facts and the store buttons.
 */
export const cardSettings = z
  .object({
    showImage: z.boolean().default(true),
    showCategory: z.boolean().default(true),
    /** News: the publishing date. */
    showDate: z.boolean().default(true),
    /** News: the excerpt (never on a slider's slides, which stay short). */
    showExcerpt: z.boolean().default(true),
    /** Activities: day and time, place, fee and rating. */
    showDetails: z.boolean().default(true),
    /** News and activities: the store buttons (Simpan, Bandingkan, Ingin ikut). */
    showStoreButtons: z.boolean().default(true),
  })
  .strict();
export type CardSettings = z.infer<typeof cardSettings>;
export const DEFAULT_CARD: CardSettings = cardSettings.parse({});

/** Settings of the listing grid (`jet-listing-grid`), spec 001 §3 "Listing settings". */
export const listingGridSettings = z.object({
  postType: z.enum(['galeri', 'post', 'ekskul']).default('galeri'),
  /** The query id smart filters name this listing by (provider `jet-engine`); none: not filterable. */
  queryId: z.string().min(1).max(100).optional(),
  postsNum: z.number().int().min(1).max(GRID_MAX_PER_PAGE).default(6),
  /** 0: no cap. spec 001 §2: the gallery shows at most 9 items. */
  maxPostsNum: z.number().int().min(0).max(1000).default(9),
  columns: cols.default(3),
  columnsTablet: cols.default(3),
  columnsMobile: z.number().int().min(1).max(4).default(2),
  /** Columns at further breakpoints (sm, xl, xxl), or overriding the three above. */
  breakpoints: breakpointColumns.optional(),
  notFoundMessage: z.string().max(300).default('Galeri belum ada'),
  isMasonry: z.boolean().default(true),
  useLoadMore: z.boolean().default(true),
  loadMoreType: z.enum(['click', 'scroll']).default('click'),
  loadMoreText: z.string().max(100).default('Muat lebih banyak'),
  /**
   * Infinite scroll starts this far before the control reaches the window (`load_more_offset`,
   * spec 000 §9: default 0, unit px); `%` is of the window's height.
   */
  loadMoreOffset: z
    .object({ size: z.number().min(0).max(5000), unit: z.enum(['px', '%']) })
    .strict()
    .default({ size: 0, unit: 'px' }),
  /** Only items in this term: `kategori-galeri` (gallery), `category` (news) or `bidang-ekskul` (activities). */
  category: z.string().max(200).optional(),
  /** The items as a slider (Embla), with these options; none: a grid. */
  carousel: carouselSettings.optional(),
  /**
   * The whole item is clickable: a click anywhere in it opens its address (spec 000 §2 "clickable
   * listing items"), in a new tab with `newTab`. The item's own link stays for keyboards and readers.
   */
  clickable: z.enum(['no', 'same', 'newTab']).default('no'),
  /** Heading level of news titles: 3 under a section heading, 2 right under the page's h1. */
  titleLevel: z.union([z.literal(2), z.literal(3)]).default(3),
  /** What each card shows. */
  card: cardSettings.default(DEFAULT_CARD),
});
export type ListingGridSettings = z.infer<typeof listingGridSettings>;
