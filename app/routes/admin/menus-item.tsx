import { data, redirect } from 'react-router';
import { itemFormChoices, loadItem, saveItem } from '~/features/menu/staff.server';
import { itemFormSchema } from '~/features/menu/staff-form';
import { EMPTY_ITEM, typedItemValues } from '~/features/menu/staff-model';
import { ItemForm } from '~/features/menu/ui/staff-item-form';
import { fieldErrors } from '~/lib/form-errors';
import { shownForm } from '~/lib/shown-form';
import { siteHref } from '~/lib/site-href';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { staffRecord } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/menus-item';

// Issue 14 "Menus": /admin/menu/{id}/baru/ (a new item, `?induk={item}` preselects its parent) and
// /admin/menu/{id}/{item}/ (an item's form). A save goes back to the tree (post, redirect, get).

const record = staffRecord('Menu atau item ini tidak ditemukan.');

function ids(params: { menuId: string; itemId?: string }): { menuId: number; itemId: number | null } {
  return { menuId: record.id(params.menuId), itemId: record.idOrNew(params.itemId) };
}

export const loader = staffLoader('menus', async ({ request, params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const { menuId, itemId } = ids(params);
  const item = itemId === null ? null : await loadItem(context.db, menuId, itemId);
  if (itemId !== null && !item) throw record.notFound();
  const choices = await itemFormChoices(context.db, menuId, item?.values.url);
  if (!choices) throw record.notFound();
  const parent = new URL(request.url).searchParams.get('induk') ?? '';
  const values = item?.values ?? {
    ...EMPTY_ITEM,
    induk: choices.parents.some((p) => String(p.id) === parent) ? parent : '',
  };
  return { id: itemId, values, choices };
});

export const action = staffAction(
  'menus',
  async ({ params, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const { menuId, itemId } = ids(params);
    const values = typedItemValues(fields);
    const parsed = itemFormSchema.safeParse(fields);
    if (!parsed.success) return data({ values, errors: fieldErrors(parsed.error.issues) }, { status: 400 });
    const outcome = await saveItem(context.db, user.id, menuId, itemId, parsed.data);
    if ('id' in outcome)
      throw redirect(`${siteHref('/admin/menu/:menuId', { menuId: String(menuId) })}?disimpan=${outcome.id}`);
    if (outcome.kind === 'missing') throw record.notFound();
    return data({ values, errors: { [outcome.field]: outcome.message } }, { status: 400 });
  },
);

export default function StaffMenuItem({ loaderData, actionData }: Route.ComponentProps) {
  return <ItemForm id={loaderData.id} choices={loaderData.choices} {...shownForm(loaderData, actionData)} />;
}

export { StaffError as ErrorBoundary };
