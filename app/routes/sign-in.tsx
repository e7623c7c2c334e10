import { routeMeta } from '~/content/seo';
import { accountPage, signIn } from '~/features/accounts/accounts.server';
import { ACCOUNT_POST_ANSWERING } from '~/features/accounts/forms.server';
import { SignInView } from '~/features/accounts/ui/account-pages';
import { answerPost, visitOf } from '~/lib/route.server';
import type { Route } from './+types/sign-in';

export async function loader({ request, context }: Route.LoaderArgs) {
  return accountPage('signIn', await visitOf(context, request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerPost(request, (fields) => signIn(context, request, fields), ACCOUNT_POST_ANSWERING);
}

export const meta: Route.MetaFunction = routeMeta;

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInView page={loaderData} state={actionData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
