import { data, redirect } from 'react-router';
import { z } from 'zod';
import type { PostSummary } from '~/content/posts';
import { summarize } from '~/content/posts.server';
import type { AppContext } from '~/context';
import type { Db } from '~/db';
import { AppError } from '~/lib/errors';
import { readForm, UnreadableForm } from '~/lib/form.server';
import { isSameOrigin } from '~/lib/origin.server';
import { siteOrigin } from '~/lib/route.server';
import {
  fullMessage,
  isFrontStore,
  postIdOf,
  STORES,
  type StoreDef,
  type StoreNotice,
  type StorePageData,
  type StoreView,
  storeBySlug,
} from './model';
import { cookieAfterAdd, cookieAfterVisit, ownerForWrite, ownerOf } from './owner.server';
import { addToStore, postCounts, removeFromStore, storeIds } from './stores.server';

/** Published posts of `ids`, in that order (a post unpublished since it was stored is left out). */
async function postsInOrder(db: Db, ids: number[]): Promise<PostSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('post')
    .select(['id', 'type', 'slug', 'title', 'excerpt', 'published_at', 'featured_media_id'])
    .where('id', 'in', ids)
    .where('status', '=', 'publish')
    .execute();
  const byId = new Map((await summarize(db, rows)).map((p) => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function noticeOf(url: URL, store: StoreDef | undefined): StoreNotice | null {
  if (!store) return null;
  const kind = url.searchParams.get('hasil');
  if (kind === 'full') return { kind, text: fullMessage(store) };
  if (kind === 'added') return { kind, text: `Ditambahkan ke ${store.name}.` };
  if (kind === 'removed') return { kind, text: `Dihapus dari ${store.name}.` };
  return null;
}

/**
 * A page listing the visitor's server stores (`slugs`): the saved items page (/simpanan/) and the
 * compare page (/bandingkan/). For one visitor only: never cached (the route says no-store).
 */
export async function storePage(
  ctx: AppContext,
  request: Request,
  page: { path: string; title: string; description: string; slugs: string[] },
): Promise<StorePageData> {
  const user = await ctx.userOf(request);
  const owner = await ownerOf(ctx.db, request, user);
  const stores = await Promise.all(
    page.slugs.flatMap((slug) => {
      const store = storeBySlug(slug);
      if (!store || isFrontStore(store)) return [];
      return [
        (async (): Promise<StoreView> => ({
          slug,
          name: store.name,
          size: store.size,
          page: store.page,
          posts: owner ? await postsInOrder(ctx.db, await storeIds(ctx.db, owner, slug)) : [],
        }))(),
      ];
    }),
  );
  const url = new URL(request.url);
  const shown = [...new Set(stores.flatMap((s) => s.posts.map((p) => p.id)))];
  return {
    seo: {
      title: page.title,
      description: page.description,
      canonical: siteOrigin(request) + page.path,
      type: 'website',
      noindex: true,
    },
    title: page.title,
    signedIn: user !== null,
    stores,
    postCounts: await postCounts(ctx.db, shown),
    notice: noticeOf(url, storeBySlug(url.searchParams.get('toko'))),
  };
}

const formFields = z.object({
  store: z.string().refine((s) => STORES.some((d) => d.slug === s && !isFrontStore(d)), 'an unknown store'),
  post_id: z
    .string()
    .transform((v) => postIdOf(v))
    .refine((id): id is number => id !== null, 'not a post id'),
  op: z.enum(['add', 'remove']),
});

/**
 * A store button posted without JavaScript (its form posts to the store's page): the same rules as
 * calls 5 and 6, then 303 to the store's page with the outcome in the address. Another site's post is
 * refused (403); a bad form answers 400 and changes nothing.
 */
export async function storeFromForm(ctx: AppContext, request: Request): Promise<Response> {
  const refuse = (status: number, message: string) =>
    data({ error: message }, { status, headers: { 'Cache-Control': 'no-store' } });
  if (!isSameOrigin(request)) throw refuse(403, 'Formulir ini harus dikirim dari situs ini.');
  let fields: Record<string, string>;
  try {
    fields = await readForm(request);
  } catch (error) {
    if (error instanceof UnreadableForm) throw refuse(400, error.message);
    throw error;
  }
  const parsed = formFields.safeParse(fields);
  if (!parsed.success) throw refuse(400, 'Permintaan tidak sah.');
  const store = storeBySlug(parsed.data.store) as StoreDef;
  const user = await ctx.userOf(request);
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  let kind: StoreNotice['kind'];
  try {
    if (parsed.data.op === 'add') {
      const { owner, isNew } = await ownerForWrite(ctx.db, request, user);
      const change = await addToStore(ctx.db, owner, store, parsed.data.post_id);
      const cookie = change.ok ? await cookieAfterAdd(ctx.db, request, owner, isNew) : null;
      if (cookie) headers.append('Set-Cookie', cookie);
      kind = change.ok ? 'added' : 'full';
    } else {
      const owner = await ownerOf(ctx.db, request, user);
      if (owner) await removeFromStore(ctx.db, owner, store, parsed.data.post_id);
      const cookie = await cookieAfterVisit(ctx.db, request, owner);
      if (cookie) headers.append('Set-Cookie', cookie);
      kind = 'removed';
    }
  } catch (error) {
    if (error instanceof AppError) throw refuse(error.status, error.message);
    throw error;
  }
  return redirect(`${store.page}?toko=${store.slug}&hasil=${kind}`, { status: 303, headers });
}
