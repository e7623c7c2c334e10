import { createHash } from 'node:crypto';
import type { Db } from '~/db';
import { withStaffChange } from '~/lib/content-version.server';
import { type MenuSettings, parseMenuSettings } from './settings';
import { publishedTemplates } from './staff.server';
import { locationLabel } from './staff-model';
import { type MenuSettingsScreenData, menuSettingsValues, SETTING_FIELDS } from './staff-settings-model';

/**
 * A menu's own settings as staff change them (issue 21): the JSON object in `menu.settings`. A save
 * writes it with its audit line in one transaction, which ends every process's remembered menus and
 * cached pages, so the public header follows at once.
 */

/** The stored settings' version: a digest of their text (the row has no counter of its own). */
const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A menu's row with its stored settings read (a broken stored value reads as every default). */
async function storedMenu(db: Db, menuId: number) {
  const row = await db
    .selectFrom('menu')
    .select(['id', 'slug', 'name', 'location', 'settings'])
    .where('id', '=', menuId)
    .executeTakeFirst();
  if (!row) return null;
  let settings: MenuSettings;
  try {
    settings = parseMenuSettings(row.slug, row.settings);
  } catch {
    settings = parseMenuSettings(row.slug, '{}');
  }
  return { row, settings };
}

/** What the settings screen shows of a menu, or null when there is no such menu. */
export async function loadMenuSettings(db: Db, menuId: number): Promise<MenuSettingsScreenData | null> {
  const [menu, templates] = await Promise.all([storedMenu(db, menuId), publishedTemplates(db)]);
  if (!menu) return null;
  return {
    menu: { id: menu.row.id, name: menu.row.name, location: locationLabel(menu.row.location) },
    values: menuSettingsValues(menu.settings),
    version: versionOf(menu.row.settings),
    templates,
  };
}

/** The stored settings as the save starts from them (the form's values go over them), or null. */
export async function storedMenuSettings(db: Db, menuId: number): Promise<MenuSettings | null> {
  return (await storedMenu(db, menuId))?.settings ?? null;
}

/** Why a save did not happen. */
export type MenuSettingsProblem =
  | { kind: 'missing' }
  /** Someone saved this menu's settings after the form was opened: nothing was overwritten. */
  | { kind: 'conflict' }
  /** A template chosen for the mobile menu is not (or no longer) a published template. */
  | { kind: 'template'; field: string };

/** Stores a menu's settings when the form's version is the stored one, and records the change. */
export async function saveMenuSettings(
  db: Db,
  userId: number,
  menuId: number,
  settings: MenuSettings,
  version: string,
): Promise<{ saved: true } | MenuSettingsProblem> {
  const templates = new Set((await publishedTemplates(db)).map((t) => t.id));
  for (const field of SETTING_FIELDS.mobile) {
    if (field.kind !== 'template') continue;
    const id = settings.mobile[field.key as 'headerTemplate' | 'beforeTemplate' | 'afterTemplate'];
    if (id !== 0 && !templates.has(id)) return { kind: 'template', field: `mobile-${field.key}` };
  }
  const outcome = await withStaffChange(db, async (trx, record): Promise<{ saved: true } | MenuSettingsProblem> => {
    const row = await trx.selectFrom('menu').select(['name', 'settings']).where('id', '=', menuId).executeTakeFirst();
    if (!row) return { kind: 'missing' };
    if (versionOf(row.settings) !== version) return { kind: 'conflict' };
    // Conditional on the text read: of two saves at once, the second changes nothing and is refused.
    const updated = await trx
      .updateTable('menu')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', menuId)
      .where('settings', '=', row.settings)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { kind: 'conflict' };
    await record({
      userId,
      action: 'menu.settings',
      public: true,
      subjectType: 'menu',
      subjectId: menuId,
      summary: `Pengaturan menu: ${row.name}`,
    });
    return { saved: true };
  });
  return outcome;
}

/** The stored settings' version now ('' when the menu is gone). */
export async function menuSettingsVersion(db: Db, menuId: number): Promise<string> {
  const row = await db.selectFrom('menu').select('settings').where('id', '=', menuId).executeTakeFirst();
  return row ? versionOf(row.settings) : '';
}
