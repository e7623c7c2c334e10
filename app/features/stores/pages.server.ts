import { z } from 'zod';
import type { PostSummary } from '~/content/posts';
import { summarize } from '~/content/posts.server';
import type { Db } from '~/db';
import { Invalid } from '~/lib/errors';
import { done, type Outcome } from '~/lib/outcome';
import type { SessionUser } from '~/lib/user';
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

function noticeOf(query: URLSearchParams, store: StoreDef | undefined): StoreNotice | null {
  if (!store) return null;
  const kind = query.get('hasil');
  if (kind === 'full') return { kind, text: fullMessage(store) };
  if (kind === 'added') return { kind, text: `Ditambahkan ke ${store.name}.` };
  if (kind === 'removed') return { kind, text: `Dihapus dari ${store.name}.` };
  return null;
}

/**
 * Who is at a store page or posts a store button, as the route hands it over: the signed-in user (or
 * null) and the request, whose guest cookie is the stores' own (owner.server.ts).
 */
export interface StoreVisitor {
  request: Request;
  user: SessionUser | null;
}

/**
 * A page listing the visitor's server stores (`slugs`): the saved items page (/simpanan/) and the
 * compare page (/bandingkan/), on the site's `origin`, its notice from the `query`. For one visitor
 * only: never cached (the route says no-store).
 */
export async function storePage(
  db: Db,
  visit: StoreVisitor & { origin: string; query: URLSearchParams },
  page: { path: string; title: string; description: string; slugs: string[] },
): Promise<StorePageData> {
  const { request, user, query } = visit;
  const owner = await ownerOf(db, request, user);
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
          posts: owner ? await postsInOrder(db, await storeIds(db, owner, slug)) : [],
        }))(),
      ];
    }),
  );
  const shown = [...new Set(stores.flatMap((s) => s.posts.map((p) => p.id)))];
  return {
    seo: {
      title: page.title,
      description: page.description,
      canonical: visit.origin + page.path,
      type: 'website',
      noindex: true,
    },
    title: page.title,
    signedIn: user !== null,
    stores,
    postCounts: await postCounts(db, shown),
    notice: noticeOf(query, storeBySlug(query.get('toko'))),
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
 * calls 5 and 6, then 303 to the store's page with the outcome in the address (a full store too) and
 * the guest cookie issued or renewed. A bad form is refused (Invalid, 400) and changes nothing; the
 * calls' own refusals (an unknown post, too many new guests) are thrown as they are (AppError).
 */
export async function storeFromForm(
  db: Db,
  visitor: StoreVisitor,
  fields: Record<string, string>,
): Promise<Outcome<never, never>> {
  const parsed = formFields.safeParse(fields);
  if (!parsed.success) throw new Invalid('Permintaan tidak sah.');
  const { request, user } = visitor;
  const store = storeBySlug(parsed.data.store) as StoreDef;
  let cookie: string | null;
  let kind: StoreNotice['kind'];
  if (parsed.data.op === 'add') {
    const { owner, isNew } = await ownerForWrite(db, request, user);
    const change = await addToStore(db, owner, store, parsed.data.post_id);
    cookie = change.ok ? await cookieAfterAdd(db, request, owner, isNew) : null;
    kind = change.ok ? 'added' : 'full';
  } else {
    const owner = await ownerOf(db, request, user);
    if (owner) await removeFromStore(db, owner, store, parsed.data.post_id);
    cookie = await cookieAfterVisit(db, request, owner);
    kind = 'removed';
  }
  return done(`${store.page}?toko=${store.slug}&hasil=${kind}`, 303, cookie ? { 'Set-Cookie': cookie } : undefined);
}
