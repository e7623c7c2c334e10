import { data, redirect } from 'react-router';
import { inviteUser } from '~/features/accounts/staff.server';
import { InviteForm, userPath } from '~/features/accounts/ui/staff-users';
import { siteOrigin } from '~/lib/route.server';
import { staffForm, staffUser } from '~/lib/staff-access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/users-invite';

// Issue 14 "Users": /admin/pengguna/undang/, an invitation by mail with a single-use link.

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffUser(context, request, 'users');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, fields } = await staffForm(context, request, 'users');
  const outcome = await inviteUser(context.db, user, fields, siteOrigin(request));
  if (!outcome.ok) return data(outcome, { status: outcome.status });
  return redirect(`${userPath(outcome.id)}?undangan=${outcome.renewed ? 'diperbarui' : 'terkirim'}`);
}

export default function UsersInvite({ actionData }: Route.ComponentProps) {
  return <InviteForm failure={actionData ?? null} />;
}

export { StaffError as ErrorBoundary };
