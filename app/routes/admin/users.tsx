import { listUsers } from '~/features/accounts/staff.server';
import { parseUserQuery } from '~/features/accounts/staff-model';
import { UserList } from '~/features/accounts/ui/staff-users';
import { staffUser } from '~/lib/staff-access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/users';

// Issue 14 "Users": /admin/pengguna/, the accounts with search by name or e-mail, 20 a page.

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffUser(context, request, 'users');
  const query = parseUserQuery(new URL(request.url).searchParams);
  return { ...(await listUsers(context.db, query)), query };
}

export default function Users({ loaderData }: Route.ComponentProps) {
  return <UserList {...loaderData} />;
}

export { StaffError as ErrorBoundary };
