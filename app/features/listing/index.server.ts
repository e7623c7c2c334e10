export { listPosts, summarize, type PostPage, type PostQuery } from './listing.server';
export { postsListSettings } from './settings';
export { ecsloadAction, loadPostsList } from './posts-widget.server';
