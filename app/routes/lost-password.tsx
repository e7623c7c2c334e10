import { routeMeta } from '~/content/seo';
import { accountPage, requestPasswordReset } from '~/features/accounts/accounts.server';
import { LostPasswordView } from '~/features/accounts/ui/account-pages';
import type { Route } from './+types/lost-password';

export async function loader({ request, context }: Route.LoaderArgs) {
  return accountPage(context, request, 'lostPassword');
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestPasswordReset(context, request);
}

export const meta: Route.MetaFunction = routeMeta;

export default function LostPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <LostPasswordView page={loaderData} state={actionData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
