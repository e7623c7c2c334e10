import type { MediaView } from '~/content/media';
import { SCHOOL_TIME_ZONE } from '~/lib/school-zone';

/** Post types a listing may query (spec 000 §1: the post query covers post, page and e-landing-page). */
export const LISTABLE_TYPES = ['post', 'page', 'e-landing-page', 'galeri'] as const;

/** A post as lists show it. */
export interface PostSummary {
  id: number;
  type: string;
  slug: string;
  url: string;
  title: string;
  excerpt: string;
  publishedAt: string;
  categories: Array<{ name: string; slug: string }>;
  image: MediaView | null;
}

/** Public address of a post: gallery items and activities live under their listing, everything else at the root. */
export function postUrl(type: string, slug: string): string {
  return type === 'galeri' || type === 'ekskul' ? `/${type}/${slug}/` : `/${slug}/`;
}

const dateFormat = new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: SCHOOL_TIME_ZONE });

/** `2025-08-14T07:00:00.000Z` → `14 Agustus 2025` (the school's time zone). */
export function formatPostDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}

const timeFormat = new Intl.DateTimeFormat('id-ID', { timeStyle: 'short', timeZone: SCHOOL_TIME_ZONE });

/** `2025-08-14T07:05:00.000Z` → `14.05` (the school's time zone). */
export function formatSchoolTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : timeFormat.format(d);
}

/** `2025-08-14T07:05:00.000Z` → `14 Agustus 2025 pukul 14.05`: when something was saved or changed. */
export function formatSchoolDateTime(iso: string): string {
  const date = formatPostDate(iso);
  return date && `${date} pukul ${formatSchoolTime(iso)}`;
}

/** The Ele Custom Skin grid's `data-settings` (original-wire.md §8). */
export interface EcsSettings {
  current_page: number;
  max_num_pages: number;
  load_method: 'loadmore' | 'lazyload';
  widget_id: string;
  post_id: number;
  theme_id: number;
  change_url: boolean;
  reinit_js: boolean;
}

/** The main-query vars the list sends back as `query` (a whitelist; see ecsload). */
export interface EcsQuery {
  post_type: string[];
  posts_per_page: number;
  category_name?: string;
  tag?: string;
  s?: string;
}

/** Where the next page of a list goes in the address bar (spec 000 §2: `{path}/page/{n}/`). */
export function nextPageUrl(pathname: string, search: string, page: number): string {
  const base = pathname.replace(/page\/\d+\/?$/, '');
  const withSlash = base.endsWith('/') ? base : `${base}/`;
  return `${page <= 1 ? withSlash : `${withSlash}page/${page}/`}${search}`;
}

/** A single post (news or gallery item) ready to show: sanitized body, terms, image, neighbours. */
export interface SinglePost {
  summary: PostSummary;
  html: string;
  tags: Array<{ name: string; slug: string }>;
  modifiedAt: string;
}

/**
 * The cheaper way to find the newest `wanted` items of a term: walking the listing newest first checks
 * about `wanted × listingItems / termItems` items; gathering reads all `termItems` first.
 */
export function walkBeatsGathering(listingItems: number, termItems: number, wanted: number): boolean {
  return termItems > 0 && wanted * listingItems < termItems * termItems;
}
