import { z } from 'zod';
import type { Db, Dialect } from '~/db';
import type { PostSummary } from '~/features/listing';
import { listPosts } from '~/features/listing/index.server';
import { Invalid } from '~/lib/errors';
import { staticMarkup } from '~/lib/static-markup.server';
import type { FindStoredWidget } from '~/lib/stored-widget';
import { defineAction, wireInt } from '~/wire/registry.server';
import { type ListingGridSettings, listingGridSettings } from './settings';
import { GalleryCard } from './ui/gallery-card';

export interface GridContext {
  db: Db;
  dialect: Dialect;
  page: number;
  postId: number;
  elementId: string;
}

/** One page of the grid, capped at max_posts_num in all (spec 001 §2: 6 per page, at most 9). */
export async function loadListingGrid(settings: ListingGridSettings, ctx: GridContext) {
  const list = await listPosts(ctx.db, ctx.dialect, {
    types: [settings.postType],
    category: undefined,
    page: ctx.page,
    perPage: settings.postsNum,
    maxItems: settings.maxPostsNum,
  });
  return {
    settings,
    html: renderGalleryCards(list.items),
    count: list.items.length,
    page: list.page,
    pages: list.pages,
    postId: ctx.postId,
    elementId: ctx.elementId,
    notFound: ctx.page > list.pages,
  };
}

/** Gallery items as the HTML both the page and the listing call show. */
function renderGalleryCards(items: PostSummary[]): string {
  return staticMarkup(items, () => (
    <>
      {items.map((item) => (
        <GalleryCard key={item.id} item={item} />
      ))}
    </>
  ));
}

const pageSettingsSchema = z.object({
  post_id: wireInt.pipe(z.number().int().positive()),
  element_id: z.string().min(1).max(64),
  page: wireInt.pipe(z.number().int().min(1, 'page must be 1 or more').max(100_000)),
  queried_id: z.string().max(100).optional(),
});

/**
 * Call 7: `jet_engine_ajax` with handler `get_listing` or `listing_load_more` (original-wire.md §3.1).
 * The grid's settings are read again from the stored page (the client copy is ignored), so no client
 * can widen the query or the page size.
 */
export function listingAction(findWidget: FindStoredWidget) {
  return defineAction({
    name: 'jet_engine_ajax',
    nonce: false,
    methods: ['POST'],
    input: z.object({
      handler: z.enum(['get_listing', 'listing_load_more']),
      page_settings: pageSettingsSchema,
    }),
    async handle({ handler, page_settings: ps }, ctx) {
      const stored = await findWidget(ctx.db, ps.post_id, ps.element_id);
      const parsed = listingGridSettings.safeParse(stored);
      // The original answers this text when the listing id is missing (original-wire.md §3.1).
      if (stored === null || !parsed.success) throw new Invalid('Request data is incorrect');
      const page = handler === 'get_listing' ? 1 : ps.page;
      const grid = await loadListingGrid(parsed.data, {
        db: ctx.db,
        dialect: ctx.dialect,
        page,
        postId: ps.post_id,
        elementId: ps.element_id,
      });
      return { success: true, data: { html: grid.notFound ? '' : grid.html, page: grid.page, pages: grid.pages } };
    },
  });
}
