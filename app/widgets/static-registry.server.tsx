import type { ComponentProps, ComponentType } from 'react';
import { AgendaCategoryFilter } from '~/features/agenda/ui/category-filter';
import { NavMenu } from '~/features/menu/ui/main-menu';
import { SubscribeForm } from '~/features/subscribe/ui/subscribe-form';
import { ButtonWidget, Heading, ImageWidget, TextEditor } from '~/widgets/basic/basic';
import { Countdown } from '~/widgets/countdown/countdown';
import { Playlist } from '~/widgets/playlist/playlist';
import { ShareButtons } from '~/widgets/share/share-buttons';
import { SmartListing } from '~/widgets/smart-listing/smart-listing';
import { Ticker } from '~/widgets/ticker/ticker';
import { Accordion } from './accordion/accordion';
import type { HydratingWidgetName, StaticWidgetName, WidgetName } from './catalog';
import { Hotspots } from './hotspots/hotspots';
import { ImageAccordion } from './image-accordion/image-accordion';
import { componentOf, type HydratingWidgetProps } from './registry';
import { Switcher } from './switcher/switcher';
import { Tabs } from './tabs/tabs-view.server';
import { Unfold } from './unfold/unfold';
import { ViewMore } from './view-more/view-more';

/**
 * The widget registry, static half: the widgets that never hydrate. Only the server renders them
 * (into the page's HTML blocks and templates), so their code never travels to the browser.
 */
const staticWidgetComponents = {
  heading: Heading,
  'text-editor': TextEditor,
  image: ImageWidget,
  button: ButtonWidget,
  'nav-menu': NavMenu,
  'subscribe-form': SubscribeForm,
  'agenda-category-filter': AgendaCategoryFilter,
  'smart-listing': SmartListing,
  playlist: Playlist,
  countdown: Countdown,
  ticker: Ticker,
  share: ShareButtons,
  tabs: Tabs,
  accordion: Accordion,
  switcher: Switcher,
  'image-accordion': ImageAccordion,
  'view-more': ViewMore,
  unfold: Unfold,
  hotspots: Hotspots,
} satisfies { [N in StaticWidgetName]: ComponentType<never> };

/** The props of a widget's component: what its loader must return (registry.server.ts). */
export type WidgetProps<N extends WidgetName> = N extends StaticWidgetName
  ? ComponentProps<(typeof staticWidgetComponents)[N]>
  : N extends HydratingWidgetName
    ? HydratingWidgetProps<N>
    : never;

/** The component of any widget by its stored name, as the server renders a whole tree. */
export function serverComponentOf(name: string): ComponentType<object> | undefined {
  return Object.hasOwn(staticWidgetComponents, name)
    ? (staticWidgetComponents[name as StaticWidgetName] as ComponentType<object>)
    : componentOf(name);
}
