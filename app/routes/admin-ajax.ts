import { ajaxActions } from '~/calls.server';
import { dispatchAjax } from '~/wire/registry.server';
import type { Route } from './+types/admin-ajax';

// GET and POST both dispatch on `action` (DESIGN.md "The wire protocol").
export const loader = ({ request, context }: Route.LoaderArgs) => dispatchAjax(request, context, ajaxActions);
export const action = ({ request, context }: Route.ActionArgs) => dispatchAjax(request, context, ajaxActions);
