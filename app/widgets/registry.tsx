import type { ComponentProps, ComponentType } from 'react';
import { AgendaCalendarWidget } from '~/features/agenda/ui/lazy-calendar';
import { filterWidgetComponents } from '~/features/filters/ui/lazy-widgets';
import { ListingGrid } from '~/widgets/listing-grid/listing-grid';
import { PostsListWidget } from '~/widgets/posts/lazy-posts-list';
import { StoreCountWidget } from '~/widgets/store-count/store-count';
import type { FILTER_GROUP_WIDGETS, HydratingWidgetName } from './catalog';

/**
 * The widget registry, browser half: a component per widget that hydrates (the static ones are in
 * static-registry.server.tsx: the browser gets their HTML and none of their code). The filter widgets
 * load on demand (React.lazy), so pages without filters never download them. The catalog's names are
 * imported as a type only: no settings schema (zod) reaches the browser.
 */
export const widgetComponents = {
  'store-count': StoreCountWidget,
  posts: PostsListWidget,
  'jet-listing-grid': ListingGrid,
  'jet-listing-calendar': AgendaCalendarWidget,
  ...filterWidgetComponents,
} satisfies { [N in HydratingWidgetName]: ComponentType<never> };

/**
 * The props of a widget's component: what its loader must return (registry.server.ts). The filter
 * widgets load lazily and take their props as sent (their components check them, filters/ui/widgets.tsx).
 */
export type HydratingWidgetProps<N extends HydratingWidgetName> = N extends (typeof FILTER_GROUP_WIDGETS)[number]
  ? object
  : ComponentProps<(typeof widgetComponents)[N]>;

/** The component of a hydrating widget by its stored name (the page tree's names come from the database). */
export function componentOf(name: string): ComponentType<object> | undefined {
  return Object.hasOwn(widgetComponents, name)
    ? (widgetComponents[name as HydratingWidgetName] as ComponentType<object>)
    : undefined;
}
