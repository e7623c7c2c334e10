/**
 * Pure rules of the smart listing (spec 001 §3 "Smart listing", §4, §5, §9): posts per page by device,
 * the arrows' state, the page that keeps the visitor's place when the page size changes, and the
 * listing's state in the page address (`?paged=`, `?term=`). No React, no database, no zod: the
 * browser's behaviour imports this file.
 */
import type { Device } from '~/lib/devices';

/** Device changes are acted on once the window has kept its size this long (spec 001 §9 "Resize debounce"). */
export const RESIZE_DEBOUNCE_MS = 50;

/** What the page size depends on. */
export interface ListingLayout {
  columns: number;
  columnsTablet: number;
  columnsMobile: number;
  rows: number;
  featuredPost: boolean;
}

/** spec 001 §9: posts per page = columns × rows, plus 1 with a featured post. */
export function postsPerPage(columns: number, rows: number, featuredPost: boolean): number {
  return columns * rows + (featuredPost ? 1 : 0);
}

/** Posts per page on each device. */
export function perPageByDevice(l: ListingLayout): Record<Device, number> {
  return {
    desktop: postsPerPage(l.columns, l.rows, l.featuredPost),
    tablet: postsPerPage(l.columnsTablet, l.rows, l.featuredPost),
    mobile: postsPerPage(l.columnsMobile, l.rows, l.featuredPost),
  };
}

/** The page each arrow leads to; null for an arrow at its end, which is disabled (spec 001 §5). */
export interface ArrowsState {
  prev: number | null;
  next: number | null;
}

/** The arrows of page `page` of `pages`. */
export function arrowsState(page: number, pages: number): ArrowsState {
  return { prev: page > 1 ? page - 1 : null, next: page < pages ? page + 1 : null };
}

/**
 * The page, at `newPerPage` posts a page, that holds the first post of page `page` at `shownPerPage`:
 * when the device changes the page size, the visitor stays where they were instead of going back to page 1.
 */
export function pageKeepingFirstPost(page: number, shownPerPage: number, newPerPage: number): number {
  const firstIndex = (Math.max(1, page) - 1) * Math.max(1, shownPerPage);
  return Math.floor(firstIndex / Math.max(1, newPerPage)) + 1;
}

/** The listing's state in the page address: its page and its category (term id; 0: every category). */
export interface ListingAddress {
  page: number;
  term: number;
}

/** The address parameters a listing reads and writes, the names of the original's request (`paged`, `term`). */
export const PAGED_PARAM = 'paged';
export const TERM_PARAM = 'term';

/**
 * Reads `?paged=` and `?term=` from a page address. Anything but a whole number in range reads as the
 * first page of every category: a bad address shows the listing's start, never an error page.
 */
export function readListingAddress(params: URLSearchParams | null | undefined): ListingAddress {
  return {
    page: wholeNumber(params?.get(PAGED_PARAM), MAX_PAGE) ?? 1,
    term: wholeNumber(params?.get(TERM_PARAM), MAX_TERM_ID) ?? 0,
  };
}

/** The deepest page an address or a request may name. */
export const MAX_PAGE = 100_000;
/** Term ids are PostgreSQL integers. */
export const MAX_TERM_ID = 2_147_483_647;

function wholeNumber(text: string | null | undefined, max: number): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/**
 * The link of a listing state, relative to the page it is on: `?paged=2&term=5#<listing id>` (the hash
 * brings a visitor without JavaScript back to the listing). The first page of every category is `?paged=1`,
 * never an empty query, so the link always differs from `?paged=2`.
 */
export function listingHref(state: ListingAddress, anchor: string): string {
  const params = new URLSearchParams();
  if (state.page > 1 || state.term === 0) params.set(PAGED_PARAM, String(Math.max(1, state.page)));
  if (state.term > 0) params.set(TERM_PARAM, String(state.term));
  return `?${params}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
}

/** What the listing's status line says after a page arrives: "Prestasi: halaman 2 dari 5". */
export function statusText(page: number, pages: number, termName: string | null): string {
  const where = `halaman ${page} dari ${Math.max(1, pages)}`;
  return termName ? `${termName}: ${where}` : `Halaman ${page} dari ${Math.max(1, pages)}`;
}

/**
 * The original's widget settings (`data-settings`, sent back as `jet_widget_settings`): Elementor's
 * names and its switch values, `'yes'` or `''`.
 */
export interface WireListingSettings {
  posts_columns: number;
  posts_columns_tablet: number;
  posts_columns_mobile: number;
  posts_rows: number;
  featured_post: 'yes' | '';
  is_archive_template: 'yes' | '';
  show_excerpt: 'yes' | '';
  /** The listing's element id: the arrows' links return to it. */
  widget_id: string;
}

/** The layout in the original's settings, as the browser reads it back from `data-settings`. */
export function layoutOfWire(w: WireListingSettings): ListingLayout {
  return {
    columns: w.posts_columns,
    columnsTablet: w.posts_columns_tablet,
    columnsMobile: w.posts_columns_mobile,
    rows: w.posts_rows,
    featuredPost: w.featured_post === 'yes',
  };
}
