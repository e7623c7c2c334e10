import { routeMeta } from '~/content/seo';
import { ACCOUNT_POST_ANSWERING } from '~/features/accounts/forms.server';
import { acceptInvitation, invitationPage } from '~/features/accounts/invitation.server';
import { AcceptInvitationView } from '~/features/accounts/ui/account-pages';
import { answerPost, visitOf } from '~/lib/route.server';
import type { Route } from './+types/accept-invitation';

// Issue 14 "Users": the invitation's link, where the invited person chooses a login and a password.

export async function loader({ request, context }: Route.LoaderArgs) {
  return invitationPage(context.db, await visitOf(context, request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerPost(request, (fields) => acceptInvitation(context.db, request, fields), ACCOUNT_POST_ANSWERING);
}

export const meta: Route.MetaFunction = routeMeta;

// The page carries an invitation's token: no cache along the way may keep it.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return <AcceptInvitationView page={loaderData} state={actionData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
