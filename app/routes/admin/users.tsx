import { listUsers } from '~/features/accounts/staff.server';
import { parseUserQuery } from '~/features/accounts/staff-model';
import { UserList } from '~/features/accounts/ui/staff-users';
import { staffListLoader } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/users';

// Issue 14 "Users": /admin/pengguna/, the accounts with search by name or e-mail, 20 a page.

export const loader = staffListLoader('users', parseUserQuery, listUsers);

export default function Users({ loaderData }: Route.ComponentProps) {
  return <UserList {...loaderData} />;
}

export { StaffError as ErrorBoundary };
