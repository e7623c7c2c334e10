import { z } from 'zod';
import {
  FILTER_URL_TYPES,
  isHttpsUrl,
  RESULTS_POSITIONS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from './options-vocabulary';

/**
 * Every site option the site reads (table `site_option`, JSON text): its stored name, its schema
 * and the value used when it is missing or malformed. One list, read by one reader
 * (options.server.ts) and written by the seed.
 */

// Read leniently, link by link: one bad stored link is dropped, not the school's name with it.
const socialLinks = z
  .object(
    Object.fromEntries(
      SOCIAL_NETWORKS.map((n) => [n, z.string().refine(isHttpsUrl).optional().catch(undefined)]),
    ) as Record<SocialNetwork, z.ZodCatch<z.ZodOptional<z.ZodString>>>,
  )
  .catch({});

const siteInfo = z.object({
  title: z.string(),
  tagline: z.string().default(''),
  description: z.string().default(''),
  address: z.string().default(''),
  phone: z.string().default(''),
  email: z.string().default(''),
  language: z.string().default('id'),
  /** The footer's social links (content/site.yaml `social`); a network without one is left out. */
  social: socialLinks.default({}),
});
export type SiteInfo = z.infer<typeof siteInfo>;

/**
 * The header's live search (issue 12; spec 000 §4 "Search"): Enter with no result chosen goes to `/?s=`
 * (`submitOnEnter`), only items of these categories (`category__in`), and the header field's results
 * area: the field's width (`resultsWidth` null, `fields_holder`) or a custom width in px and position.
 */
export const headerSearchSettings = z.object({
  submitOnEnter: z.boolean().default(true),
  categories: z.array(z.number().int().positive()).max(50).default([]),
  resultsWidth: z.number().int().min(200).max(1200).nullable().default(420),
  resultsPosition: z.enum(RESULTS_POSITIONS).default('right'),
});
export type HeaderSearchSettings = z.infer<typeof headerSearchSettings>;

export const SITE_OPTIONS = {
  site: { name: 'site', schema: siteInfo, fallback: siteInfo.parse({ title: 'SMP Tunas Bangsa' }) },
  /** The page shown at `/` (null: the latest news). */
  pageOnFront: { name: 'page_on_front', schema: z.number().int().positive().nullable(), fallback: null },
  postsPerPage: { name: 'posts_per_page', schema: z.number().int().min(1).max(100), fallback: 10 },
  filtersUrlType: { name: 'filters_url_type', schema: z.enum(FILTER_URL_TYPES), fallback: 'plain' },
  /** Whether reviews and comments need the captcha (REVIEWS_CAPTCHA overrides it). */
  reviewsCaptcha: { name: 'reviews_captcha', schema: z.boolean(), fallback: false },
  /** The school's logo in the footer: a media id (null: none). */
  logo: { name: 'site_logo', schema: z.number().int().positive().nullable(), fallback: null },
  /**
   * Whether visitors' pages are kept in the page cache (when PAGE_CACHE lets the server keep them);
   * every process reads it again after each change by staff (server/app.ts), never per request.
   */
  pageCache: { name: 'page_cache', schema: z.boolean(), fallback: true },
  headerSearch: { name: 'header_search', schema: headerSearchSettings, fallback: headerSearchSettings.parse({}) },
  /**
   * Whether every staff role must sign in with a second factor (issue 25): a staff user without one is
   * sent to set it up and can do nothing else in the staff area until it is done. Read fresh on every
   * staff request (features/accounts/second-factor.server.ts), never remembered.
   */
  staffSecondFactor: { name: 'staff_second_factor', schema: z.boolean(), fallback: false },
} as const;

type Options = typeof SITE_OPTIONS;
export type SiteOptions = { [K in keyof Options]: z.infer<Options[K]['schema']> };

/** The options from their stored JSON texts by name: each one parsed, or its fallback. */
export function parseSiteOptions(stored: ReadonlyMap<string, string>): SiteOptions {
  const out: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(SITE_OPTIONS)) {
    const text = stored.get(option.name);
    let value: unknown;
    try {
      value = text === undefined ? undefined : JSON.parse(text);
    } catch {
      value = undefined;
    }
    const parsed = option.schema.safeParse(value);
    out[key] = parsed.success ? parsed.data : option.fallback;
  }
  return out as SiteOptions;
}
