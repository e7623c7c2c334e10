import type { ComponentType } from 'react';
import { filterWidgetComponents } from '~/features/filters';
import { ListingGrid } from '~/features/gallery';
import { PostsList } from '~/features/listing';
import { NavMenu } from '~/features/menu';
import { ButtonWidget, Heading, ImageWidget, TextEditor } from './basic';

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
