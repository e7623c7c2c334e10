import { DEFAULT_MESSAGES, type NavigationPlace, searchTextOf } from '../model';

/**
 * The browser side of call 2 (spec 000 §4, §5, §7, §8; original-wire.md §6) as pure rules: the
 * request's address, the device the client says it is, and what the results panel shows for an answer.
 * No zod here: this module travels to the browser.
 */

/** The device the request names (`data[deviceMode]`); the server picks the items per slide by it. */
export type DeviceMode = 'desktop' | 'tablet' | 'mobile';

/** The device of a window this wide: the builder's breakpoints (spec §9: mobile 767, tablet 1024). */
export function deviceModeOf(width: number): DeviceMode {
  return width < 768 ? 'mobile' : width < 1025 ? 'tablet' : 'desktop';
}

/** The widget's settings sent in `data[…]`, with the original's names (wire.server.ts reads them). */
export interface SearchSettings {
  /** Items per slide on a desktop, a tablet and a phone (`limit_query`, `_tablet`, `_mobile`). */
  limit_query: number;
  limit_query_tablet?: number;
  limit_query_mobile?: number;
  /** Results in one answer (`limit_query_in_result_area`). */
  limit_query_in_result_area: number;
  /** Words of each result's text (0: none). */
  post_content_length: number;
  thumbnail_visible: boolean;
  highlight_searched_text: boolean;
  show_result_new_tab?: boolean;
  /** Only items of these categories (or categories below them); empty or absent: every item. */
  category__in?: number[];
  bullet_pagination?: NavigationPlace;
  number_pagination?: NavigationPlace;
  navigation_arrows?: NavigationPlace;
}

/**
 * The school header's search (README, Departures): 5 results per slide (3 on a phone), 20 in all,
 * 15 words of text, a thumbnail, matched words marked, arrows and bullets under the results.
 */
export const SCHOOL_SEARCH: SearchSettings = {
  limit_query: 5,
  limit_query_tablet: 5,
  limit_query_mobile: 3,
  limit_query_in_result_area: 20,
  post_content_length: 15,
  thumbnail_visible: true,
  highlight_searched_text: true,
  navigation_arrows: 'in_footer',
  bullet_pagination: 'in_footer',
};

/**
 * The GET of call 2 for this text, or null when the text is too short to search (no request, spec §4):
 * `data[…]` in PHP bracket notation as jQuery sends it (lists as `key[]`). The text travels trimmed and
 * cut as the server would cut it, so equal searches ask the same address. (Not ~/wire/client's helpers:
 * sharing that module with this lazy chunk splits it into a file of its own for every page, README.)
 */
export function searchUrl(settings: SearchSettings, text: string, device: DeviceMode): string | null {
  const value = searchTextOf(text);
  if (value === null) return null;
  const query = new URLSearchParams({ action: 'jet_ajax_search' });
  for (const [key, v] of Object.entries({ ...settings, value, deviceMode: device })) {
    if (Array.isArray(v)) for (const item of v) query.append(`data[${key}][]`, String(item));
    else if (v !== undefined && v !== null) query.append(`data[${key}]`, String(v));
  }
  return `/wp-admin/admin-ajax.php?${query}`;
}

/** One result as the answer carries it: every text field is HTML, escaped and marked by the server. */
export interface ResultPost {
  title: string;
  before_title: string;
  after_title: string;
  content: string;
  before_content: string;
  after_content: string;
  thumbnail: string;
  link: string;
  link_target_attr: string;
  price: string;
  rating: string;
}

/** A control of the results' navigation. */
export type NavKind = 'bullets' | 'numbers' | 'arrows';

/**
 * What the results panel shows. `message` is HTML (the server's, escaped; ours has no markup);
 * `error` marks the server_error text (spec §8), shown as an alert.
 */
export type PanelView =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'message'; message: string; error: boolean }
  | { kind: 'results'; slides: ResultPost[][]; navigation: { header: NavKind[]; footer: NavKind[] } };

/** The panel for a failed call (non-2xx, network error, success false, an unreadable answer): spec §8. */
export const FAILED: PanelView = { kind: 'message', message: DEFAULT_MESSAGES.serverError, error: true };

/** `items` in slides of `perSlide` (spec §9: a slide is limit_query items; at least 1 per slide). */
export function slidesOf<T>(items: readonly T[], perSlide: number): T[][] {
  const size = Math.max(1, Math.trunc(perSlide) || 1);
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += size) slides.push(items.slice(i, i + size));
  return slides;
}

const NAV_CLASSES: Array<[NavKind, string]> = [
  ['bullets', 'jet-ajax-search__bullet-button'],
  ['numbers', 'jet-ajax-search__number-button'],
  ['arrows', 'jet-ajax-search__arrow-button'],
];

/**
 * The navigation the answer asks for, above and below the results (`results_navigation` holds the
 * original's HTML; only which controls it names is read, the controls are ours). With more than one
 * slide and no control named, arrows go below: a slide the visitor cannot reach is never hidden.
 */
export function navigationOf(
  nav: { in_header?: unknown; in_footer?: unknown } | undefined,
  slides: number,
): { header: NavKind[]; footer: NavKind[] } {
  if (slides <= 1) return { header: [], footer: [] };
  const kinds = (html: unknown) =>
    typeof html === 'string' ? NAV_CLASSES.filter(([, cls]) => html.includes(cls)).map(([kind]) => kind) : [];
  const header = kinds(nav?.in_header);
  const footer = kinds(nav?.in_footer);
  return header.length + footer.length > 0 ? { header, footer } : { header, footer: ['arrows'] };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A result with every field a string (a field the answer lacks is empty); null without a link. */
function postOf(raw: unknown): ResultPost | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const p = raw as Record<string, unknown>;
  const link = text(p.link);
  if (!link) return null;
  return {
    title: text(p.title),
    before_title: text(p.before_title),
    after_title: text(p.after_title),
    content: text(p.content),
    before_content: text(p.before_content),
    after_content: text(p.after_content),
    thumbnail: text(p.thumbnail),
    link,
    link_target_attr: text(p.link_target_attr),
    price: text(p.price),
    rating: text(p.rating),
  };
}

/**
 * The panel for an answer of call 2 (spec §4, §8; original-wire.md §6): success false or an unreadable
 * answer is the server error; `error` shows the answer's message as an error; no posts shows its message
 * (the widget's negative_search); otherwise the posts in slides of `limit_query` with their navigation.
 */
export function panelOf(answer: unknown): PanelView {
  if (typeof answer !== 'object' || answer === null) return FAILED;
  const { success, data } = answer as { success?: unknown; data?: Record<string, unknown> };
  if (success !== true || typeof data !== 'object' || data === null) return FAILED;
  if (data.error) return { kind: 'message', message: text(data.message) || DEFAULT_MESSAGES.serverError, error: true };
  const posts = (Array.isArray(data.posts) ? data.posts : []).map(postOf).filter((p) => p !== null);
  if (posts.length === 0 || data.post_count === 0) {
    return { kind: 'message', message: text(data.message) || DEFAULT_MESSAGES.negativeSearch, error: false };
  }
  const slides = slidesOf(posts, Number(data.limit_query) || posts.length);
  const navigation = navigationOf(
    data.results_navigation as { in_header?: unknown; in_footer?: unknown },
    slides.length,
  );
  return { kind: 'results', slides, navigation };
}
