import { restRoutes } from '~/calls.server';
import { dispatchRest } from '~/wire/registry.server';
import type { Route } from './+types/wp-json';

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  dispatchRest(request, context, restRoutes, params['*'] ?? '');
export const action = ({ request, context, params }: Route.ActionArgs) =>
  dispatchRest(request, context, restRoutes, params['*'] ?? '');
