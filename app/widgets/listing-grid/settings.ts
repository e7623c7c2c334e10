import { z } from 'zod';

/** The most items a grid shows per page, stored or asked for by a client (call 7). */
export const GRID_MAX_PER_PAGE = 48;

/** Settings of the listing grid (`jet-listing-grid`), spec 001 §3 "Listing settings". */
export const listingGridSettings = z.object({
  postType: z.enum(['galeri', 'post', 'ekskul']).default('galeri'),
  /** The query id smart filters name this listing by (provider `jet-engine`); none: not filterable. */
  queryId: z.string().min(1).max(100).optional(),
  postsNum: z.number().int().min(1).max(GRID_MAX_PER_PAGE).default(6),
  /** 0: no cap. spec 001 §2: the gallery shows at most 9 items. */
  maxPostsNum: z.number().int().min(0).max(1000).default(9),
  columns: z.number().int().min(1).max(6).default(3),
  columnsTablet: z.number().int().min(1).max(6).default(3),
  columnsMobile: z.number().int().min(1).max(4).default(2),
  notFoundMessage: z.string().max(300).default('Galeri belum ada'),
  isMasonry: z.boolean().default(true),
  useLoadMore: z.boolean().default(true),
  loadMoreType: z.enum(['click', 'scroll']).default('click'),
  loadMoreText: z.string().max(100).default('Muat lebih banyak'),
  /** Only items in this activity category (term slug of `kategori-galeri`). */
  category: z.string().max(200).optional(),
});
export type ListingGridSettings = z.infer<typeof listingGridSettings>;
