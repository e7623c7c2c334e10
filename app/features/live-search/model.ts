import { isPrefixTerm, searchTerms } from '~/content/search';

/** The live search's constants (spec 000 §4, §5, §9; original-wire.md §6), for the browser and the server. */
export const LIVE_SEARCH = {
  /** The client waits this long after the last keystroke before it asks. */
  debounceMs: 450,
  /** Fewer characters (after trimming) show no panel, and the server answers an empty result. */
  minChars: 2,
  /** Longer text is cut to this many characters before it is searched (a pasted paragraph still searches). */
  maxChars: 200,
  /** Longer `data[value]` is refused (400): no one types it, and no one should make the server read it. */
  maxRequestChars: 1000,
  /** The most results one answer holds (`limit_query_in_result_area`), and the default when none is sent. */
  maxResults: 50,
  defaultResults: 25,
  /** Items per slide of the results panel (`limit_query`) when none is sent, as the original. */
  defaultPerSlide: 5,
  /** The most words of content per result (`post_content_length`). */
  maxContentWords: 100,
  /** Messages and labels the request carries are cut to this length. */
  maxMessageChars: 200,
} as const;

/** Post types the live search may look in (`search_source`): every public type, never templates. */
export const SEARCHABLE_TYPES = ['post', 'page', 'e-landing-page', 'galeri', 'ekskul'] as const;

/** Taxonomies a `category__in` filter may name (`search_taxonomy`, `category` by default). */
export const SEARCH_TAXONOMIES = ['category', 'post_tag', 'kategori-galeri', 'bidang-ekskul', 'tingkat'] as const;
export type SearchTaxonomy = (typeof SEARCH_TAXONOMIES)[number];

/** The messages used when the widget's settings carry none (the site is in Indonesian). */
export const DEFAULT_MESSAGES = {
  negativeSearch: 'Maaf, tidak ada hasil yang cocok dengan pencarian Anda.',
  serverError: 'Maaf, pencarian belum dapat diproses. Silakan coba lagi nanti.',
} as const;

/** Where a navigation control of the results panel goes (`bullet_pagination`, `number_pagination`, `navigation_arrows`). */
export type NavigationPlace = 'in_header' | 'in_footer' | 'both' | null;

/** The extra fields shown before or after a result's title or content (`title_related_meta`, `content_related_meta`). */
export interface MetaFields {
  position: 'before' | 'after';
  fields: Array<{ key: string; label: string; format: string }>;
}

/** The widget's settings as the server uses them: read from the request's `data[…]`, already bounded. */
export interface LiveSearchSettings {
  /** The visitor's text, as sent. */
  value: string;
  /** Items per slide (`limit_query`), for the device the client says it is. */
  perSlide: number;
  /** Results in the answer (`limit_query_in_result_area`). */
  results: number;
  /** Post types to search, each in SEARCHABLE_TYPES (empty: none of the requested types may be searched). */
  types: string[];
  /** A term filter: item ids must carry one of `ids` in `taxonomy` (or a term below one). */
  terms: { taxonomy: SearchTaxonomy; ids: number[] } | null;
  /** Every word next to each other, in order (`sentence`). */
  phrase: boolean;
  /** The result's text: which field, how many words (0: none), and the meta key for `custom-field`. */
  content: { source: 'content' | 'excerpt' | 'custom-field'; words: number; metaKey: string | null };
  thumbnail: boolean;
  titleFields: MetaFields | null;
  contentFields: MetaFields | null;
  newTab: boolean;
  highlight: boolean;
  messages: { negativeSearch: string; serverError: string };
  navigation: { bullets: NavigationPlace; numbers: NavigationPlace; arrows: NavigationPlace };
}

/** One result, each field as the original's answer carries it: HTML, built from escaped text. */
export interface LiveSearchItem {
  title: string;
  beforeTitle: string;
  afterTitle: string;
  content: string;
  beforeContent: string;
  afterContent: string;
  thumbnail: string;
  link: string;
  newTab: boolean;
  price: string;
  rating: string;
}

/**
 * What one search found: `short` (under minChars: nothing asked), `none` (no match), `found`, or
 * `failed` (the query failed; the message is the widget's server error).
 */
export interface LiveSearchResult {
  state: 'short' | 'none' | 'found' | 'failed';
  /** HTML-escaped text for the panel's message (empty when something was found). */
  message: string;
  items: LiveSearchItem[];
  perSlide: number;
  /** Slides of `perSlide` items: ceil(items / perSlide). */
  slides: number;
  /** The navigation controls' HTML above and below the results (empty without navigation). */
  navigation: { header: string; footer: string };
}

/**
 * The text to search for: trimmed and cut to LIVE_SEARCH.maxChars (whole characters, never half a
 * surrogate pair); null under LIVE_SEARCH.minChars (spec §5: search runs only with 2 or more).
 */
export function searchTextOf(value: string): string | null {
  const chars = [...value.trim()];
  if (chars.length < LIVE_SEARCH.minChars) return null;
  return chars.slice(0, LIVE_SEARCH.maxChars).join('').trim();
}

/** A count from the request held between 1 and `max`; `fallback` when none was sent. */
export function bounded(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(1, Math.trunc(value)));
}

/**
 * Items per slide for the device the client reports (original-wire.md §6 `extract_limit_query`):
 * tablets fall back to the desktop value, phones to the tablet value.
 */
export function perSlideFor(
  deviceMode: string | undefined,
  limits: { desktop?: number; tablet?: number; mobile?: number },
): number {
  const desktop = limits.desktop || LIVE_SEARCH.defaultPerSlide;
  const tablet = limits.tablet || desktop;
  const chosen = deviceMode === 'mobile' ? limits.mobile || tablet : deviceMode === 'tablet' ? tablet : desktop;
  return bounded(chosen, LIVE_SEARCH.defaultPerSlide, LIVE_SEARCH.maxResults);
}

/** The post types a request may search: the public ones it names (`any` or none named: all of them). */
export function typesToSearch(requested: readonly string[] | undefined): string[] {
  const named = (requested ?? []).filter((t) => t !== '');
  if (named.length === 0 || named.includes('any')) return [...SEARCHABLE_TYPES];
  return SEARCHABLE_TYPES.filter((t) => named.includes(t));
}

/** Slides of the results panel: ceil(count / perSlide), 0 for no results (original-wire.md §6 `columns`). */
export function slidesOf(count: number, perSlide: number): number {
  return count === 0 ? 0 : Math.ceil(count / Math.max(1, perSlide));
}

/** Text cut to a length in whole characters, trimmed. */
export function cutText(text: string, max: number): string {
  return [...text.trim()].slice(0, max).join('').trim();
}

/** The first `words` words of plain text, with `…` when some were left out (WordPress's wp_trim_words). */
export function firstWords(text: string, words: number): string {
  if (words <= 0) return '';
  const all = text.trim().split(/\s+/u).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}

/** A run of text and whether it is a matched word. */
export interface TextRun {
  text: string;
  marked: boolean;
}

// Words as the full-text index sees them: letters and digits (and the marks that decorate letters).
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const NON_ASCII = /\P{ASCII}/u;
/** Lower case without diacritics, as FTS5's `remove_diacritics` compares (ASCII has none to remove). */
const fold = (s: string) => (NON_ASCII.test(s) ? s.normalize('NFD').replace(/\p{M}/gu, '') : s).toLowerCase();

/**
 * Splits text into runs, marking each word that the search text matched: a whole search word, or the
 * start of a word for the last search word (the one being typed), as the index matches them. The
 * runs join back to the text unchanged; escaping and the `<mark>` wrapper are the HTML's business.
 */
export function matchedRuns(text: string, searchText: string): TextRun[] {
  const terms = searchTerms(searchText).map(fold);
  if (terms.length === 0 || text === '') return text === '' ? [] : [{ text, marked: false }];
  const matches = (word: string) => {
    const w = fold(word);
    return terms.some((t, i) => w === t || (isPrefixTerm(terms, i) && w.startsWith(t)));
  };
  // Words are apart (a gap of other characters between any two), so each marked word is a run of
  // its own and everything between two marked words is one unmarked run.
  const runs: TextRun[] = [];
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    if (!matches(m[0])) continue;
    if (m.index > at) runs.push({ text: text.slice(at, m.index), marked: false });
    runs.push({ text: m[0], marked: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), marked: false });
  return runs;
}
