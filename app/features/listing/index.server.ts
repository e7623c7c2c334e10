export {
  countPosts,
  listPosts,
  type NarrowList,
  type PostCondition,
  type PostNarrowing,
  type PostOrder,
  type PostPage,
  type PostQuery,
  summarize,
  termSlugCondition,
} from './listing.server';
export { ecsloadAction, loadPostsList, postsListQuery, renderPostCards } from './posts-widget.server';
export type { PostsListSettings } from './settings';
export { postsListSettings } from './settings';
