import { z } from 'zod';
import { defineAction, defineRestRoute, type WireContext, wireBool, wireInt } from '~/wire/registry.server';
import { liveSearch } from './live-search.server';
import {
  bounded,
  cutText,
  DEFAULT_MESSAGES,
  LIVE_SEARCH,
  type LiveSearchResult,
  type LiveSearchSettings,
  type MetaFields,
  type NavigationPlace,
  perSlideFor,
  SEARCH_TAXONOMIES,
  typesToSearch,
} from './model';

/**
 * Call 2 (spec 000 §7; original-wire.md §6): JetSearch's live search, as the school-era client asks
 * it (`GET admin-ajax.php?action=jet_ajax_search&nonce=…&data[…]`) and as 3.x does
 * (`GET /wp-json/jet-search/v1/search-posts?data[…]`). The widget's settings travel in `data[…]` and
 * are read here, bounded; the answer's field names live only in `output` below.
 *
 * A read: no nonce is needed (README, Departures), so a cached page with a day-old nonce still
 * searches. The nonce the original sends is accepted and ignored.
 */

/** A count the widget may send as a number, a numeric string or `''` (unset). */
const count = z
  .union([wireInt, z.literal('')])
  .optional()
  .transform((v) => (v === '' ? undefined : v));
/** A text setting of the widget (a message, a label, a format). */
const settingText = z.string().max(LIVE_SEARCH.maxRequestChars);
/** One value or a list of them, as jQuery sends `x=a` or `x[]=a&x[]=b`. */
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item).max(50)])
    .optional()
    .transform((v): Array<z.infer<T>> => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
/** An Elementor repeater: a list, or an object keyed by index when some rows are missing. */
const repeater = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item).max(20), z.record(z.string().regex(/^\d{1,2}$/), item)])
    .optional()
    .transform((v): Array<z.infer<T>> => (v === undefined ? [] : Array.isArray(v) ? v : Object.values(v)));
const place = z
  .enum(['in_header', 'in_footer', 'both', ''])
  .optional()
  .transform((v): NavigationPlace => (v ? v : null));
const metaField = z
  .object({
    meta_key: z.string().max(100).optional(),
    meta_label: settingText.optional(),
    meta_format: settingText.optional(),
  })
  .loose();
/** Meta keys a result may show: public ones (WordPress hides keys that start with `_`). */
const META_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The `data[…]` the original client sends: the widget's settings plus `value` and `deviceMode`. */
const searchData = z
  .object({
    value: z
      .string()
      .max(LIVE_SEARCH.maxRequestChars, `the search text is longer than ${LIVE_SEARCH.maxRequestChars} characters`),
    deviceMode: z.string().max(40).optional(),
    limit_query: count,
    limit_query_tablet: count,
    limit_query_mobile: count,
    limit_query_in_result_area: count,
    search_source: oneOrMany(z.string().max(40)),
    search_taxonomy: z.enum([...SEARCH_TAXONOMIES, '']).optional(),
    category__in: oneOrMany(z.union([z.literal(''), wireInt])),
    sentence: wireBool.optional(),
    post_content_source: z.enum(['content', 'excerpt', 'custom-field', '']).optional(),
    post_content_custom_field_key: z.string().max(100).optional(),
    post_content_length: count,
    thumbnail_visible: wireBool.optional(),
    show_title_related_meta: wireBool.optional(),
    meta_title_related_position: z.enum(['before', 'after', '']).optional(),
    title_related_meta: repeater(metaField),
    show_content_related_meta: wireBool.optional(),
    meta_content_related_position: z.enum(['before', 'after', '']).optional(),
    content_related_meta: repeater(metaField),
    show_result_new_tab: wireBool.optional(),
    highlight_searched_text: wireBool.optional(),
    negative_search: settingText.optional(),
    server_error: settingText.optional(),
    bullet_pagination: place,
    number_pagination: place,
    navigation_arrows: place,
  })
  .loose();

type SearchData = z.infer<typeof searchData>;

function metaFields(
  show: boolean | undefined,
  position: 'before' | 'after' | '' | undefined,
  rows: SearchData['title_related_meta'],
): MetaFields | null {
  if (!show || !position) return null;
  const fields = rows.flatMap((r) =>
    r.meta_key && META_KEY.test(r.meta_key)
      ? [
          {
            key: r.meta_key,
            label: cutText(r.meta_label ?? '', LIVE_SEARCH.maxMessageChars),
            format: cutText(r.meta_format ?? '%s', LIVE_SEARCH.maxMessageChars),
          },
        ]
      : [],
  );
  return fields.length ? { position, fields } : null;
}

/** The settings the server uses, bounded (original-wire.md §6; caps in LIVE_SEARCH). */
function settingsOf(d: SearchData): LiveSearchSettings {
  const termIds = d.category__in.filter((id): id is number => typeof id === 'number' && id > 0);
  const customKey = d.post_content_custom_field_key ?? '';
  const message = (given: string | undefined, fallback: string) =>
    cutText(given ?? '', LIVE_SEARCH.maxMessageChars) || fallback;
  return {
    value: d.value,
    perSlide: perSlideFor(d.deviceMode, {
      desktop: d.limit_query,
      tablet: d.limit_query_tablet,
      mobile: d.limit_query_mobile,
    }),
    results: bounded(d.limit_query_in_result_area, LIVE_SEARCH.defaultResults, LIVE_SEARCH.maxResults),
    types: typesToSearch(d.search_source),
    terms: termIds.length ? { taxonomy: d.search_taxonomy || 'category', ids: termIds.slice(0, 50) } : null,
    phrase: d.sentence ?? false,
    content: {
      source: d.post_content_source || 'content',
      // The original shows no text when the length is unset or 0.
      words: Math.min(Math.max(0, d.post_content_length ?? 0), LIVE_SEARCH.maxContentWords),
      metaKey: META_KEY.test(customKey) ? customKey : null,
    },
    thumbnail: d.thumbnail_visible ?? false,
    titleFields: metaFields(d.show_title_related_meta, d.meta_title_related_position, d.title_related_meta),
    contentFields: metaFields(d.show_content_related_meta, d.meta_content_related_position, d.content_related_meta),
    newTab: d.show_result_new_tab ?? false,
    highlight: d.highlight_searched_text ?? false,
    messages: {
      negativeSearch: message(d.negative_search, DEFAULT_MESSAGES.negativeSearch),
      serverError: message(d.server_error, DEFAULT_MESSAGES.serverError),
    },
    navigation: { bullets: d.bullet_pagination, numbers: d.number_pagination, arrows: d.navigation_arrows },
  };
}

const input = z.object({ data: searchData.transform(settingsOf) }).loose();

/**
 * The original's answer, `wp_send_json_success` around JetSearch's fields. `search_highlight` is
 * false and `search_value` absent because the words are already marked here, escaped first: the
 * original client would otherwise mark them again with a RegExp built from the raw search text
 * (original-wire.md §10). `posts` is always a list (the original sent `null` with no results).
 */
function output(r: LiveSearchResult) {
  return {
    success: true,
    data: {
      error: r.state === 'failed',
      post_count: r.items.length,
      message: r.message,
      posts: r.items.map((p) => ({
        title: p.title,
        before_title: p.beforeTitle,
        after_title: p.afterTitle,
        content: p.content,
        before_content: p.beforeContent,
        after_content: p.afterContent,
        thumbnail: p.thumbnail,
        link: p.link,
        link_target_attr: p.newTab ? '_blank' : '',
        price: p.price,
        rating: p.rating,
      })),
      columns: r.slides,
      limit_query: r.perSlide,
      search_highlight: false,
      results_navigation: { in_header: r.navigation.header, in_footer: r.navigation.footer },
    },
  };
}

const call = {
  auth: 'anyone' as const,
  nonce: false,
  input,
  handle: (i: z.infer<typeof input>, ctx: WireContext) => liveSearch(ctx.db, ctx.dialect, i.data),
  output,
};

/** Call 2 at admin-ajax (the school-era client sends a GET; a POST is read the same, as admin-ajax reads both). */
export const liveSearchAction = defineAction({ name: 'jet_ajax_search', ...call });

/** Call 2 as JetSearch 3.x asks it: a GET route, as the original's. */
export const liveSearchRoute = defineRestRoute({ path: 'jet-search/v1/search-posts', methods: ['GET'], ...call });
