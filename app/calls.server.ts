import { z } from 'zod';
import { calendarMonthAction } from '~/features/agenda/widget.server';
import { liveSearchAction, liveSearchRoute } from '~/features/live-search/wire.server';
import { menuItemsRoute } from '~/features/menu/menu.server';
import { reviewAjaxActions, reviewRestRoutes } from '~/features/reviews/wire.server';
import { storeAjaxActions } from '~/features/stores/wire.server';
import { subscribeAction } from '~/features/subscribe/wire.server';
import { templateContentRoute } from '~/pages/template.server';
import { listingAction } from '~/widgets/listing-grid/listing-grid.server';
import { ecsloadAction } from '~/widgets/posts/posts.server';
import { filteringAction, indexedDataAction, narrowStoredList } from '~/widgets/smart-filter/actions.server';
import { hierarchyLevelAction } from '~/widgets/smart-filter/hierarchy.server';
import { smartListingAction } from '~/widgets/smart-listing/smart-listing.server';
import { createNonce } from '~/wire/nonce.server';
import { type ActionDef, defineAction, REST_NONCE_ACTION, type RestRouteDef } from '~/wire/registry.server';

/** Call 13: a fresh REST nonce as plain text (what apiFetch asks for after rest_cookie_invalid_nonce). */
const restNonce = defineAction({
  name: 'rest-nonce',
  auth: 'anyone',
  nonce: false,
  input: z.object({}).loose(),
  async handle(_input, ctx) {
    return new Response(createNonce(ctx.nonceSecret, ctx.subject, REST_NONCE_ACTION), {
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  },
});

/** Every admin-ajax action of the site, by name (spec section 7 of both documents). */
export const ajaxActions: ReadonlyMap<string, ActionDef> = new Map(
  [
    restNonce,
    ecsloadAction(narrowStoredList),
    listingAction(narrowStoredList),
    filteringAction,
    indexedDataAction,
    hierarchyLevelAction,
    liveSearchAction,
    subscribeAction,
    calendarMonthAction,
    ...reviewAjaxActions,
    ...storeAjaxActions,
    smartListingAction,
  ].map((a) => [a.name, a as unknown as ActionDef]),
);

/** Every REST route below /wp-json/. */
export const restRoutes: ReadonlyMap<string, RestRouteDef> = new Map(
  [
    menuItemsRoute('jet-menu-api/v2/get-menu-items'),
    menuItemsRoute('jet-menu-api/v1/get-menu-items'),
    templateContentRoute('jet-menu-api/v2/get-elementor-template-content'),
    templateContentRoute('jet-menu-api/v2/get-blocks-template-content'),
    templateContentRoute('jet-menu-api/v1/elementor-template'),
    templateContentRoute('jet-blocks-api/v1/elementor-template'),
    templateContentRoute('jet-tabs-api/v1/elementor-template'),
    templateContentRoute('jet-elements-api/v1/elementor-template'),
    liveSearchRoute,
    ...reviewRestRoutes,
  ].map((r) => [r.path, r as unknown as RestRouteDef]),
);
