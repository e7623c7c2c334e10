import { Outlet, useRouteLoaderData } from 'react-router';
import { csrfToken, type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { sectionsFor } from '~/staff/admin/model';
import { AdminShell } from '~/staff/admin/ui/admin-shell';
import stylesheet from '~/styles/admin.css?url';
import { STAFF_ROUTE_ID, type StaffData, StaffError } from '~/ui/staff';
import type { Route } from './+types/layout';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const handle = { staff: true };

export const loader = staffLoader(
  'staff',
  async ({ context, user }: StaffLoaderArgs<Route.LoaderArgs>): Promise<StaffData> => {
    return {
      user: { id: user.id, name: user.name, roles: user.roles },
      sections: sectionsFor(user).map(({ path, label }) => ({ path, label })),
      csrf: csrfToken(context, user),
    };
  },
  // The frame of every screen, the account page included: the screens themselves send staff without a
  // required second factor to set it up (issue 25).
  { beforeSecondFactor: true },
);

// Staff pages are one person's: never stored by a browser or a proxy, never indexed.
export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
});

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell data={loaderData}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<StaffData>(STAFF_ROUTE_ID);
  return data ? (
    <AdminShell data={data}>
      <StaffError />
    </AdminShell>
  ) : (
    <StaffError />
  );
}
