import { data } from 'react-router';
import { loadStaffMenu, moveItem } from '~/features/menu/staff.server';
import { MOVES, type Move } from '~/features/menu/staff-model';
import { MenuTree, type TreeNotice } from '~/features/menu/ui/staff-menus';
import { recordId } from '~/lib/record-id';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { staffRecord } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/menus-tree';

// Issue 14 "Menus": /admin/menu/{id}/, one menu's item tree; its POST moves an item (Naik, Turun,
// Masukkan, Keluarkan). After a save or a deletion elsewhere the tree says so (`?disimpan={item}`,
// `?dihapus={title}`).

const record = staffRecord('Menu ini tidak ditemukan.');

export const loader = staffLoader('menus', async ({ request, params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const menu = await loadStaffMenu(context.db, record.id(params.menuId));
  if (!menu) throw record.notFound();
  const search = new URL(request.url).searchParams;
  const savedId = recordId(search.get('disimpan') ?? undefined);
  const deleted = search.get('dihapus');
  const notice: TreeNotice | null =
    savedId !== null
      ? { ok: true, message: 'Item disimpan dan langsung tampil di menu situs.', itemId: savedId }
      : deleted !== null
        ? { ok: true, message: `Item “${deleted.slice(0, 200)}” dihapus dari menu.` }
        : null;
  return { menu, notice };
});

const MOVED: Record<Move, string> = {
  naik: 'dinaikkan',
  turun: 'diturunkan',
  masukkan: 'dimasukkan ke bawah item di atasnya',
  keluarkan: 'dikeluarkan satu tingkat',
};

export const action = staffAction(
  'menus',
  async ({ params, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const id = record.id(params.menuId);
    const itemId = recordId(fields.item);
    const move = MOVES.find((m) => m === fields.gerak);
    if (itemId === null || !move)
      throw data({ message: 'Item atau tindakan yang dipilih tidak valid.' }, { status: 400 });
    const outcome = await moveItem(context.db, user.id, id, itemId, move);
    if (outcome.kind === 'missing') throw data({ message: 'Item ini tidak ada lagi di menu.' }, { status: 404 });
    const notice: TreeNotice =
      outcome.kind === 'moved'
        ? { ok: true, message: `“${outcome.title}” ${MOVED[move]}.`, itemId }
        : { ok: false, message: outcome.message, itemId };
    return data({ notice }, { status: outcome.kind === 'moved' ? 200 : 400 });
  },
);

export default function StaffMenuTree({ loaderData, actionData }: Route.ComponentProps) {
  return <MenuTree menu={loaderData.menu} notice={actionData?.notice ?? loaderData.notice} />;
}

export { StaffError as ErrorBoundary };
