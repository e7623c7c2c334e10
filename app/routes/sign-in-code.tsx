import { routeMeta } from '~/content/seo';
import { ACCOUNT_POST_ANSWERING } from '~/features/accounts/forms.server';
import { codePage, submitCode } from '~/features/accounts/second-factor.server';
import { SignInCodeView } from '~/features/accounts/ui/account-pages';
import { answerPost, siteOrigin } from '~/lib/route.server';
import type { Route } from './+types/sign-in-code';

// Issue 25: /masuk/kode/, the code step after a correct password of an account with a second factor.

export async function loader({ request, context }: Route.LoaderArgs) {
  return codePage(context.db, request, siteOrigin(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerPost(request, (fields) => submitCode(context.db, request, fields), ACCOUNT_POST_ANSWERING);
}

export const meta: Route.MetaFunction = routeMeta;

export default function SignInCode({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInCodeView page={loaderData} state={actionData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
