import { SITE_OPTIONS } from '~/content/options';
import { readSiteOptions } from '~/content/options.server';
import { SOCIAL_NETWORKS } from '~/content/options-vocabulary';
import { allNewsCategories } from '~/content/terms.server';
import type { Db } from '~/db';
import { recordChange, withStaffChange } from '~/lib/content-version.server';
import type { SettingsForm } from './staff-form';
import { type SettingsFormValues, settingsValues } from './staff-model';

/**
 * The site settings' reads and changes (issue 14 "Site settings"): rows of `site_option`, the one list
 * of options in content/options.ts. A save writes them in one transaction with its audit line, which
 * makes every process drop its cached pages and remembered options (the header and footer show the
 * change at once), and re-read the page cache switch (server/app.ts).
 */

/**
 * The settings' version: a counter raised by every save, so that a second administrator's save of a
 * form opened before the first save is refused (options carry no modified time of their own).
 */
export const SETTINGS_VERSION_OPTION = 'settings_version';

/** The options the form shows, the version it sends back, and the news categories the header search may keep to. */
export async function loadSettings(
  db: Db,
): Promise<{ values: SettingsFormValues; version: string; categories: Array<{ id: number; name: string }> }> {
  const [options, version, categories] = await Promise.all([
    readSiteOptions(db),
    readVersion(db),
    db.selectFrom('term').select(['id', 'name']).where('taxonomy', '=', 'category').orderBy('name').execute(),
  ]);
  return { values: settingsValues(options), version, categories };
}

/** The stored settings' version ('' before the first save). */
export async function readVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('site_option')
    .select('value')
    .where('name', '=', SETTINGS_VERSION_OPTION)
    .executeTakeFirst();
  const n = row ? Number(row.value) : 0;
  return Number.isSafeInteger(n) && n > 0 ? String(n) : '';
}

/** Why a save did not happen. */
export type SaveProblem =
  /** The chosen logo is not (or no longer) in the media library. */
  | { kind: 'logo' }
  /** A ticked category of the header search is not (or no longer) a news category. */
  | { kind: 'categories' }
  /** Someone saved the settings after this form was opened: nothing was overwritten. */
  | { kind: 'conflict' };

async function upsert(db: Db, name: string, value: unknown) {
  const text = JSON.stringify(value);
  await db
    .insertInto('site_option')
    .values({ name, value: text })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: text }))
    .execute();
}

/**
 * Stores the settings when the form's version is the stored one (else nothing changes). The `site`
 * option keeps what the form does not show (the seed's NPSN, postal address …): the form's fields are
 * written over the stored object.
 */
export async function saveSettings(
  db: Db,
  userId: number,
  form: SettingsForm,
  now = new Date(),
): Promise<{ version: string } | SaveProblem> {
  if (form.logo !== null) {
    const media = await db.selectFrom('media').select('id').where('id', '=', form.logo).executeTakeFirst();
    if (!media) return { kind: 'logo' };
  }
  if (!(await allNewsCategories(db, form.headerSearch.categories))) return { kind: 'categories' };
  const outcome = await withStaffChange(db, async (trx, record): Promise<{ version: string } | SaveProblem> => {
    const next = Number(form.versi || 0) + 1;
    // The version moves first, conditionally: of two saves of the same form, the second finds it moved
    // (PostgreSQL makes it wait for the first one's commit, SQLite runs them one after the other).
    const moved = form.versi
      ? await trx
          .updateTable('site_option')
          .set({ value: JSON.stringify(next) })
          .where('name', '=', SETTINGS_VERSION_OPTION)
          .where('value', '=', JSON.stringify(Number(form.versi)))
          .executeTakeFirst()
          .then((r) => Number(r.numUpdatedRows))
      : await trx
          .insertInto('site_option')
          .values({ name: SETTINGS_VERSION_OPTION, value: JSON.stringify(next) })
          .onConflict((oc) => oc.column('name').doNothing())
          .executeTakeFirst()
          .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0));
    if (moved !== 1) return { kind: 'conflict' };

    const stored = await trx
      .selectFrom('site_option')
      .select('value')
      .where('name', '=', SITE_OPTIONS.site.name)
      .executeTakeFirst();
    const site = { ...storedObject(stored?.value), ...siteOf(form) };
    await upsert(trx, SITE_OPTIONS.site.name, site);
    await upsert(trx, SITE_OPTIONS.logo.name, form.logo);
    await upsert(trx, SITE_OPTIONS.filtersUrlType.name, form.url_filter);
    await upsert(trx, SITE_OPTIONS.pageCache.name, form.cache_halaman);
    await upsert(trx, SITE_OPTIONS.headerSearch.name, form.headerSearch);
    await record(
      {
        userId,
        action: 'settings.update',
        subjectType: 'site',
        summary: `Pengaturan situs: ${form.nama}`,
        public: true,
      },
      now,
    );
    return { version: String(next) };
  });
  return outcome;
}

/** The stored `site` object (an object or nothing: a broken row is replaced). */
function storedObject(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function siteOf(form: SettingsForm) {
  const social: Record<string, string> = {};
  for (const network of SOCIAL_NETWORKS) if (form[network]) social[network] = form[network];
  return {
    title: form.nama,
    tagline: form.slogan,
    description: form.deskripsi,
    address: form.alamat,
    phone: form.telepon,
    email: form.surel,
    social,
  };
}

/**
 * Empties the page cache of every process: the audit line is a new content version, which each
 * process reads within a moment and drops its cached pages and remembered reads (this one at once).
 */
export async function purgePageCache(db: Db, userId: number): Promise<void> {
  await recordChange(db, {
    userId,
    action: 'cache.purge',
    subjectType: 'site',
    summary: 'Cache halaman dikosongkan',
    public: true,
  });
}

/**
 * The administrators' rule that every staff role signs in with a second factor (issue 25, site option
 * `staff_second_factor`). Staff are held to it from their next request on (it is read fresh each time).
 */
export async function saveSecondFactorRule(db: Db, userId: number, required: boolean): Promise<void> {
  await upsert(db, SITE_OPTIONS.staffSecondFactor.name, required);
  await recordChange(db, {
    userId,
    action: 'settings.second-factor',
    subjectType: 'site',
    summary: required ? 'Verifikasi dua langkah diwajibkan untuk staf' : 'Verifikasi dua langkah tidak lagi diwajibkan',
    // Nothing the public sees changes.
    public: false,
  });
}
