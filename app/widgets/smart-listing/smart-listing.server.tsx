import { z } from 'zod';
import { listPosts, type PostPage, type PostQuery } from '~/content/posts.server';
import { type TermTree, termsInOrder } from '~/content/terms';
import { getTermTree } from '~/content/terms.server';
import type { Db, Dialect } from '~/db';
import { NotFound } from '~/lib/errors';
import { staticMarkup } from '~/lib/static-markup.server';
import { defineAction, wireBool, wireInt } from '~/wire/registry.server';
import type { WidgetData, WidgetLoadContext } from '../types';
import {
  type ListingLayout,
  MAX_PAGE,
  MAX_TERM_ID,
  perPageByDevice,
  readListingAddress,
  type WireListingSettings,
} from './model';
import { MAX_COLUMNS, MAX_POSTS_PER_PAGE, MAX_ROWS, type SmartListingSettings, smartListingSettings } from './settings';
import { type ListingTerm, SmartListingArrows, SmartListingPosts, type SmartListingProps } from './smart-listing';

/** The taxonomy the filter offers: the news categories. */
const CATEGORY = 'category';

/**
 * The listing's query: published news (`post`, status publish: listPosts), newest first, of one
 * category or of all. Nothing a client sends widens it: the type and the status are fixed here.
 */
function listingQuery(termSlug: string | null, page: number, perPage: number): PostQuery {
  return { types: ['post'], terms: termSlug ? [{ taxonomy: CATEGORY, slug: termSlug }] : [], page, perPage };
}

/** The filter's categories in display order (each parent followed by its children). */
function filterTerms(tree: TermTree): ListingTerm[] {
  return termsInOrder(tree, null).map((t) => ({ id: t.id, name: t.name }));
}

/** The original's `data-settings` for stored settings (model.ts `WireListingSettings`). */
export function wireSettingsOf(s: SmartListingSettings, elementId: string): WireListingSettings {
  const yes = (on: boolean) => (on ? 'yes' : '') as 'yes' | '';
  return {
    posts_columns: s.columns,
    posts_columns_tablet: s.columnsTablet,
    posts_columns_mobile: s.columnsMobile,
    posts_rows: s.rows,
    featured_post: yes(s.featuredPost),
    is_archive_template: yes(s.isArchiveTemplate),
    show_excerpt: yes(s.showExcerpt),
    widget_id: elementId,
  };
}

/**
 * The widget's server data: the page and category in the page's address (`?paged=`, `?term=`; a link
 * followed without JavaScript) at the desktop's page size. An unknown category shows every category and
 * a page past the end the last page: an address never makes the page fail.
 */
export async function loadSmartListing(
  s: SmartListingSettings,
  ctx: WidgetLoadContext,
): Promise<WidgetData<SmartListingProps>> {
  const asked = readListingAddress(ctx.url?.searchParams);
  const tree = await getTermTree(ctx.db, CATEGORY);
  const slug = tree.terms.get(asked.term)?.slug ?? null;
  const term = slug ? asked.term : 0;
  const perPage = perPageByDevice(s).desktop;
  let list = await listPosts(ctx.db, ctx.dialect, listingQuery(slug, asked.page, perPage));
  if (asked.page > list.pages) list = await listPosts(ctx.db, ctx.dialect, listingQuery(slug, list.pages, perPage));
  return {
    props: {
      elementId: ctx.elementId,
      title: s.title,
      settings: wireSettingsOf(s, ctx.elementId),
      terms: s.showFilter ? filterTerms(tree) : null,
      allLabel: s.allLabel,
      shown: { page: list.page, pages: list.pages, term, perPage, items: list.items },
    },
  };
}

/** `data.posts` of the call: the same cards as the page. */
export function renderListingPosts(list: PostPage, featured: boolean, showExcerpt: boolean): string {
  const settings = { show_excerpt: showExcerpt ? ('yes' as const) : ('' as const) };
  return staticMarkup(['smart-listing', list.items, featured, showExcerpt], () => (
    <SmartListingPosts items={list.items} featured={featured} settings={settings} />
  ));
}

/** `data.arrows` of the call: the same arrows as the page. */
export function renderListingArrows(page: number, pages: number, term: number, anchor: string): string {
  return staticMarkup(['smart-listing-arrows', page, pages, term, anchor], () => (
    <SmartListingArrows page={page} pages={pages} term={term} anchor={anchor} />
  ));
}

const DEFAULTS = smartListingSettings.parse({});

/** Elementor leaves a responsive setting nobody set empty: read as absent. */
const count = (max: number) =>
  z.union([z.literal('').transform(() => undefined), wireInt.pipe(z.number().int().min(1).max(max))]).optional();

/**
 * `jet_widget_settings`, a whitelist (original-wire.md §7; the README says why): a client may change
 * how a page of published news is laid out — columns per device, rows, the featured post, excerpts —
 * and nothing else. Its other keys (the original sends every Elementor setting) are ignored; the post
 * type, the status and the order are fixed by the server, so no settings reach drafts, pages or another
 * post type. A known key with a value out of its bounds is refused.
 */
export const wireSettingsSchema = z.object({
  posts_columns: count(MAX_COLUMNS),
  posts_columns_tablet: count(MAX_COLUMNS),
  posts_columns_mobile: count(MAX_COLUMNS),
  posts_rows: count(MAX_ROWS),
  featured_post: wireBool.optional(),
  is_archive_template: wireBool.optional(),
  show_excerpt: wireBool.optional(),
  /** Only used for the arrows' `#id`: an element id as the seed and the editor write them. */
  widget_id: z
    .string()
    .regex(/^[A-Za-z][\w-]{0,63}$/, 'must be an element id')
    .optional(),
});

/** `jet_request_data` (spec 001 §3 "Post request"). */
export const requestDataSchema = z.object({
  paged: wireInt.pipe(z.number().int().min(1, 'paged must be 1 or more').max(MAX_PAGE)).optional(),
  posts_per_page: wireInt
    .pipe(
      z
        .number()
        .int()
        .min(1, 'posts_per_page must be 1 or more')
        .max(MAX_POSTS_PER_PAGE, `posts_per_page must be at most ${MAX_POSTS_PER_PAGE}`),
    )
    .optional(),
  // The original sends the active filter item's `data-term`: 0 (or nothing) for every category.
  term: z
    .union([z.literal(''), wireInt.pipe(z.number().int().min(0, 'term must be 0 or a term id').max(MAX_TERM_ID))])
    .transform((t) => (t === '' ? 0 : t))
    .optional(),
});

/**
 * The layout the call's settings describe; a device without its own columns takes the next larger
 * device's, as the original's client counts them (stored defaults when nothing is sent).
 */
export function layoutOfRequest(w: z.output<typeof wireSettingsSchema>): ListingLayout & { showExcerpt: boolean } {
  const d = DEFAULTS;
  const columns = w.posts_columns ?? d.columns;
  const columnsTablet = w.posts_columns_tablet ?? (w.posts_columns !== undefined ? columns : d.columnsTablet);
  return {
    columns,
    columnsTablet,
    columnsMobile: w.posts_columns_mobile ?? (w.posts_columns_tablet !== undefined ? columnsTablet : d.columnsMobile),
    rows: w.posts_rows ?? d.rows,
    featuredPost: w.featured_post ?? d.featuredPost,
    showExcerpt: w.show_excerpt ?? d.showExcerpt,
  };
}

/** One page of the listing for a request: the posts and arrows HTML with the page it is. */
export async function answerListing(
  db: Db,
  dialect: Dialect,
  request: z.output<typeof requestDataSchema>,
  settings: z.output<typeof wireSettingsSchema>,
) {
  const layout = layoutOfRequest(settings);
  const page = request.paged ?? 1;
  const perPage = request.posts_per_page ?? perPageByDevice(layout).desktop;
  const term = request.term ?? 0;
  const slug = term > 0 ? ((await getTermTree(db, CATEGORY)).terms.get(term)?.slug ?? null) : null;
  if (term > 0 && slug === null) throw new NotFound(`There is no news category ${term}.`, 'unknown_term');
  const list = await listPosts(db, dialect, listingQuery(slug, page, perPage));
  if (page > list.pages) {
    throw new NotFound(`There is no page ${page}: the listing has ${list.pages}.`, 'page_out_of_range');
  }
  return {
    posts: renderListingPosts(list, layout.featuredPost, layout.showExcerpt),
    arrows: renderListingArrows(list.page, list.pages, term, settings.widget_id ?? ''),
    page: list.page,
    pages: list.pages,
    term,
    posts_per_page: perPage,
  };
}

/**
 * The smart listing's call (spec 001 §7, original-wire.md §7): `jet_request_data{paged, posts_per_page,
 * term}` and `jet_widget_settings{…}`, form-encoded, answered `{success, data:{posts, arrows}}` with the
 * page, page count, category and page size beside them for this site's client. A read: no nonce. Bad
 * input answers 400, a page past the end or an unknown category 404, each with a message; the original's
 * client then only ends its processing state (spec 001 §8).
 */
export const smartListingAction = defineAction({
  name: 'jet_blog_smart_listing_get_posts',
  auth: 'anyone',
  nonce: false,
  methods: ['POST'],
  input: z.object({
    jet_request_data: requestDataSchema.default({}),
    jet_widget_settings: wireSettingsSchema.default({}),
  }),
  handle: ({ jet_request_data, jet_widget_settings }, ctx) =>
    answerListing(ctx.db, ctx.dialect, jet_request_data, jet_widget_settings),
  output: (data) => ({ success: true, data }),
});
