import { z } from 'zod';

/**
 * Every site option the site reads (table `site_option`, JSON text): its stored name, its schema
 * and the value used when it is missing or malformed. One list, read by one reader
 * (options.server.ts) and written by the seed.
 */

/** The filter URL types (spec 001 §9): plain query parameters, or permalink segments. */
export const FILTER_URL_TYPES = ['plain', 'permalink'] as const;

const siteInfo = z.object({
  title: z.string(),
  tagline: z.string().default(''),
  description: z.string().default(''),
  address: z.string().default(''),
  phone: z.string().default(''),
  email: z.string().default(''),
  language: z.string().default('id'),
});
export type SiteInfo = z.infer<typeof siteInfo>;

export const SITE_OPTIONS = {
  site: { name: 'site', schema: siteInfo, fallback: siteInfo.parse({ title: 'SMP Tunas Bangsa' }) },
  /** The page shown at `/` (null: the latest news). */
  pageOnFront: { name: 'page_on_front', schema: z.number().int().positive().nullable(), fallback: null },
  postsPerPage: { name: 'posts_per_page', schema: z.number().int().min(1).max(100), fallback: 10 },
  filtersUrlType: { name: 'filters_url_type', schema: z.enum(FILTER_URL_TYPES), fallback: 'plain' },
  /** Whether reviews and comments need the captcha (REVIEWS_CAPTCHA overrides it). */
  reviewsCaptcha: { name: 'reviews_captcha', schema: z.boolean(), fallback: false },
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
