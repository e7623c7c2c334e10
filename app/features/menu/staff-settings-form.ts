import { type MenuSettings, menuSettings } from './settings';
import { SETTING_FIELDS, type SettingGroup, settingFieldName } from './staff-settings-model';

/**
 * The menu settings form read on the server (issue 21): the posted fields written over the stored
 * settings (what the form does not show, such as `breakpoint`, is kept) and checked with the stored
 * settings' own schema (settings.ts), so the form never stores what the header would refuse to read.
 * A refused value gets its field's message in the staff's language.
 */
export function menuSettingsFromForm(
  fields: Record<string, string>,
  stored: MenuSettings,
): { settings: MenuSettings } | { errors: Record<string, string> } {
  const raw: Record<SettingGroup, Record<string, unknown>> = {
    desktop: { ...stored.desktop },
    mobile: { ...stored.mobile },
  };
  for (const group of ['desktop', 'mobile'] as const) {
    for (const field of SETTING_FIELDS[group]) {
      const posted = fields[settingFieldName(group, field.key)];
      if (field.kind === 'switch') raw[group][field.key] = posted !== undefined && posted !== '';
      else if (field.kind === 'template')
        raw[group][field.key] = /^\d{1,9}$/.test(posted ?? '') ? Number(posted) : (posted ?? '');
      else if (field.kind === 'text' || field.kind === 'colour') {
        const text = (posted ?? '').trim();
        // An empty back text is none: the header then says 'Kembali' (by the site's language).
        if (field.key === 'backText' && text === '') delete raw[group][field.key];
        else raw[group][field.key] = text;
      } else raw[group][field.key] = posted ?? '';
    }
  }
  const parsed = menuSettings.safeParse(raw);
  if (parsed.success) return { settings: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [group, key] = issue.path.map(String) as [SettingGroup, string];
    const field = SETTING_FIELDS[group]?.find((f) => f.key === key);
    const name = field ? settingFieldName(group, key) : 'form';
    errors[name] ??= field?.problem ?? 'Pengaturan ini tidak dapat disimpan.';
  }
  return { errors };
}
