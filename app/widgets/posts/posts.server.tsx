import { z } from 'zod';
import { getSiteOptions } from '~/content/options.server';
import { type EcsQuery, type EcsSettings, LISTABLE_TYPES } from '~/content/posts';
import { listPosts, type NarrowList, type PostNarrowing, type PostPage, type PostQuery } from '~/content/posts.server';
import { storedWidget } from '~/content/tree.server';
import type { Db, Dialect } from '~/db';
import { Invalid } from '~/lib/errors';
import { keepHtml, type ServerHtml } from '~/lib/server-html';
import { staticMarkup } from '~/lib/static-markup.server';
import { defineAction, wireBool, wireInt } from '~/wire/registry.server';
import { loadPostsListCode } from './lazy-posts-list';
import { PostCard } from './post-card';
import { type PostsListSettings, postsListSettings } from './settings';

export interface ListContext {
  db: Db;
  dialect: Dialect;
  /** Page number from the address (/page/{n}/). */
  page: number;
  /** The page holding the widget (for ecsload to find the stored settings again). */
  postId: number;
  elementId: string;
  /** The visitor's search text when the list is a search result. */
  search?: string;
  serverHtml: ServerHtml | null;
}

/**
 * Server data of the `posts` widget: the first page (or the page in the address) and the load-more state,
 * narrowed by a filter group's state when one is given.
 */
export async function loadPostsList(settings: PostsListSettings, ctx: ListContext, narrowing?: PostNarrowing | null) {
  const page = narrowing?.page ?? (settings.usePagePath ? ctx.page : 1);
  const [list] = await Promise.all([
    listPosts(ctx.db, ctx.dialect, postsListQuery(settings, page, ctx.search, narrowing)),
    // The server renders the widget in place: its module is loaded before the page renders.
    loadPostsListCode(),
  ]);
  const query: EcsQuery = {
    post_type: [...settings.postTypes],
    posts_per_page: settings.perPage,
    ...(settings.category ? { category_name: settings.category } : {}),
    ...(settings.tag ? { tag: settings.tag } : {}),
    ...(ctx.search ? { s: ctx.search } : {}),
  };
  const ecs: EcsSettings = {
    current_page: list.page,
    max_num_pages: list.pages,
    load_method: settings.loadMethod,
    widget_id: ctx.elementId,
    post_id: ctx.postId,
    theme_id: 0,
    change_url: settings.changeUrl,
    reinit_js: settings.reinitJs,
  };
  return {
    settings,
    // The first page travels as HTML, like the pages ecsload appends: no per-card data to hydrate.
    firstPage: keepHtml(ctx.serverHtml, renderPostCards(list, settings)),
    count: list.items.length,
    page: list.page,
    pages: list.pages,
    query,
    ecs,
    notFound: settings.usePagePath && ctx.page > list.pages,
  };
}

/** The query of a `posts` list: its stored settings, the page, a search text and a filter group's narrowing. */
export function postsListQuery(
  settings: PostsListSettings,
  page: number,
  search?: string,
  narrowing?: PostNarrowing | null,
): PostQuery {
  return {
    types: settings.postTypes,
    terms: [
      ...(settings.category ? [{ taxonomy: 'category', slug: settings.category }] : []),
      ...(settings.tag ? [{ taxonomy: 'post_tag', slug: settings.tag }] : []),
    ],
    search,
    page,
    perPage: settings.perPage,
    where: narrowing?.where,
    order: narrowing?.order,
    cacheKey: narrowing?.cacheKey,
    total: narrowing?.total,
    pageIds: narrowing?.pageIds,
  };
}

/** Renders list items as the HTML that `ecsload` answers (the same component as the page). */
export function renderPostCards(
  list: PostPage,
  settings: Pick<PostsListSettings, 'showExcerpt' | 'titleLevel'>,
): string {
  const { showExcerpt, titleLevel } = settings;
  return staticMarkup({ items: list.items, showExcerpt, titleLevel }, () => (
    <>
      {list.items.map((post) => (
        <PostCard key={post.id} post={post} showExcerpt={showExcerpt} titleLevel={titleLevel} />
      ))}
    </>
  ));
}

const jsonText = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON text' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** The main-query vars a client may send: a whitelist (original-wire.md §8 security note). */
const ecsQuerySchema = z.object({
  post_type: z.union([z.enum(LISTABLE_TYPES), z.array(z.enum(LISTABLE_TYPES)).min(1).max(4)]).default(['post']),
  posts_per_page: wireInt.pipe(z.number().int()).optional(),
  category_name: z.string().max(200).optional(),
  tag: z.string().max(200).optional(),
  s: z.string().max(200).optional(),
});

const ecsSettingsSchema = z.object({
  current_page: wireInt.pipe(z.number().int().min(0, 'current_page must not be negative').max(100_000)),
  max_num_pages: wireInt.pipe(z.number().int().min(0)).optional(),
  load_method: z.enum(['loadmore', 'lazyload']).optional(),
  widget_id: z.string().max(64).optional(),
  post_id: wireInt.pipe(z.number().int().min(0)).optional(),
  change_url: wireBool.optional(),
  reinit_js: wireBool.optional(),
});

/**
 * Call 1: `ecsload` (spec 000 §7) — the HTML of the next page of a list (`current_page + 1`),
 * empty when there is none. The stored widget settings win over the client's copy; without them the
 * whitelisted query is used and the page size is capped by the site's posts per page. A filtered list
 * sends its filter state as `filters[<query key>]=…`; it narrows only a stored list that names a query id.
 */
export function ecsloadAction(narrowList?: NarrowList) {
  return defineAction({
    name: 'ecsload',
    auth: 'anyone',
    nonce: false,
    methods: ['POST'],
    input: z.object({
      query: jsonText(ecsQuerySchema),
      ecs_ajax_settings: jsonText(ecsSettingsSchema),
      filters: z.unknown().optional(),
    }),
    async handle({ query, ecs_ajax_settings: ecs, filters }, ctx) {
      const page = ecs.current_page + 1;
      const stored =
        ecs.post_id && ecs.widget_id
          ? ((await storedWidget(ctx.db, ecs.post_id, ecs.widget_id))?.settings ?? null)
          : null;
      let settings: PostsListSettings;
      if (stored !== null) {
        const parsed = postsListSettings.safeParse(stored);
        if (!parsed.success) throw new Invalid('The stored list settings are invalid.');
        settings = parsed.data;
      } else {
        const cap = (await getSiteOptions(ctx.db)).postsPerPage;
        const types = Array.isArray(query.post_type) ? query.post_type : [query.post_type];
        settings = postsListSettings.parse({
          postTypes: types,
          perPage: Math.min(Math.max(1, query.posts_per_page ?? cap), cap),
          category: query.category_name,
          tag: query.tag,
        });
      }
      const narrowing =
        stored !== null && settings.queryId && filters !== undefined && narrowList
          ? await narrowList(ctx.db, ctx.dialect, { provider: 'epro-posts', queryId: settings.queryId }, filters)
          : null;
      const list = await listPosts(ctx.db, ctx.dialect, postsListQuery(settings, page, query.s, narrowing));
      const html = page > list.pages ? '' : renderPostCards(list, settings);
      return new Response(html, {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      });
    },
  });
}
