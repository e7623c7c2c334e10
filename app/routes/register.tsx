import { routeMeta } from '~/content/seo';
import { accountPage, register } from '~/features/accounts/accounts.server';
import { ACCOUNT_POST_ANSWERING } from '~/features/accounts/forms.server';
import { RegisterView } from '~/features/accounts/ui/account-pages';
import { answerPost, visitOf } from '~/lib/route.server';
import type { Route } from './+types/register';

export async function loader({ request, context }: Route.LoaderArgs) {
  return accountPage('register', await visitOf(context, request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerPost(request, (fields) => register(context.db, request, fields), ACCOUNT_POST_ANSWERING);
}

export const meta: Route.MetaFunction = routeMeta;

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return <RegisterView page={loaderData} state={actionData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
