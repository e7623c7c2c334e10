/**
 * Data stores (issue 13; spec 000 §3-5, call 5 and 6; original-wire.md §3.3): lists of post ids a
 * visitor keeps per store, in the browser (`local-storage`) or on the server (per account, or per
 * guest through an HttpOnly cookie). Pure rules: no React, no database.
 */

import type { PostSummary } from '~/content/posts';

/** Where a store keeps its ids: in the browser, or on the server for the account or guest. */
export type StoreType = 'local-storage' | 'user-meta';

/** A store as the site configures it (the original's store arguments: slug, type, is_front, size). */
export interface StoreDef {
  slug: string;
  /** Indonesian name, shown on pages and buttons. */
  name: string;
  type: StoreType;
  /** Most ids kept; 0 for no limit. */
  size: number;
  /** Post types the store takes (a call naming another post answers 400). */
  postTypes: readonly string[];
  /** Page that lists the store (its count badge links there). */
  page: string;
}

/**
 * The site's stores. Favourites and compare are server-side (they follow the visitor to the account
 * at sign-in, and the saved and compare pages render them without JavaScript); the wishlist is kept
 * in the browser only, as the original's local-storage stores.
 */
export const STORES: readonly StoreDef[] = [
  { slug: 'favorit', name: 'Favorit', type: 'user-meta', size: 6, postTypes: ['post', 'ekskul'], page: '/simpanan/' },
  { slug: 'banding', name: 'Bandingkan', type: 'user-meta', size: 3, postTypes: ['ekskul'], page: '/bandingkan/' },
  { slug: 'keinginan', name: 'Ingin ikut', type: 'local-storage', size: 10, postTypes: ['ekskul'], page: '/simpanan/' },
];

/** The store with this slug, or undefined. */
export function storeBySlug(slug: unknown): StoreDef | undefined {
  return typeof slug === 'string' ? STORES.find((s) => s.slug === slug) : undefined;
}

/** Whether the store is kept in the browser (the original's `is_front`). */
export function isFrontStore(store: Pick<StoreDef, 'type'>): boolean {
  return store.type === 'local-storage';
}

/** The messages of the original's answers (original-wire.md §3.3), exactly. */
export const STORE_MESSAGES = {
  full: 'You can`t add more posts',
  noPost: 'Post ID not found in the request',
  noStore: 'Store slug not found in the request',
  invalidStore: 'Invalid store requested',
} as const;

/** What visitors read when a store is full (shown by our client instead of the original's English text). */
export function fullMessage(store: Pick<StoreDef, 'name' | 'size'>): string {
  return `${store.name} sudah penuh (paling banyak ${store.size}). Hapus salah satu dulu.`;
}

/** The admin-ajax action names of a server store (calls 5 and 6). */
export function storeActionName(op: 'add' | 'remove', slug: string): string {
  return op === 'add' ? `jet_engine_add_to_store_${slug}` : `jet_engine_remove_from_store_${slug}`;
}

/**
 * The selector of a post count in a call's `fragments` (original-wire.md §3.3), as the original's PHP
 * writes it: values in double quotes (an unquoted `data-post=12` would be no valid selector).
 */
export function postCountSelector(slug: string, postId: number): string {
  return `.jet-engine-data-post-count[data-store="${slug}"][data-post="${postId}"]`;
}

/** The `fragments` of a successful call 5 or 6: the post's count in the store, under its selector. */
export function postCountFragments(slug: string, postId: number, count: number): Record<string, number> {
  return { [postCountSelector(slug, postId)]: count };
}

/**
 * How long a store guest is kept: the lifetime of the guest cookie, renewed whenever the guest is seen
 * (an add, a remove, the state call). A guest not seen for this long has no browser holding the cookie
 * any more, so their rows can be read by nobody and are removed.
 */
export const GUEST_LIFETIME_DAYS = 365;
/** A guest's last-seen time is written (and the cookie renewed) at most this often. */
export const GUEST_SEEN_STEP_HOURS = 24;

const HOUR_MS = 3_600_000;

/** Whether a guest last seen at `seenAt` (ISO) should be recorded as seen again at `now`. */
export function guestSeenIsStale(seenAt: string, now: Date): boolean {
  const seen = Date.parse(seenAt);
  return !(now.getTime() - seen < GUEST_SEEN_STEP_HOURS * HOUR_MS);
}

/** Guests last seen before this time (ISO) are expired at `now`. */
export function guestExpiryCutoff(now: Date): string {
  return new Date(now.getTime() - GUEST_LIFETIME_DAYS * 24 * HOUR_MS).toISOString();
}

/** Whether an owner key is a guest's (accounts' are `user:<id>`). */
export function isGuestOwner(owner: string): boolean {
  return owner.startsWith('guest_');
}

/** The browser key of a local-storage store, as the original names it. */
export function frontStoreKey(slug: string): string {
  return `jet_engine_store_${slug}`;
}

/** The ids of a stored front value (`"12,7,30"`): positive integers, in order, without repeats. */
export function parseStoredIds(value: string | null | undefined): number[] {
  if (!value) return [];
  const ids: number[] = [];
  for (const part of value.split(',')) {
    const n = /^\s*\d{1,9}\s*$/.test(part) ? Number(part) : 0;
    if (n > 0 && !ids.includes(n)) ids.push(n);
  }
  return ids;
}

/** The result of adding to a list: the new list, or refused (full) with the list unchanged. */
export type AddResult = { ok: true; ids: number[]; added: boolean } | { ok: false; ids: number[] };

/**
 * Adds `id` to `ids` within `size` (spec 000 §5): an id already there changes nothing; a full store
 * refuses and nothing changes.
 */
export function addToList(ids: readonly number[], id: number, size: number): AddResult {
  if (ids.includes(id)) return { ok: true, ids: [...ids], added: false };
  if (size > 0 && ids.length >= size) return { ok: false, ids: [...ids] };
  return { ok: true, ids: [...ids, id], added: true };
}

/** Removes `id` from `ids` (an id not there changes nothing). */
export function removeFromList(ids: readonly number[], id: number): number[] {
  return ids.filter((i) => i !== id);
}

/** A positive post id as the original client sends it (a number or its digits), else null. */
export function postIdOf(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)
        ? Number(value)
        : NaN;
  // Within PostgreSQL's integer: a JSON number past it is no post (not a query error).
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** The store button's settings (spec 000 §3 "Store action arguments"), as its markup carries them. */
export interface StoreButtonArgs {
  store: Pick<StoreDef, 'slug' | 'type' | 'size'> & { is_front: boolean };
  post_id: number;
  label: string;
  added_label: string;
  /** Where the added button leads (the store's page); '' keeps it a toggle. */
  added_url: string;
  action_after_added: 'remove_from_store' | 'hide' | 'switch_status';
  /** The id of a popup to open on a click when already in the store (the popups feature reads it). */
  popup?: string;
  /** Removes the item's card from a listing when it leaves the store (the saved and compare pages). */
  remove_from_listing?: boolean;
  /** The id of a listing on the page to refresh after a change. */
  synch_id?: string;
  /** `_blank` opens `added_url` in a new tab. */
  target?: '_blank' | '';
}

/** What a click on a store button does, given its settings and whether the post is in the store. */
export type ButtonIntent = 'add' | 'remove' | 'popup' | 'follow';

/** Spec 000 §4 "Store button": the intent of a click. */
export function clickIntent(
  args: Pick<StoreButtonArgs, 'action_after_added' | 'popup' | 'added_url'>,
  inStore: boolean,
): ButtonIntent {
  if (!inStore) return 'add';
  if (args.action_after_added === 'remove_from_store') return 'remove';
  if (args.popup) return 'popup';
  return args.added_url ? 'follow' : 'remove';
}

/** A store as a page shows it: its settings and the visitor's posts in it, in the order they were added. */
export interface StoreView {
  slug: string;
  name: string;
  size: number;
  page: string;
  posts: PostSummary[];
}

/** What the saved and compare pages show above the list after a no-JavaScript form (`?toko=…&hasil=…`). */
export interface StoreNotice {
  kind: 'added' | 'removed' | 'full';
  text: string;
}

export interface StorePageData {
  seo: { title: string; description: string; canonical: string; type: 'website'; noindex: true };
  title: string;
  signedIn: boolean;
  stores: StoreView[];
  /** How many visitors keep each listed post, per server store: slug → post id → count. */
  postCounts: Record<string, Record<number, number>>;
  notice: StoreNotice | null;
}

/** A post of a browser-kept store as the saved page lists it (our read call `jet_engine_store_posts`). */
export interface StoredPost {
  id: number;
  type: string;
  title: string;
  url: string;
}
