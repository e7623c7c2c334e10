import { routeMeta } from '~/content/seo';
import { accountPage, signIn } from '~/features/accounts/accounts.server';
import { SignInView } from '~/features/accounts/ui/account-pages';
import type { Route } from './+types/sign-in';

export async function loader({ request, context }: Route.LoaderArgs) {
  return accountPage(context, request, 'signIn');
}

export async function action({ request, context }: Route.ActionArgs) {
  return signIn(context, request);
}

export const meta: Route.MetaFunction = routeMeta;

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInView page={loaderData} state={actionData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
