import { routeMeta } from '~/content/seo';
import { accountPage, register } from '~/features/accounts/accounts.server';
import { RegisterView } from '~/features/accounts/ui/account-pages';
import type { Route } from './+types/register';

export async function loader({ request, context }: Route.LoaderArgs) {
  return accountPage(context, request, 'register');
}

export async function action({ request, context }: Route.ActionArgs) {
  return register(context, request);
}

export const meta: Route.MetaFunction = routeMeta;

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return <RegisterView page={loaderData} state={actionData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
