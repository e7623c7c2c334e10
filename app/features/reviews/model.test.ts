import { describe, expect, test } from 'vitest';
import { humanDiff } from './human-diff';
import {
  barWidth,
  GUEST_ID_PATTERN,
  isCommentFormValid,
  isReviewFormValid,
  isValidEmail,
  isValidRatingValue,
  LIMITS,
  nextApproval,
  ratingClass,
  ratingPercent,
  replyParentId,
} from './model';

describe('isValidEmail (spec 000 §5)', () => {
  test.each([
    'siswa@smptunasbangsa.sch.id',
    'a.b-c+tag@example.co',
    'wali@[192.168.1.10]',
    'guru@[10.0.0.1]',
    '"nama dengan spasi"@example.com',
  ])('accepts %s', (mail) => expect(isValidEmail(mail)).toBe(true));

  test.each([
    '',
    'plain',
    'no-at.example.com',
    'a@b',
    'a@b.c',
    'a@example.c0',
    'a@@example.com',
    'a b@example.com',
    'a@[192.168.1]',
    'a@[192.168.1.1000]',
    'a@192.168.1.10',
    '.a@example.com',
    'a.@example.com',
    'a..b@example.com',
    '<script>@example.com',
  ])('refuses %j', (mail) => expect(isValidEmail(mail)).toBe(false));

  test('refuses an address longer than the limit', () => {
    const long = `${'a'.repeat(LIMITS.mail)}@example.com`;
    expect(isValidEmail(long)).toBe(false);
  });
});

describe('ratingClass (spec 000 §5)', () => {
  test.each([
    [100, 'very-high'],
    [80, 'very-high'],
    [79, 'high'],
    [60, 'high'],
    [59, 'medium'],
    [40, 'medium'],
    [39, 'low'],
    [22, 'low'],
    [21, 'very-low'],
    [0, 'very-low'],
  ])('%d%% → %s', (percent, cls) => expect(ratingClass(percent)).toBe(cls));
});

describe('barWidth', () => {
  test.each([
    [0, 10],
    [5, 10],
    [10, 10],
    [11, 11],
    [73, 73],
    [100, 100],
    [130, 100],
  ])('%d%% is drawn %d%% wide', (percent, width) => expect(barWidth(percent)).toBe(width));
});

describe('replyParentId (spec 000 §4)', () => {
  test('a reply to a top-level comment hangs under that comment', () => {
    expect(replyParentId({ id: 7, parent_id: 0 }, 0)).toBe(7);
  });
  test('a reply to a reply hangs under the reply’s parent', () => {
    expect(replyParentId({ id: 9, parent_id: 7 }, 1)).toBe(7);
    expect(replyParentId({ id: 12, parent_id: 7 }, 2)).toBe(7);
  });
});

describe('ratingPercent (original-wire.md §4)', () => {
  const f = (field_value: number, field_max = 5) => ({ field_value, field_max });
  test.each([
    [[f(5)], 100],
    [[f(1)], 20],
    [[f(4), f(5), f(3)], 80],
    [[f(4), f(5), f(5)], 93],
    [[f(1), f(2)], 30],
    [[f(7, 10), f(3)], 65],
    [[f(1, 3)], 33],
    [[f(2, 3)], 67],
    [[], 0],
  ])('%j → %d', (fields, percent) => expect(ratingPercent(fields)).toBe(percent));
});

describe('isValidRatingValue', () => {
  // The default review type's field (spec 000 §9): Rating, step 1, max 5.
  const stars = { step: 1, max: 5 };
  test.each([1, 2, 3, 4, 5])('%d of 5 stars is allowed', (v) => expect(isValidRatingValue(v, stars)).toBe(true));
  test.each([0, -1, 5.5, 6, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('%d of 5 stars is refused', (v) =>
    expect(isValidRatingValue(v, stars)).toBe(false),
  );
  test('half steps', () => {
    const half = { step: 0.5, max: 5 };
    expect(isValidRatingValue(0.5, half)).toBe(true);
    expect(isValidRatingValue(2.5, half)).toBe(true);
    expect(isValidRatingValue(2.25, half)).toBe(false);
    expect(isValidRatingValue(0, half)).toBe(false);
  });
  test('a step of 0.1 tolerates floating point', () => {
    expect(isValidRatingValue(0.3, { step: 0.1, max: 1 })).toBe(true);
    expect(isValidRatingValue(1.1, { step: 0.1, max: 1 })).toBe(false);
  });
});

describe('nextApproval: the like/dislike state machine (original-wire.md §4)', () => {
  const none = { like: false, dislike: false };
  const liked = { like: true, dislike: false };
  const disliked = { like: false, dislike: true };
  test.each([
    [none, 'like', liked],
    [none, 'dislike', disliked],
    [liked, 'like', none],
    [liked, 'dislike', disliked],
    [disliked, 'dislike', none],
    [disliked, 'like', liked],
  ] as const)('%j + %s → %j', (current, type, next) => expect(nextApproval(current, type)).toEqual(next));

  test('never both', () => {
    for (const current of [none, liked, disliked]) {
      for (const type of ['like', 'dislike'] as const) {
        const next = nextApproval(current, type);
        expect(next.like && next.dislike).toBe(false);
      }
    }
  });
});

describe('form validity (spec 000 §5)', () => {
  const review = { title: 'Bagus', content: 'Isi', guest: false, name: '', mail: '' };
  test('a user needs a title and content', () => {
    expect(isReviewFormValid(review)).toBe(true);
    expect(isReviewFormValid({ ...review, title: '  ' })).toBe(false);
    expect(isReviewFormValid({ ...review, content: '' })).toBe(false);
  });
  test('a guest also needs a name and a valid e-mail', () => {
    const guest = { ...review, guest: true, name: 'Ayu', mail: 'ayu@example.com' };
    expect(isReviewFormValid(guest)).toBe(true);
    expect(isReviewFormValid({ ...guest, name: ' ' })).toBe(false);
    expect(isReviewFormValid({ ...guest, mail: 'ayu@example' })).toBe(false);
    expect(isCommentFormValid({ content: 'Setuju', guest: true, name: 'Ayu', mail: 'ayu@example.com' })).toBe(true);
    expect(isCommentFormValid({ content: 'Setuju', guest: true, name: 'Ayu', mail: 'x' })).toBe(false);
    expect(isCommentFormValid({ content: ' ', guest: false, name: '', mail: '' })).toBe(false);
  });
});

describe('GUEST_ID_PATTERN', () => {
  test.each(['guest_abc123', 'guest_9f8e7d6c5b'])('accepts %s', (id) => expect(GUEST_ID_PATTERN.test(id)).toBe(true));
  test.each(['guest_', 'guest_abc', 'user:1', 'guest_abc-123', 'GUEST_abcdef', `guest_${'a'.repeat(41)}`])(
    'refuses %s',
    (id) => expect(GUEST_ID_PATTERN.test(id)).toBe(false),
  );
});

describe('humanDiff', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  test.each([
    [ago(10_000), 'baru saja'],
    [ago(5 * 60_000), '5 menit yang lalu'],
    [ago(3 * 3_600_000), '3 jam yang lalu'],
    [ago(3 * 86_400_000), '3 hari yang lalu'],
    [ago(15 * 86_400_000), '2 minggu yang lalu'],
    [ago(65 * 86_400_000), '2 bulan yang lalu'],
    [ago(800 * 86_400_000), '2 tahun yang lalu'],
    [new Date(now + 60_000).toISOString(), 'baru saja'],
  ])('%s → %s', (iso, text) => expect(humanDiff(iso, now)).toBe(text));
});
