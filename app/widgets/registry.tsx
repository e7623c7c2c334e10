import type { ComponentType } from 'react';
import { filterWidgetComponents } from '~/features/filters/ui/lazy-widgets';
import { NavMenu } from '~/features/menu/ui/main-menu';
import { ButtonWidget, Heading, ImageWidget, TextEditor } from '~/widgets/basic/basic';
import { ListingGrid } from '~/widgets/listing-grid/listing-grid';
import { PostsList } from '~/widgets/posts/posts-list';

/**
 * The widget registry, UI half: the same names as the server half, each to its component. The
 * filter widgets load on demand (React.lazy), so pages without filters never download them.
 */
// biome-ignore lint/suspicious/noExplicitAny: each component takes the props its own loader returned
export const widgetComponents: Record<string, ComponentType<any>> = {
  heading: Heading,
  'text-editor': TextEditor,
  image: ImageWidget,
  button: ButtonWidget,
  'nav-menu': NavMenu,
  posts: PostsList,
  'jet-listing-grid': ListingGrid,
  ...filterWidgetComponents,
};
