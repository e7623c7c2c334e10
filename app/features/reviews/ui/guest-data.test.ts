import { describe, expect, test } from 'vitest';
import { GUEST_ID_PATTERN, GUEST_STORAGE_KEY } from '../model';
import {
  type GuestStorage,
  guestIdentity,
  guestIdOf,
  hasReviewed,
  markReviewed,
  newGuestId,
  ratedReviews,
  readGuest,
  rememberIdentity,
  rememberRating,
} from './guest-data';

/** A local storage stand-in. */
function memoryStorage(initial: Record<string, string> = {}): GuestStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
  };
}

describe('guest id', () => {
  test('is guest_ and 16 letters or digits, and differs each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newGuestId()));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(/^guest_[A-Za-z0-9]{16}$/);
      expect(id).toMatch(GUEST_ID_PATTERN);
    }
  });

  test('bytes past the last whole alphabet are skipped, so every letter is equally likely', () => {
    let calls = 0;
    // 255 is rejected every time; then 0 ('a') and 61 ('9').
    const random = (b: Uint8Array) => {
      calls++;
      return b.fill(calls === 1 ? 255 : calls % 2 ? 61 : 0);
    };
    const id = newGuestId(random);
    expect(id).toMatch(/^guest_[a9]{16}$/);
  });

  test('is made once and kept under jetReviewsData', () => {
    const storage = memoryStorage();
    const first = guestIdOf(storage);
    expect(guestIdOf(storage)).toBe(first);
    expect(JSON.parse(storage.data.get(GUEST_STORAGE_KEY)!)).toEqual({ guestId: first });
  });

  test('a stored id of the wrong shape is replaced; other stored data stays', () => {
    const storage = memoryStorage({ [GUEST_STORAGE_KEY]: JSON.stringify({ guestId: 'admin', guestName: 'Sari' }) });
    const id = guestIdOf(storage, () => 'guest_abcdef123');
    expect(id).toBe('guest_abcdef123');
    expect(readGuest(storage)).toEqual({ guestId: 'guest_abcdef123', guestName: 'Sari' });
  });
});

describe('guest data', () => {
  test('name and e-mail are remembered for the next form', () => {
    const storage = memoryStorage();
    expect(guestIdentity(storage)).toEqual({ name: '', mail: '' });
    rememberIdentity(storage, 'Sari', 'sari@example.com');
    expect(guestIdentity(storage)).toEqual({ name: 'Sari', mail: 'sari@example.com' });
  });

  test('reviewed items are kept per source under the original key', () => {
    const storage = memoryStorage();
    expect(hasReviewed(storage, 'post', 12)).toBe(false);
    markReviewed(storage, 'post', 12);
    markReviewed(storage, 'post', 12);
    markReviewed(storage, 'post', 30);
    expect(hasReviewed(storage, 'post', 12)).toBe(true);
    expect(hasReviewed(storage, 'post', 13)).toBe(false);
    expect(hasReviewed(storage, 'product', 12)).toBe(false);
    expect(readGuest(storage).reviewedPostItems).toEqual([12, 30]);
  });

  test('like states are kept per review and replaced on change', () => {
    const storage = memoryStorage();
    rememberRating(storage, 'post', 7, { like: true, dislike: false });
    rememberRating(storage, 'post', 9, { like: false, dislike: true });
    rememberRating(storage, 'post', 7, { like: false, dislike: false });
    expect(ratedReviews(storage, 'post')).toEqual({
      7: { like: false, dislike: false },
      9: { like: false, dislike: true },
    });
    expect(Object.keys(readGuest(storage))).toEqual(['ratedPostItems']);
  });

  test('unreadable or foreign data reads as empty, and a refusing storage is no error', () => {
    expect(readGuest(memoryStorage({ [GUEST_STORAGE_KEY]: '{not json' }))).toEqual({});
    expect(readGuest(memoryStorage({ [GUEST_STORAGE_KEY]: '[1,2]' }))).toEqual({});
    const junk = memoryStorage({
      [GUEST_STORAGE_KEY]: JSON.stringify({ ratedPostItems: { 3: 'yes', 4: { like: true, dislike: false } } }),
    });
    expect(ratedReviews(junk, 'post')).toEqual({ 4: { like: true, dislike: false } });
    const refusing: GuestStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => markReviewed(refusing, 'post', 1)).not.toThrow();
    expect(hasReviewed(refusing, 'post', 1)).toBe(false);
    expect(guestIdOf(null)).toMatch(GUEST_ID_PATTERN);
  });
});
