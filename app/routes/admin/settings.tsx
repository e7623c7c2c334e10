import { data, redirect } from 'react-router';
import { secondFactorRequired } from '~/features/accounts/second-factor-rule.server';
import { fieldErrors } from '~/lib/form-errors';
import { shownForm } from '~/lib/shown-form';
import { siteHref } from '~/lib/site-href';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { ImportLink } from '~/staff/import/ui/import-screen';
import { mediaChoices } from '~/staff/news/editor.server';
import {
  loadSettings,
  purgePageCache,
  readVersion,
  saveSecondFactorRule,
  saveSettings,
} from '~/staff/settings/staff.server';
import { settingsFormSchema } from '~/staff/settings/staff-form';
import { typedSettings } from '~/staff/settings/staff-model';
import { SecondFactorRuleForm } from '~/staff/settings/ui/second-factor-rule';
import { SettingsScreen } from '~/staff/settings/ui/settings-form';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/settings';

// Issue 14 "Site settings" (administrators): /admin/pengaturan/. A save and a purge each come back here
// with a note in the address (post, redirect, get); a refused save shows the form as it was sent.

export const loader = staffLoader('settings', async ({ request, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const [settings, media, secondFactor] = await Promise.all([
    loadSettings(context.db),
    mediaChoices(context.db),
    secondFactorRequired(context.db),
  ]);
  const params = new URL(request.url).searchParams;
  const done: 'saved' | 'purged' | null = params.has('disimpan')
    ? 'saved'
    : params.has('cache-dikosongkan')
      ? 'purged'
      : null;
  return { ...settings, media, done, secondFactor, secondFactorSaved: params.has('faktor-kedua-disimpan') };
});

export const action = staffAction('settings', async ({ context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
  if (fields.tindakan === 'kosongkan-cache') {
    await purgePageCache(context.db, user.id);
    throw redirect(`${siteHref('/admin/pengaturan')}?cache-dikosongkan`);
  }
  if (fields.tindakan === 'faktor-kedua') {
    // Issue 25: the rule that staff sign in with a second factor, a form of its own.
    await saveSecondFactorRule(context.db, user.id, Boolean(fields.wajib));
    throw redirect(`${siteHref('/admin/pengaturan')}?faktor-kedua-disimpan`);
  }
  const values = typedSettings(fields);
  // The refused form carries the version to send next: a 409's is the newer one (a script-driven submit does
  // not reload the page's data after an error answer).
  const refuse = (errors: Record<string, string>, status: number, version = fields.versi ?? '') =>
    data({ values, errors, version }, { status });
  const parsed = settingsFormSchema.safeParse(fields);
  if (!parsed.success) return refuse(fieldErrors(parsed.error.issues), 400);
  const outcome = await saveSettings(context.db, user.id, parsed.data);
  if ('version' in outcome) throw redirect(`${siteHref('/admin/pengaturan')}?disimpan`);
  if (outcome.kind === 'logo')
    return refuse({ logo: 'Gambar ini tidak ada lagi di pustaka media. Pilih yang lain.' }, 400);
  if (outcome.kind === 'categories')
    return refuse({ cari_kategori: 'Ada kategori yang tidak ada lagi. Muat ulang halaman, lalu pilih lagi.' }, 400);
  return refuse(
    {
      form: 'Pengaturan ini telah diubah administrator lain sejak formulir ini dibuka, dan isian Anda belum disimpan. Isian Anda masih di sini: simpan lagi untuk menimpa perubahan itu, atau buka halaman ini di tab lain untuk melihatnya.',
    },
    409,
    await readVersion(context.db),
  );
});

export default function StaffSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsScreen
        version={actionData?.version ?? loaderData.version}
        media={loaderData.media}
        categories={loaderData.categories}
        {...shownForm(loaderData, actionData)}
        done={actionData ? null : loaderData.done}
      />
      <SecondFactorRuleForm required={loaderData.secondFactor} saved={!actionData && loaderData.secondFactorSaved} />
      <ImportLink />
    </>
  );
}

export { StaffError as ErrorBoundary };
