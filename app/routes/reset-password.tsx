import { routeMeta } from '~/content/seo';
import { resetPassword, resetPasswordPage } from '~/features/accounts/accounts.server';
import { ACCOUNT_POST_ANSWERING } from '~/features/accounts/forms.server';
import { ResetPasswordView } from '~/features/accounts/ui/account-pages';
import { answerPost, visitOf } from '~/lib/route.server';
import type { Route } from './+types/reset-password';

export async function loader({ request, context }: Route.LoaderArgs) {
  return resetPasswordPage(context.db, await visitOf(context, request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerPost(request, (fields) => resetPassword(context.db, request, fields), ACCOUNT_POST_ANSWERING);
}

export const meta: Route.MetaFunction = routeMeta;

// The page carries a reset token: no cache along the way may keep it.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordView page={loaderData} state={actionData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
