import { expect, test } from 'vitest';
import { forAnyTextAndSearch } from './live-search.fixtures';
import {
  bounded,
  cutText,
  firstWords,
  LIVE_SEARCH,
  matchedRuns,
  perSlideFor,
  SEARCHABLE_TYPES,
  searchTextOf,
  slidesOf,
  typesToSearch,
} from './model';

test('search text: trimmed, none under 2 characters, cut to 200 whole characters', () => {
  expect(searchTextOf('')).toBeNull();
  expect(searchTextOf('  a  ')).toBeNull();
  expect(searchTextOf('😀')).toBeNull();
  expect(searchTextOf(' ab ')).toBe('ab');
  expect(searchTextOf('😀😀')).toBe('😀😀');
  const long = `${'😀'.repeat(150)}${'x'.repeat(150)}`;
  const cut = searchTextOf(long) as string;
  expect([...cut]).toHaveLength(LIVE_SEARCH.maxChars);
  // Never half a surrogate pair.
  expect(cut.endsWith('x')).toBe(true);
  expect(searchTextOf(`${'a'.repeat(199)}   bcd`)).toBe('a'.repeat(199));
});

test('counts from the request: between 1 and the cap, the default when unset', () => {
  expect(bounded(undefined, 25, 50)).toBe(25);
  expect(bounded(0, 25, 50)).toBe(1);
  expect(bounded(-3, 25, 50)).toBe(1);
  expect(bounded(100_000, 25, 50)).toBe(50);
  expect(bounded(7, 25, 50)).toBe(7);
});

test.each([
  ['desktop', { desktop: 4, tablet: 3, mobile: 2 }, 4],
  ['tablet', { desktop: 4, tablet: 3, mobile: 2 }, 3],
  ['mobile', { desktop: 4, tablet: 3, mobile: 2 }, 2],
  ['mobile', { desktop: 4, tablet: 3 }, 3],
  ['mobile', { desktop: 4 }, 4],
  ['tablet', { desktop: 4, mobile: 1 }, 4],
  ['widescreen', { desktop: 4, tablet: 3, mobile: 2 }, 4],
  [undefined, {}, 5],
  ['desktop', { desktop: 9999 }, 50],
] as const)('per slide on %s with %j → %d (original-wire.md §6 extract_limit_query)', (device, limits, expected) => {
  expect(perSlideFor(device, limits)).toBe(expected);
});

test('post types: only public ones; none named or `any` means all of them', () => {
  expect(typesToSearch(undefined)).toEqual([...SEARCHABLE_TYPES]);
  expect(typesToSearch([''])).toEqual([...SEARCHABLE_TYPES]);
  expect(typesToSearch(['any'])).toEqual([...SEARCHABLE_TYPES]);
  expect(typesToSearch(['galeri', 'post', 'template', 'attachment'])).toEqual(['post', 'galeri']);
  expect(typesToSearch(['template'])).toEqual([]);
});

test('slides: ceil(results / per slide), none without results', () => {
  expect(slidesOf(0, 5)).toBe(0);
  expect(slidesOf(5, 5)).toBe(1);
  expect(slidesOf(6, 5)).toBe(2);
  expect(slidesOf(3, 0)).toBe(3);
});

test('first words, with an ellipsis only when some were left out', () => {
  expect(firstWords('  satu  dua\ntiga empat ', 3)).toBe('satu dua tiga…');
  expect(firstWords('satu dua', 3)).toBe('satu dua');
  expect(firstWords('satu dua', 0)).toBe('');
  expect(cutText('  abcdef  ', 3)).toBe('abc');
});

const marked = (text: string, search: string) =>
  matchedRuns(text, search)
    .filter((r) => r.marked)
    .map((r) => r.text);

test('every search word is marked where the index matches it; the last one as the start of a word', () => {
  expect(marked('Juara OSN Matematika, juara umum', 'juara osn')).toEqual(['Juara', 'OSN', 'juara']);
  // `osn` is not the last word: only whole words; `ma` is: any word that starts with it.
  expect(marked('OSNP Matematika mari', 'osn ma')).toEqual(['Matematika', 'mari']);
  // One letter is a whole word, never a prefix (as the index matches it).
  expect(marked('a ab abc', 'x a')).toEqual(['a']);
  // Diacritics and case are ignored, as FTS5's remove_diacritics does.
  expect(marked('Café CAFE cafe', 'cafe')).toEqual(['Café', 'CAFE', 'cafe']);
  // Punctuation in the search text is not a word; RegExp syntax means nothing.
  expect(marked('a.b (c+d) [x]', '.*+ ( [')).toEqual([]);
  expect(matchedRuns('', 'juara')).toEqual([]);
  expect(matchedRuns('teks', '')).toEqual([{ text: 'teks', marked: false }]);
});

test('the runs always join back to the text', () =>
  forAnyTextAndSearch((text, search) => {
    const runs = matchedRuns(text, search);
    expect(runs.map((r) => r.text).join('')).toBe(text);
    for (const r of runs) expect(r.text).not.toBe('');
  }));
