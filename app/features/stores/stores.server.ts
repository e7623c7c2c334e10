import { postUrl } from '~/content/posts';
import type { Db } from '~/db';
import { serialized } from '~/db/serialized.server';
import { Invalid } from '~/lib/errors';
import {
  addToList,
  guestExpiryCutoff,
  guestSeenIsStale,
  isFrontStore,
  isGuestOwner,
  STORE_MESSAGES,
  STORES,
  type StoreDef,
  type StoredPost,
} from './model';

/** The owner key of an account's stores (guests' is their `guest_…` id). */
export function userOwner(userId: number): string {
  return `user:${userId}`;
}

/** The ids in one of an owner's stores, in the order they were added. */
export async function storeIds(db: Db, owner: string, slug: string): Promise<number[]> {
  const rows = await db
    .selectFrom('store_item')
    .select('post_id')
    .where('owner', '=', owner)
    .where('store', '=', slug)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.post_id);
}

/** Every server store of an owner: slug → ids (one query). */
export async function storeState(db: Db, owner: string | null): Promise<Record<string, number[]>> {
  const state: Record<string, number[]> = {};
  for (const s of STORES) if (!isFrontStore(s)) state[s.slug] = [];
  if (!owner) return state;
  const rows = await db
    .selectFrom('store_item')
    .select(['store', 'post_id'])
    .where('owner', '=', owner)
    .orderBy('id')
    .execute();
  for (const r of rows) state[r.store]?.push(r.post_id);
  return state;
}

/** A store call's outcome: the store's count after it, or refused because the store is full. */
export type StoreChange = { ok: true; count: number } | { ok: false; count: number };

/** Whether the post may go in the store: published and of one of the store's post types. */
async function assertStorable(db: Db, store: StoreDef, postId: number): Promise<void> {
  const post = await db
    .selectFrom('post')
    .select('type')
    .where('id', '=', postId)
    .where('status', '=', 'publish')
    .executeTakeFirst();
  if (!post || !store.postTypes.includes(post.type)) throw new Invalid(STORE_MESSAGES.noPost, 'store_post_not_found');
}

/**
 * Call 5: adds a post to an owner's store within its size (spec 000 §5: a refused add changes
 * nothing). One owner's calls run one at a time, so a burst of adds never passes the limit. A guest
 * who adds is seen at `now`, in the same transaction as the row (no guest row without its last-seen).
 */
export async function addToStore(
  db: Db,
  owner: string,
  store: StoreDef,
  postId: number,
  now = new Date(),
): Promise<StoreChange> {
  await assertStorable(db, store, postId);
  return serialized(db, `store:${owner}:${store.slug}`, async (trx) => {
    const ids = await storeIds(trx, owner, store.slug);
    const result = addToList(ids, postId, store.size);
    if (!result.ok) return { ok: false, count: ids.length };
    if (isGuestOwner(owner)) await markGuestSeen(trx, owner, now);
    if (result.added) {
      await trx
        .insertInto('store_item')
        .values({ owner, store: store.slug, post_id: postId, added_at: now.toISOString() })
        .execute();
    }
    return { ok: true, count: result.ids.length };
  });
}

/** Call 6: removes a post from an owner's store (a post not there changes nothing; no limit to keep, no lock). */
export async function removeFromStore(db: Db, owner: string, store: StoreDef, postId: number): Promise<StoreChange> {
  await db
    .deleteFrom('store_item')
    .where('owner', '=', owner)
    .where('store', '=', store.slug)
    .where('post_id', '=', postId)
    .execute();
  const { n } = await db
    .selectFrom('store_item')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner', '=', owner)
    .where('store', '=', store.slug)
    .executeTakeFirstOrThrow();
  return { ok: true, count: Number(n) };
}

/**
 * A guest who signs in keeps what they stored (issue 13): the guest's items move to the account after
 * the account's own, within each store's size, and the guest's rows go. Returns how many moved.
 */
export async function moveGuestStores(db: Db, guestId: string, userId: number): Promise<number> {
  const owner = userOwner(userId);
  let moved = 0;
  for (const store of STORES) {
    if (isFrontStore(store)) continue;
    moved += await serialized(db, `store:${owner}:${store.slug}`, async (trx) => {
      const guest = await storeIds(trx, guestId, store.slug);
      if (guest.length === 0) return 0;
      let ids = await storeIds(trx, owner, store.slug);
      const take: number[] = [];
      for (const id of guest) {
        const r = addToList(ids, id, store.size);
        if (r.ok && r.added) take.push(id);
        ids = r.ids;
      }
      const now = new Date().toISOString();
      if (take.length > 0) {
        await trx
          .insertInto('store_item')
          .values(take.map((post_id) => ({ owner, store: store.slug, post_id, added_at: now })))
          .execute();
      }
      await trx.deleteFrom('store_item').where('owner', '=', guestId).where('store', '=', store.slug).execute();
      return take.length;
    });
  }
  await db.deleteFrom('store_guest').where('id', '=', guestId).execute();
  return moved;
}

/** Whether a guest has anything stored (a cheap check before moving it at sign-in). */
export async function hasGuestItems(db: Db, guestId: string): Promise<boolean> {
  const row = await db.selectFrom('store_item').select('id').where('owner', '=', guestId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Titles and addresses of published posts of any store's types, in the order of `ids`. */
export async function storedPosts(db: Db, ids: number[]): Promise<StoredPost[]> {
  if (ids.length === 0) return [];
  const types = [...new Set(STORES.flatMap((s) => s.postTypes))];
  const rows = await db
    .selectFrom('post')
    .select(['id', 'type', 'slug', 'title'])
    .where('id', 'in', ids)
    .where('status', '=', 'publish')
    .where('type', 'in', types)
    .execute();
  const byId = new Map(
    rows.map((r) => [r.id, { id: r.id, type: r.type, title: r.title, url: postUrl(r.type, r.slug) }]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * How many visitors (accounts and guests) keep the post in the store: the original's "post count"
 * (original-wire.md §3.3). One owner holds a post once, so it counts rows, on the (post_id, store) index.
 */
export async function postCount(db: Db, slug: string, postId: number): Promise<number> {
  const { n } = await db
    .selectFrom('store_item')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('post_id', '=', postId)
    .where('store', '=', slug)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The post counts of `postIds` in every server store (one query): slug → post id → count, 0 included. */
export async function postCounts(db: Db, postIds: number[]): Promise<Record<string, Record<number, number>>> {
  const counts: Record<string, Record<number, number>> = {};
  for (const s of STORES) {
    if (!isFrontStore(s)) counts[s.slug] = Object.fromEntries(postIds.map((id) => [id, 0]));
  }
  if (postIds.length === 0) return counts;
  const rows = await db
    .selectFrom('store_item')
    .select(['store', 'post_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('post_id', 'in', postIds)
    .groupBy(['post_id', 'store'])
    .execute();
  for (const r of rows) {
    const store = counts[r.store];
    if (store) store[r.post_id] = Number(r.n);
  }
  return counts;
}

/** Records a guest as seen at `now` (inserted or moved forward). */
async function markGuestSeen(db: Db, guestId: string, now: Date): Promise<void> {
  const seenAt = now.toISOString();
  await db
    .insertInto('store_guest')
    .values({ id: guestId, seen_at: seenAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: seenAt }))
    .execute();
}

/**
 * A guest with a cookie came back (a remove, the state call): records them as seen at `now`, at most
 * once per `GUEST_SEEN_STEP_HOURS` so that reads stay reads. True when it wrote: the caller renews the
 * cookie then, so no browser holds the cookie longer than the guest's rows are kept. A guest without
 * a row (never added, moved to an account, or expired) has nothing to keep: no row is made.
 */
export async function touchGuest(db: Db, guestId: string, now = new Date()): Promise<boolean> {
  const row = await db.selectFrom('store_guest').select('seen_at').where('id', '=', guestId).executeTakeFirst();
  if (!row || !guestSeenIsStale(row.seen_at, now)) return false;
  await db.updateTable('store_guest').set({ seen_at: now.toISOString() }).where('id', '=', guestId).execute();
  return true;
}

/** Expired guests removed by one sweep at most: a sweep stays short whatever piled up. */
const SWEEP_BATCH = 200;

/**
 * Removes guests not seen for `GUEST_LIFETIME_DAYS`, with their stored rows (oldest first, at most
 * `SWEEP_BATCH` per run). Each new guest runs it, as each sign-in sweeps old sessions: every guest
 * that expires was once a new guest, so the sweeps keep up; the seen_at index keeps an idle run cheap.
 * Returns how many guests went.
 */
export async function sweepExpiredGuests(db: Db, now = new Date()): Promise<number> {
  const cutoff = guestExpiryCutoff(now);
  const expired = await db
    .selectFrom('store_guest')
    .select('id')
    .where('seen_at', '<', cutoff)
    .orderBy('seen_at')
    .limit(SWEEP_BATCH)
    .execute();
  if (expired.length === 0) return 0;
  const ids = expired.map((r) => r.id);
  // Each step asks again whether the guest is still expired: one seen meanwhile stays.
  const stillExpired = (trx: Db) =>
    trx.selectFrom('store_guest').select('id').where('id', 'in', ids).where('seen_at', '<', cutoff);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('store_item').where('owner', 'in', stillExpired(trx)).execute();
    await trx.deleteFrom('store_guest').where('id', 'in', ids).where('seen_at', '<', cutoff).execute();
  });
  return ids.length;
}
