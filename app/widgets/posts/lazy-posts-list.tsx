import { lazyModule } from '~/lib/lazy-module';
import type { PostsListProps } from './posts-list';

/**
 * The load-more posts list, its own chunk with its load-more code (issue 24: the home page shows it below
 * the fold, where it hydrates late, and a phone's first view does not download it). Its widget loader
 * loads the module on the server before the page renders, so the server writes it in place; the browser
 * hydrates it once its code is in (React keeps the server's HTML meanwhile; hydrating widgets sit in a
 * Suspense boundary of their own, pages/ui/element-tree.tsx).
 */
const postsListModule = lazyModule(() => import('./posts-list'));

/** Loads the list's code once. */
export const loadPostsListCode = postsListModule.load;

const Lazy = postsListModule.component<PostsListProps>((m) => m.PostsList);

/** The `posts` widget. */
export function PostsListWidget(props: PostsListProps) {
  return <Lazy {...props} />;
}
