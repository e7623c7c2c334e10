import { z } from 'zod';
import { getSiteOptions } from '~/content/options.server';
import type { PostSummary } from '~/content/posts';
import {
  listPosts,
  type NarrowList,
  type PostNarrowing,
  type PostPage,
  type PostQuery,
  type TermRef,
} from '~/content/posts.server';
import { storedWidget } from '~/content/tree.server';
import type { Db, Dialect } from '~/db';
import { Invalid } from '~/lib/errors';
import { staticMarkup } from '~/lib/static-markup.server';
import { defineAction, wireAbsent, wireInt, wirePostId } from '~/wire/registry.server';
import { PostCard } from '../posts/post-card';
import { EkskulCard, type EkskulItem } from './ekskul-card';
import { GalleryCard } from './gallery-card';
import { loadListingCarousel, loadListingGridBody } from './listing-grid';
import { columnVars, loadMoreRootMargin, MIN_SLIDES, resolveColumns } from './model';
import { GRID_MAX_PER_PAGE, type ListingGridSettings, listingGridSettings } from './settings';

// The grid's and the slider's chunks are in before the first render, so that the server never waits for them.
void loadListingCarousel();
void loadListingGridBody();

export interface GridContext {
  db: Db;
  dialect: Dialect;
  page: number;
  postId: number;
  elementId: string;
}

/**
 * One page of the grid, capped at max_posts_num in all (spec 001 §2: 6 per page, at most 9), narrowed
 * by a filter group's state when one is given.
 */
export async function loadListingGrid(
  settings: ListingGridSettings,
  ctx: GridContext,
  narrowing?: PostNarrowing | null,
) {
  // A slider shows its first items on every page: it never follows the address's /page/N/.
  const slider = settings.carousel !== undefined;
  const list = await listGrid(ctx.db, ctx.dialect, settings, narrowing?.page ?? (slider ? 1 : ctx.page), narrowing);
  // A slider needs two items at least (spec 000 §9); with fewer it is a grid.
  const carousel = slider && list.items.length >= MIN_SLIDES;
  return {
    settings,
    html: await renderGridItems(ctx.db, settings, list.items, carousel),
    columnVars: columnVars(resolveColumns(settings, carousel)),
    rootMargin: loadMoreRootMargin(settings.loadMoreOffset),
    carousel,
    count: list.items.length,
    page: list.page,
    pages: list.pages,
    total: list.total,
    postId: ctx.postId,
    elementId: ctx.elementId,
    notFound: !slider && ctx.page > list.pages,
  };
}

/** The grid's own query (post type, activity category, page size, cap) with a filter group's narrowing. */
export function gridQuery(settings: ListingGridSettings, narrowing?: PostNarrowing | null): Omit<PostQuery, 'page'> {
  return {
    types: [settings.postType],
    perPage: settings.postsNum,
    maxItems: settings.maxPostsNum,
    terms: gridTerms(settings),
    where: narrowing?.where,
    order: narrowing?.order,
    cacheKey: JSON.stringify([settings.category ?? '', narrowing?.cacheKey ?? '']),
    total: narrowing?.total,
    pageIds: narrowing?.pageIds,
  };
}

/** One page of the grid's query. */
export function listGrid(
  db: Db,
  dialect: Dialect,
  settings: ListingGridSettings,
  page: number,
  narrowing?: PostNarrowing | null,
): Promise<PostPage> {
  return listPosts(db, dialect, { ...gridQuery(settings, narrowing), page });
}

/** The taxonomy `category` names a term of, by post type. */
const CATEGORY_TAXONOMY = { galeri: 'kategori-galeri', post: 'category', ekskul: 'bidang-ekskul' } as const;

/** The term the grid's settings put on its items beyond the post type (a category of its type). */
export function gridTerms(settings: Pick<ListingGridSettings, 'category' | 'postType'>): TermRef[] {
  return settings.category ? [{ taxonomy: CATEGORY_TAXONOMY[settings.postType], slug: settings.category }] : [];
}

/**
 * The items of one grid page as HTML: gallery cards, news cards, or activity cards for `ekskul` (the
 * page and the wire show the same). A slider's items are its slides (the carousel pattern's groups); a
 * clickable grid's items carry their address (`data-url`, spec 000 §2).
 */
export async function renderGridItems(
  db: Db,
  settings: Pick<ListingGridSettings, 'postType' | 'clickable' | 'titleLevel' | 'card'>,
  items: PostSummary[],
  slides = false,
): Promise<string> {
  const ekskul = settings.postType === 'ekskul' ? await describeEkskul(db, items) : null;
  const { postType, clickable, titleLevel, card } = settings;
  // Each card is remembered by what it shows: a filtered listing's pages share most of their items.
  return items
    .map((item, i) => {
      const slide = slides ? { position: i + 1, of: items.length } : null;
      const shown = ekskul?.[i] ?? item;
      return staticMarkup(['grid-item', postType, clickable, titleLevel, card, slide, shown], () => (
        <GridItem {...{ item, ekskul: ekskul?.[i] ?? null, postType, clickable, titleLevel, card, slide }} />
      ));
    })
    .join('');
}

/** One item of a grid: its card, in the clickable wrapper and the slide where the grid has them. */
function GridItem({
  item,
  ekskul,
  postType,
  clickable,
  titleLevel,
  card,
  slide,
}: Pick<ListingGridSettings, 'postType' | 'clickable' | 'titleLevel' | 'card'> & {
  item: PostSummary;
  ekskul: EkskulItem | null;
  slide: { position: number; of: number } | null;
}) {
  const shown = ekskul ? (
    <EkskulCard
      item={ekskul}
      showImage={card.showImage}
      showCategory={card.showCategory}
      showDetails={card.showDetails}
      showStoreButtons={card.showStoreButtons}
    />
  ) : postType === 'post' ? (
    <div className="jet-listing-grid__item" data-post-id={item.id}>
      <PostCard
        post={item}
        titleLevel={titleLevel}
        showExcerpt={card.showExcerpt && !slide}
        showImage={card.showImage}
        showCategory={card.showCategory}
        showDate={card.showDate}
        showStoreButtons={card.showStoreButtons}
      />
    </div>
  ) : (
    <GalleryCard item={item} showImage={card.showImage} showCategory={card.showCategory} />
  );
  const inner =
    clickable === 'no' ? (
      shown
    ) : (
      <div
        className="jet-engine-listing-overlay-wrap"
        data-url={item.url}
        data-target={clickable === 'newTab' ? '_blank' : undefined}
      >
        {shown}
      </div>
    );
  return slide ? (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form's fieldset
    <div
      className="listing-carousel__slide"
      role="group"
      aria-roledescription="slide"
      aria-label={`${slide.position} dari ${slide.of}`}
    >
      {inner}
    </div>
  ) : (
    inner
  );
}

const EKSKUL_META = ['hari', 'jam', 'biaya', 'rating', 'tempat'] as const;

/** Adds the activity term and the schedule meta to activity posts, with two queries whatever their number. */
export async function describeEkskul(db: Db, items: PostSummary[]): Promise<EkskulItem[]> {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.id);
  const [meta, terms] = await Promise.all([
    db
      .selectFrom('post_meta')
      .select(['post_id', 'meta_key', 'value_text', 'value_number'])
      .where('post_id', 'in', ids)
      .where('meta_key', 'in', [...EKSKUL_META])
      .execute(),
    db
      .selectFrom('post_term')
      .innerJoin('term', 'term.id', 'post_term.term_id')
      .leftJoin('term as parent', 'parent.id', 'term.parent_id')
      .select(['post_term.post_id', 'term.id', 'term.name', 'term.parent_id', 'parent.name as parent_name'])
      .where('post_term.post_id', 'in', ids)
      .where('term.taxonomy', '=', 'bidang-ekskul')
      .orderBy('term.id')
      .execute(),
  ]);
  return items.map((post) => {
    const value = (key: (typeof EKSKUL_META)[number]) => {
      const row = meta.find((m) => m.post_id === post.id && m.meta_key === key);
      return row ? (row.value_number ?? row.value_text) : null;
    };
    const own = terms.filter((t) => t.post_id === post.id);
    // The activity is the deepest term the item carries: one whose id is nobody's parent among them.
    const activity = own.find((t) => !own.some((o) => o.parent_id === t.id)) ?? null;
    const fee = value('biaya');
    const rating = value('rating');
    const day = value('hari');
    const place = value('tempat');
    return {
      post,
      activity: activity?.name ?? null,
      field: activity?.parent_name ?? null,
      day: day === null ? null : String(day),
      time: value('jam'),
      fee: typeof fee === 'number' ? fee : null,
      rating: typeof rating === 'number' ? rating : null,
      place: place === null ? null : String(place),
    };
  });
}

/**
 * The stored settings of the listing grid `elementId` on the published page `postId`; null when there
 * is no such page, or the element is another widget (a heading's settings would read as a default grid).
 */
async function storedGridSettings(db: Db, postId: number, elementId: string): Promise<unknown | null> {
  const stored = await storedWidget(db, postId, elementId);
  return stored?.widget === 'jet-listing-grid' ? stored.settings : null;
}

/** `page_settings[…]` of call 7: `post_id` and `element_id` may be `false` (original-wire.md §3.1). */
const pageSettingsSchema = z.object({
  post_id: wirePostId.optional(),
  element_id: z.union([wireAbsent, z.string().min(1).max(64)]).optional(),
  page: wireInt.pipe(z.number().int().min(1, 'page must be 1 or more').max(100_000)),
  queried_id: z.string().max(100).optional(),
});

const gridType = listingGridSettings.shape.postType.unwrap();

/** The grid's query vars a client may send (the rest of `query[…]` is ignored): a whitelist. */
const clientQuerySchema = z.object({
  post_type: z
    .union([
      gridType,
      z
        .array(gridType)
        .length(1)
        .transform(([type]) => type),
    ])
    .optional(),
  posts_per_page: wireInt.pipe(z.number().int()).optional(),
});

/** The grid's `widget_settings[…]` a client may send (the rest is ignored). */
const clientWidgetSchema = z.object({
  posts_num: wireInt.pipe(z.number().int()).optional(),
  max_posts_num: wireInt.pipe(z.number().int().min(0).max(1000)).optional(),
});

/**
 * A grid's settings from the `query[…]` and `widget_settings[…]` a call carries, for a grid the call
 * names no stored page element of (the original client sends `false` for them): only the whitelisted
 * vars, the post type one of the grids', at most `cap` and never more than a stored grid per page.
 */
export function clientGridSettings(query: unknown, widget: unknown, cap: number): ListingGridSettings {
  const q = parseOrInvalid(clientQuerySchema, query ?? {}, 'query');
  const w = parseOrInvalid(clientWidgetSchema, widget ?? {}, 'widget_settings');
  const defaults = listingGridSettings.parse({ postType: q.post_type });
  const asked = w.posts_num ?? q.posts_per_page ?? defaults.postsNum;
  return {
    ...defaults,
    postsNum: Math.min(Math.max(1, asked), cap, GRID_MAX_PER_PAGE),
    maxPostsNum: w.max_posts_num ?? defaults.maxPostsNum,
  };
}

function parseOrInvalid<S extends z.ZodType>(schema: S, value: unknown, name: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Invalid(`${[name, ...(issue?.path ?? []).map(String)].join('.')}: ${issue?.message ?? 'is invalid'}`);
}

/**
 * Call 7: `jet_engine_ajax` with handler `get_listing` or `listing_load_more` (original-wire.md §3.1).
 * With `post_id` and `element_id` the grid's settings are read again from the stored page (the client
 * copy is ignored), so no client can widen the query or the page size. The original client may send
 * `false` for both: the grid is then the one its `query[…]` and `widget_settings[…]` describe, within a
 * whitelist and never more per page than the site's posts per page (as for `ecsload`) or a stored
 * grid's most. A filtered stored grid sends its filter state as `filters[<query
 * key>]=…` (the fields of `query[…]` in `jet_smart_filters`), so that load more continues the filtered
 * list. The call may also be posted to the page's own address with `nocache` (server/app.ts).
 */
export function listingAction(narrowList?: NarrowList) {
  return defineAction({
    name: 'jet_engine_ajax',
    auth: 'anyone',
    nonce: false,
    methods: ['POST'],
    input: z.object({
      handler: z.enum(['get_listing', 'listing_load_more']),
      page_settings: pageSettingsSchema,
      query: z.unknown().optional(),
      widget_settings: z.unknown().optional(),
      filters: z.unknown().optional(),
    }),
    async handle({ handler, page_settings: ps, query, widget_settings, filters }, ctx) {
      let settings: ListingGridSettings;
      let stored = false;
      if (ps.post_id !== undefined && ps.element_id !== undefined) {
        const found = await storedGridSettings(ctx.db, ps.post_id, ps.element_id);
        const parsed = listingGridSettings.safeParse(found);
        // The original answers this text when the listing id is missing (original-wire.md §3.1).
        if (found === null || !parsed.success) throw new Invalid('Request data is incorrect');
        settings = parsed.data;
        stored = true;
      } else {
        settings = clientGridSettings(query, widget_settings, (await getSiteOptions(ctx.db)).postsPerPage);
      }
      const narrowing =
        stored && settings.queryId && filters !== undefined && narrowList
          ? await narrowList(ctx.db, ctx.dialect, { provider: 'jet-engine', queryId: settings.queryId }, filters)
          : null;
      const page = handler === 'get_listing' ? 1 : ps.page;
      const grid = await loadListingGrid(
        settings,
        { db: ctx.db, dialect: ctx.dialect, page, postId: ps.post_id ?? 0, elementId: ps.element_id ?? '' },
        narrowing ? { ...narrowing, page: undefined } : null,
      );
      return {
        success: true,
        data: {
          html: grid.notFound ? '' : grid.html,
          // The original's other fields (original-wire.md §3.1), so its client finds them: maps of handle
          // to markup (the grid's assets are on the page already) and the filters' data, which the
          // original sends only for a lazily loaded grid (this site has none). Given these, its client
          // does nothing: `$.each` over no keys, and setIndexedData(false) returns at once.
          scripts: {},
          styles: {},
          filters_data: {},
          indexer_data: {},
          page: grid.page,
          pages: grid.pages,
        },
      };
    },
  });
}
