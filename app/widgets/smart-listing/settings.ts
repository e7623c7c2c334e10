import { z } from 'zod';

/**
 * The smart listing (JetBlog's "blog widget", spec 001 §3 "Smart listing", §4, §7): the latest news,
 * a featured post larger than the others, a category filter and prev/next arrows that page it.
 */

/** Columns a device may show (the original's choices: 1 to 4). */
export const MAX_COLUMNS = 4;
/** Rows of small posts per page. */
export const MAX_ROWS = 4;
/**
 * The most posts one page may hold: the widest grid with its featured post (spec 001 §9 "columns x
 * rows, plus 1 if featured post"). A `posts_per_page` above it is refused.
 */
export const MAX_POSTS_PER_PAGE = MAX_COLUMNS * MAX_ROWS + 1;

const columns = z.number().int().min(1).max(MAX_COLUMNS);

/** Settings of the smart listing (`smart-listing`), stored in a page or template. */
export const smartListingSettings = z.object({
  /** The heading beside the filter; empty: none (the section's own heading names the list). */
  title: z.string().max(100).default('Berita Terbaru'),
  /** `posts_columns`: small posts per row on desktops (1025 px and wider). */
  columns: columns.default(2),
  /** `posts_columns_tablet` (768–1024 px). */
  columnsTablet: columns.default(2),
  /** `posts_columns_mobile` (below 768 px). */
  columnsMobile: columns.default(1),
  /** `posts_rows`: rows of small posts per page, on every device. */
  rows: z.number().int().min(1).max(MAX_ROWS).default(2),
  /** `featured_post`: each page opens with one post shown larger (one more post per page). */
  featuredPost: z.boolean().default(true),
  /**
   * `is_archive_template`: the listing is part of an archive's template, whose page size the archive
   * fixes; it then keeps its page size when the device changes (spec 001 §7).
   */
  isArchiveTemplate: z.boolean().default(false),
  /** The category filter above the posts (the news categories). */
  showFilter: z.boolean().default(true),
  /** The filter's first item, the news of every category. */
  allLabel: z.string().min(1).max(40).default('Semua'),
  /** The small posts' excerpts (the featured post always shows its own). */
  showExcerpt: z.boolean().default(false),
});

export type SmartListingSettings = z.output<typeof smartListingSettings>;
