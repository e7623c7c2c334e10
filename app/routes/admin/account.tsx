import { data } from 'react-router';
import { changeOwnAccount, ownAccountPage } from '~/features/accounts/own-account.server';
import { SECOND_FACTOR_PATHS } from '~/features/accounts/second-factor';
import { OwnAccountScreen } from '~/features/accounts/ui/staff-account';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/account';

// Issue 25 "Staff accounts": /admin/akun/, the signed-in staff member's own account. Open before the second
// factor is set up (the staff area sends staff here when the administrators require one); the feature takes
// only the enrolment's form until then.

export const loader = staffLoader(
  'staff',
  ({ context, user }: StaffLoaderArgs<Route.LoaderArgs>) => ownAccountPage(context.db, user),
  { beforeSecondFactor: true },
);

export const action = staffAction(
  'staff',
  async ({ context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const { answer, status } = await changeOwnAccount(context.db, user, fields);
    return data(answer, { status });
  },
  { beforeSecondFactor: true },
);

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return <OwnAccountScreen {...loaderData} notice={actionData ?? null} action={SECOND_FACTOR_PATHS.account} />;
}

export { StaffError as ErrorBoundary };
