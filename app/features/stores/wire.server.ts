import { z } from 'zod';
import { AppError, Forbidden } from '~/lib/errors';
import { isSameOrigin } from '~/lib/origin.server';
import { verifyNonce } from '~/wire/nonce.server';
import { type ActionDef, defineAction, REST_NONCE_ACTION, type WireContext } from '~/wire/registry.server';
import {
  fullMessage,
  isFrontStore,
  parseStoredIds,
  postCountFragments,
  postIdOf,
  STORE_MESSAGES,
  STORES,
  type StoreDef,
  storeActionName,
} from './model';
import { cookieAfterAdd, cookieAfterVisit, ownerForWrite, ownerOf } from './owner.server';
import { addToStore, postCount, removeFromStore, storedPosts, storeState } from './stores.server';

/** Both calls take `store` and `post_id` (and nothing else matters); the handler checks them in the original's order. */
const storeCallInput = z.object({ store: z.unknown().optional(), post_id: z.unknown().optional() }).loose();

const NO_STORE = { 'cache-control': 'no-store' };

/** The original's error envelope `{success:false, data:{message}}`, with our stable code beside it. */
function storeError(status: number, message: string, code: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ success: false, data: { message, code, ...extra } }, { status, headers: NO_STORE });
}

/**
 * The nonce rule of the store calls. Our client sends the REST nonce, which must then be valid (403
 * `rest_cookie_invalid_nonce` otherwise, so it refreshes and retries). The original client sends none
 * (original-wire.md §3.3): such a call is taken only from this site (the Origin check), and the
 * visitor's SameSite=Lax cookies never come with another site's post.
 */
function assertCaller(ctx: WireContext, input: Record<string, unknown>): void {
  const field = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : undefined);
  const given = ctx.request.headers.get('x-wp-nonce') ?? field('_wpnonce') ?? field('nonce');
  if (given !== undefined && given !== null) {
    if (!verifyNonce(ctx.nonceSecret, given, ctx.subject, REST_NONCE_ACTION)) {
      throw new AppError(403, 'rest_cookie_invalid_nonce', 'Cookie check failed');
    }
    return;
  }
  if (!isSameOrigin(ctx.request)) throw new Forbidden('Permintaan ini harus dikirim dari situs ini.', 'cross_origin');
}

/**
 * Calls 5 and 6 for one server store: `action=jet_engine_add_to_store_<slug>` and
 * `jet_engine_remove_from_store_<slug>` with `store` and `post_id` (original-wire.md §3.3). Success is
 * `{success:true, data:{count, fragments}}`: `count` is the visitor's store, `fragments` holds the post's
 * count in the store (how many visitors keep it) under the original's selector, which both clients
 * write into every `.jet-engine-data-post-count` of that store and post. A full store answers the
 * original's `{success:false, data:{message}}` with status 200 and changes nothing. A call without
 * `post_id`, without `store`, naming another store or a post that is not published answers 400 with
 * the original's message and changes nothing.
 */
function storeAction(store: StoreDef, op: 'add' | 'remove'): ActionDef {
  return defineAction({
    name: storeActionName(op, store.slug),
    auth: 'anyone',
    nonce: false,
    methods: ['POST'],
    input: storeCallInput,
    async handle(input, ctx): Promise<Response> {
      assertCaller(ctx, input);
      if (input.post_id === undefined || input.post_id === '') {
        return storeError(400, STORE_MESSAGES.noPost, 'store_no_post');
      }
      if (input.store === undefined || input.store === '')
        return storeError(400, STORE_MESSAGES.noStore, 'store_no_store');
      if (input.store !== store.slug) return storeError(400, STORE_MESSAGES.invalidStore, 'store_invalid');
      const postId = postIdOf(input.post_id);
      if (postId === null) return storeError(400, STORE_MESSAGES.noPost, 'store_post_not_found');
      const headers = new Headers(NO_STORE);
      let change: { ok: boolean; count: number };
      let cookie: string | null;
      if (op === 'add') {
        const { owner, isNew } = await ownerForWrite(ctx.db, ctx.request, ctx.user);
        change = await addToStore(ctx.db, owner, store, postId);
        cookie = change.ok ? await cookieAfterAdd(ctx.db, ctx.request, owner, isNew) : null;
      } else {
        const owner = await ownerOf(ctx.db, ctx.request, ctx.user);
        change = owner ? await removeFromStore(ctx.db, owner, store, postId) : { ok: true, count: 0 };
        cookie = await cookieAfterVisit(ctx.db, ctx.request, owner);
      }
      if (!change.ok) {
        // Our client shows `notice` (the visitor's language); the original client alerts `message`.
        return storeError(200, STORE_MESSAGES.full, 'store_full', { count: change.count, notice: fullMessage(store) });
      }
      if (cookie) headers.set('set-cookie', cookie);
      const fragments = postCountFragments(store.slug, postId, await postCount(ctx.db, store.slug, postId));
      return Response.json({ success: true, data: { count: change.count, fragments } }, { headers });
    },
  }) as unknown as ActionDef;
}

/**
 * Ours: the visitor's server stores, `{success:true, data:{stores:{slug:[ids]}}}`. Pages are cached
 * for every visitor alike, so the buttons ask for their state once the page is in (a read: no nonce;
 * it counts as a guest's visit, which renews the guest's cookie once a day).
 */
export const storeStateAction = defineAction({
  name: 'jet_engine_store_state',
  auth: 'anyone',
  nonce: false,
  input: z.object({}).loose(),
  async handle(_input, ctx): Promise<Response> {
    const owner = await ownerOf(ctx.db, ctx.request, ctx.user);
    const [stores, cookie] = await Promise.all([
      storeState(ctx.db, owner),
      cookieAfterVisit(ctx.db, ctx.request, owner),
    ]);
    const headers = new Headers(NO_STORE);
    if (cookie) headers.set('set-cookie', cookie);
    return Response.json({ success: true, data: { stores } }, { headers });
  },
});

/**
 * Ours: the titles and addresses of the posts a browser-kept store holds (`ids`: `"12,7"` or `ids[]`),
 * for the saved page's list of it. Published posts of a store's types only, at most 50; anything else
 * is left out, so bad ids give an empty list (a read: no nonce).
 */
export const storePostsAction = defineAction({
  name: 'jet_engine_store_posts',
  auth: 'anyone',
  nonce: false,
  input: z.object({ ids: z.union([z.string().max(2000), z.array(z.string().max(12)).max(100)]).optional() }).loose(),
  async handle(input, ctx) {
    const ids = parseStoredIds(Array.isArray(input.ids) ? input.ids.join(',') : input.ids).slice(0, 50);
    return { success: true, data: { posts: await storedPosts(ctx.db, ids) } };
  },
});

/** Every store call: add and remove for each server store, and the reads. */
export const storeAjaxActions: ActionDef[] = [
  ...STORES.filter((s) => !isFrontStore(s)).flatMap((s) => [storeAction(s, 'add'), storeAction(s, 'remove')]),
  storeStateAction as unknown as ActionDef,
  storePostsAction as unknown as ActionDef,
];
