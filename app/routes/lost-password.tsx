import { routeMeta } from '~/content/seo';
import { accountPage, requestPasswordReset } from '~/features/accounts/accounts.server';
import { ACCOUNT_POST_ANSWERING } from '~/features/accounts/forms.server';
import { LostPasswordView } from '~/features/accounts/ui/account-pages';
import { answerPost, siteOrigin, visitOf } from '~/lib/route.server';
import type { Route } from './+types/lost-password';

export async function loader({ request, context }: Route.LoaderArgs) {
  return accountPage('lostPassword', await visitOf(context, request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerPost(
    request,
    (fields) => requestPasswordReset(context.db, request, fields, siteOrigin(request)),
    ACCOUNT_POST_ANSWERING,
  );
}

export const meta: Route.MetaFunction = routeMeta;

export default function LostPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <LostPasswordView page={loaderData} state={actionData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
