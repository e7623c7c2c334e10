import { z } from 'zod';
import { LISTABLE_TYPES } from '~/content/posts';

/** Settings of the load-more posts list widget (`posts`, Ele Custom Skin in the original). */
export const postsListSettings = z.object({
  postTypes: z.array(z.enum(LISTABLE_TYPES)).min(1).default(['post']),
  /** Limit to one category or tag (term slug). */
  category: z.string().max(200).optional(),
  tag: z.string().max(200).optional(),
  perPage: z.number().int().min(1).max(50).default(10),
  columns: z.number().int().min(1).max(4).default(3),
  showExcerpt: z.boolean().default(true),
  /** Heading level of each post's title: 3 under a section heading, 2 right under the page's h1. */
  titleLevel: z.union([z.literal(2), z.literal(3)]).default(3),
  /** spec 000 §3: load_method loadmore | lazyload */
  loadMethod: z.enum(['loadmore', 'lazyload']).default('loadmore'),
  text: z.string().max(100).default('Muat lebih banyak'),
  loadingText: z.string().max(100).default('Memuat…'),
  changeUrl: z.boolean().default(true),
  reinitJs: z.boolean().default(true),
  /** The list follows the page's /page/{n}/ path (the page's main query). */
  usePagePath: z.boolean().default(true),
  /** The query id smart filters name this list by (provider `epro-posts`); none: not filterable. */
  queryId: z.string().min(1).max(100).optional(),
});
export type PostsListSettings = z.infer<typeof postsListSettings>;
