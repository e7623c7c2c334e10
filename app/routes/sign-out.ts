import { createElement } from 'react';
import { routeMeta } from '~/content/seo';
import { accountPage, signOut } from '~/features/accounts/accounts.server';
import { ACCOUNT_POST_ANSWERING } from '~/features/accounts/forms.server';
import { SignOutView } from '~/features/accounts/ui/account-pages';
import { answerPost, visitOf } from '~/lib/route.server';
import type { Route } from './+types/sign-out';

// A GET shows a confirmation (a link or a prefetch never signs anyone out); the POST signs out.
export async function loader({ request, context }: Route.LoaderArgs) {
  return accountPage('signOut', await visitOf(context, request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerPost(request, () => signOut(context.db, request), ACCOUNT_POST_ANSWERING);
}

export const meta: Route.MetaFunction = routeMeta;

// A .ts module (app/routes.ts names it so): the view is built without JSX.
export default function SignOut({ loaderData, actionData }: Route.ComponentProps) {
  return createElement(SignOutView, { page: loaderData, state: actionData });
}

export { ErrorBoundary } from '~/ui/error-boundary';
