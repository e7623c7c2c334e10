import { describe, expect, test } from 'vitest';
import {
  addToList,
  clickIntent,
  GUEST_LIFETIME_DAYS,
  guestExpiryCutoff,
  guestSeenIsStale,
  isGuestOwner,
  parseStoredIds,
  postCountFragments,
  postCountSelector,
  postIdOf,
  removeFromList,
  STORES,
  storeActionName,
  storeBySlug,
} from './model';

describe('store lists (spec 000 §5)', () => {
  test('adding keeps the order and refuses a full store without changing it', () => {
    expect(addToList([3, 1], 7, 3)).toEqual({ ok: true, ids: [3, 1, 7], added: true });
    expect(addToList([3, 1, 7], 9, 3)).toEqual({ ok: false, ids: [3, 1, 7] });
    // Already there: nothing changes, even when full.
    expect(addToList([3, 1, 7], 1, 3)).toEqual({ ok: true, ids: [3, 1, 7], added: false });
    // Size 0: no limit.
    expect(addToList([1, 2, 3, 4], 5, 0).ok).toBe(true);
  });

  test('removing what is not there changes nothing', () => {
    expect(removeFromList([3, 1, 7], 1)).toEqual([3, 7]);
    expect(removeFromList([3, 7], 1)).toEqual([3, 7]);
  });

  test.each([
    ['12,7,30', [12, 7, 30]],
    ['12,,x,7,12,-1, 30 ', [12, 7, 30]],
    ['', []],
    [null, []],
    ['0,1e3,99999999999', []],
  ])('stored front value %j → %j', (value, ids) => expect(parseStoredIds(value)).toEqual(ids));

  test.each([
    [12, 12],
    ['12', 12],
    [' 5 ', 5],
    ['0', null],
    ['-2', null],
    ['1.5', null],
    ['abc', null],
    [undefined, null],
    [['1'], null],
  ])('post id %j → %j', (value, id) => expect(postIdOf(value)).toBe(id));
});

describe('store button clicks (spec 000 §4)', () => {
  const toggle = { action_after_added: 'remove_from_store', added_url: '/simpanan/' } as const;
  const link = { action_after_added: 'switch_status', added_url: '/bandingkan/' } as const;
  test('not in the store: add', () => {
    expect(clickIntent(toggle, false)).toBe('add');
    expect(clickIntent(link, false)).toBe('add');
  });
  test('in the store: remove_from_store toggles; otherwise the popup, else the added link, else remove', () => {
    expect(clickIntent(toggle, true)).toBe('remove');
    expect(clickIntent({ ...link, popup: '12' }, true)).toBe('popup');
    expect(clickIntent(link, true)).toBe('follow');
    expect(clickIntent({ action_after_added: 'hide', added_url: '' }, true)).toBe('remove');
  });
});

test('stores: unique slugs, actions named as the original names them', () => {
  expect(new Set(STORES.map((s) => s.slug)).size).toBe(STORES.length);
  expect(storeActionName('add', 'favorit')).toBe('jet_engine_add_to_store_favorit');
  expect(storeActionName('remove', 'favorit')).toBe('jet_engine_remove_from_store_favorit');
  expect(storeBySlug('favorit')?.type).toBe('user-meta');
  expect(storeBySlug('nope')).toBeUndefined();
  expect(storeBySlug(3)).toBeUndefined();
});

describe('post counts in the answer (original-wire.md §3.3)', () => {
  test("the original's selector, values quoted, usable by querySelector", () => {
    expect(postCountSelector('favorit', 12)).toBe('.jet-engine-data-post-count[data-store="favorit"][data-post="12"]');
    expect(postCountFragments('banding', 7, 3)).toEqual({
      '.jet-engine-data-post-count[data-store="banding"][data-post="7"]': 3,
    });
  });
});

describe('guest retention', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

  test('a guest is kept as long as the cookie lives from the last visit', () => {
    expect(GUEST_LIFETIME_DAYS).toBe(365);
    expect(guestExpiryCutoff(now)).toBe(daysAgo(365));
    expect(daysAgo(364) < guestExpiryCutoff(now)).toBe(false);
    expect(daysAgo(365) < guestExpiryCutoff(now)).toBe(false);
    expect(daysAgo(365.01) < guestExpiryCutoff(now)).toBe(true);
    expect(daysAgo(800) < guestExpiryCutoff(now)).toBe(true);
  });

  test.each([
    [0, false],
    [0.5, false],
    [0.99, false],
    [1, true],
    [30, true],
  ])('seen %d days ago: recorded again %s', (days, stale) => expect(guestSeenIsStale(daysAgo(days), now)).toBe(stale));

  test('an unreadable last-seen time is recorded again', () => {
    expect(guestSeenIsStale('', now)).toBe(true);
    expect(guestSeenIsStale('nonsense', now)).toBe(true);
  });

  test('guest owners are the cookie ids, accounts are not', () => {
    expect(isGuestOwner('guest_0123456789abcdef01234567')).toBe(true);
    expect(isGuestOwner('user:4')).toBe(false);
  });
});
