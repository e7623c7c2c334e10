import type { ComponentProps, ComponentType } from 'react';
import { filterWidgetComponents } from '~/features/filters/ui/lazy-widgets';
import { NavMenu } from '~/features/menu/ui/main-menu';
import { LazySubscribeForm } from '~/features/subscribe/ui/lazy-form';
import { ButtonWidget, Heading, ImageWidget, TextEditor } from '~/widgets/basic/basic';
import { ListingGrid } from '~/widgets/listing-grid/listing-grid';
import { PostsList } from '~/widgets/posts/posts-list';
import type { FILTER_GROUP_WIDGETS, WidgetName } from './catalog';

/**
 * The widget registry, browser half: a component per catalog name. The filter widgets load on
 * demand (React.lazy), so pages without filters never download them. The catalog's names are
 * imported as a type only: no settings schema (zod) reaches the browser.
 */
export const widgetComponents = {
  heading: Heading,
  'text-editor': TextEditor,
  image: ImageWidget,
  button: ButtonWidget,
  'nav-menu': NavMenu,
  'subscribe-form': LazySubscribeForm,
  posts: PostsList,
  'jet-listing-grid': ListingGrid,
  ...filterWidgetComponents,
} satisfies { [N in WidgetName]: ComponentType<never> };

/**
 * The props of a widget's component: what its loader must return (registry.server.ts). The filter
 * widgets load lazily and take their props as sent (their components check them, filters/ui/widgets.tsx).
 */
export type WidgetProps<N extends WidgetName> = N extends (typeof FILTER_GROUP_WIDGETS)[number]
  ? object
  : ComponentProps<(typeof widgetComponents)[N]>;

/** The component of a stored widget name (the page tree's names come from the database). */
export function componentOf(name: string): ComponentType<object> | undefined {
  return Object.hasOwn(widgetComponents, name)
    ? (widgetComponents[name as WidgetName] as ComponentType<object>)
    : undefined;
}
