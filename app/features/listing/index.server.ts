export { listPosts, type PostPage, type PostQuery, summarize } from './listing.server';
export { ecsloadAction, loadPostsList } from './posts-widget.server';
export { postsListSettings } from './settings';
