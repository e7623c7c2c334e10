import { redirect } from 'react-router';
import { deleteItem, findMenu, itemForDeletion } from '~/features/menu/staff.server';
import { DeleteItem } from '~/features/menu/ui/staff-item-form';
import { siteHref } from '~/lib/site-href';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { staffRecord } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/menus-delete';

// Issue 14 "Menus": /admin/menu/{id}/{item}/hapus/ asks before an item is deleted (and says where its
// children go: up into its place); its POST deletes.

const record = staffRecord('Item ini tidak ditemukan.');

function ids(params: { menuId: string; itemId: string }) {
  return { menuId: record.id(params.menuId), itemId: record.id(params.itemId) };
}

export const loader = staffLoader('menus', async ({ params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const { menuId, itemId } = ids(params);
  const [menu, item] = await Promise.all([findMenu(context.db, menuId), itemForDeletion(context.db, menuId, itemId)]);
  if (!menu || !item) throw record.notFound();
  return { menu: { id: menu.id, name: menu.name }, item };
});

export const action = staffAction('menus', async ({ params, context, user }: StaffActionArgs<Route.ActionArgs>) => {
  const { menuId, itemId } = ids(params);
  const title = await deleteItem(context.db, user.id, menuId, itemId);
  if (title === null) throw record.notFound();
  throw redirect(`${siteHref('/admin/menu/:menuId', { menuId: String(menuId) })}?dihapus=${encodeURIComponent(title)}`);
});

export default function StaffMenuDelete({ loaderData }: Route.ComponentProps) {
  return <DeleteItem {...loaderData} />;
}

export { StaffError as ErrorBoundary };
