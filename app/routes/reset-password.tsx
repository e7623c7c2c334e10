import { routeMeta } from '~/content/seo';
import { resetPassword, resetPasswordPage } from '~/features/accounts/accounts.server';
import { ResetPasswordView } from '~/features/accounts/ui/account-pages';
import type { Route } from './+types/reset-password';

export async function loader({ request, context }: Route.LoaderArgs) {
  return resetPasswordPage(context, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return resetPassword(context, request);
}

export const meta: Route.MetaFunction = routeMeta;

// The page carries a reset token: no cache along the way may keep it.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordView page={loaderData} state={actionData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
