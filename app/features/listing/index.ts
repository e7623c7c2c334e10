export * from './model';
export type { PostsListSettings } from './settings';
export { PostCard } from './ui/post-card';
export { PostsList, type PostsListProps } from './ui/posts-list';
