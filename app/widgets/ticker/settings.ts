import { z } from 'zod';

/**
 * The news ticker (spec 001 §3 "Ticker: typing flag and slider attributes", §4 "typing animation per
 * slide"): the latest news titles, one slide each, typed out; the slider moves on after each.
 */
export const tickerSettings = z.object({
  /** The label before the titles, and the ticker's name for screen readers. */
  title: z.string().min(1).max(60).default('Berita Terkini'),
  /** How many of the latest news items it shows. */
  postsCount: z.number().int().min(1).max(20).default(5),
  /** Only the news of this category (its slug); every category when left out. */
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,200}$/)
    .optional(),
  /** The typing animation (spec 001 §3 "typing flag"). */
  typing: z.boolean().default(true),
  /** Moves to the next title by itself. */
  autoplay: z.boolean().default(true),
  /** How long a typed title stays before the next one (ms); spec 000 §9 "Carousel": autoplay 5000 ms. */
  autoplaySpeed: z.number().int().min(1000).max(20_000).default(5000),
  /** The slide speed (ms); spec 000 §9 "Carousel": 500 ms. */
  speed: z.number().int().min(100).max(2000).default(500),
  /** Previous and next buttons. */
  arrows: z.boolean().default(true),
  /** Each title's date after it. */
  showDate: z.boolean().default(false),
});

export type TickerSettings = z.output<typeof tickerSettings>;
