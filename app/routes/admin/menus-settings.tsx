import { data, redirect } from 'react-router';
import {
  loadMenuSettings,
  menuSettingsVersion,
  saveMenuSettings,
  storedMenuSettings,
} from '~/features/menu/staff-settings.server';
import { menuSettingsFromForm } from '~/features/menu/staff-settings-form';
import { typedMenuSettings } from '~/features/menu/staff-settings-model';
import { MenuSettingsForm } from '~/features/menu/ui/staff-menu-settings';
import { shownForm } from '~/lib/shown-form';
import { siteHref } from '~/lib/site-href';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { staffRecord } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/menus-settings';

// Issue 21: /admin/menu/{id}/pengaturan/, a menu's own settings (desktop hover or click, mega panels,
// the mobile menu's layout and toggle). A save comes back here with `?disimpan` (post, redirect, get);
// a refused one shows the form as it was sent.

const record = staffRecord('Menu ini tidak ditemukan.');

export const loader = staffLoader('menus', async ({ request, params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const screen = await loadMenuSettings(context.db, record.id(params.menuId));
  if (!screen) throw record.notFound();
  return { ...screen, saved: new URL(request.url).searchParams.has('disimpan') };
});

export const action = staffAction(
  'menus',
  async ({ params, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const id = record.id(params.menuId);
    const values = typedMenuSettings(fields);
    const refuse = (errors: Record<string, string>, status: number, version = fields.versi ?? '') =>
      data({ values, errors, version }, { status });
    const stored = await storedMenuSettings(context.db, id);
    if (!stored) throw record.notFound();
    const read = menuSettingsFromForm(fields, stored);
    if ('errors' in read) return refuse(read.errors, 400);
    const outcome = await saveMenuSettings(context.db, user.id, id, read.settings, fields.versi ?? '');
    if ('saved' in outcome)
      throw redirect(`${siteHref('/admin/menu/:menuId/pengaturan', { menuId: String(id) })}?disimpan`);
    if (outcome.kind === 'missing') throw record.notFound();
    if (outcome.kind === 'template') return refuse({ [outcome.field]: 'Pilih salah satu templat yang ada.' }, 400);
    return refuse(
      {
        form: 'Pengaturan menu ini telah diubah orang lain sejak formulir ini dibuka, dan isian Anda belum disimpan. Isian Anda masih di sini: simpan lagi untuk menimpa perubahan itu, atau buka halaman ini di tab lain untuk melihatnya.',
      },
      409,
      await menuSettingsVersion(context.db, id),
    );
  },
);

export default function StaffMenuSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MenuSettingsForm
      menu={loaderData.menu}
      templates={loaderData.templates}
      version={actionData?.version ?? loaderData.version}
      {...shownForm(loaderData, actionData)}
      saved={actionData ? false : loaderData.saved}
    />
  );
}

export { StaffError as ErrorBoundary };
