import { data, redirect } from 'react-router';
import { inviteUser } from '~/features/accounts/staff.server';
import { InviteForm, userPath } from '~/features/accounts/ui/staff-users';
import { siteOrigin } from '~/lib/route.server';
import { type StaffActionArgs, staffAction, staffLoader } from '~/staff/access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/users-invite';

// Issue 14 "Users": /admin/pengguna/undang/, an invitation by mail with a single-use link.

export const loader = staffLoader('users', () => null);

export const action = staffAction(
  'users',
  async ({ request, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const outcome = await inviteUser(context.db, user, fields, siteOrigin(request));
    if (!outcome.ok) return data(outcome, { status: outcome.status });
    return redirect(`${userPath(outcome.id)}?undangan=${outcome.renewed ? 'diperbarui' : 'terkirim'}`);
  },
);

export default function UsersInvite({ actionData }: Route.ComponentProps) {
  return <InviteForm failure={actionData ?? null} />;
}

export { StaffError as ErrorBoundary };
