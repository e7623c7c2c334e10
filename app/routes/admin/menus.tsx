import { listMenus } from '~/features/menu/staff.server';
import { MenuList } from '~/features/menu/ui/staff-menus';
import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/menus';

// Issue 14 "Menus": /admin/menu/, the site's menus by their place in the layout.

export const loader = staffLoader('menus', async ({ context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  return { menus: await listMenus(context.db) };
});

export default function StaffMenus({ loaderData }: Route.ComponentProps) {
  return <MenuList menus={loaderData.menus} />;
}

export { StaffError as ErrorBoundary };
