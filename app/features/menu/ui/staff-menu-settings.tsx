import { Form } from 'react-router';
import {
  CsrfField,
  StaffHead,
  StaffMessage,
  StaffProblems,
  StaffSelect,
  StaffSubmit,
  StaffSwitch,
  StaffTextField,
} from '~/ui/staff';
import { MENUS_STAFF_PATH } from '../staff-model';
import {
  type MenuSettingsScreenData,
  type MenuSettingsValues,
  SETTING_FIELDS,
  type SettingField,
  type SettingGroup,
  settingFieldName,
} from '../staff-settings-model';

export interface MenuSettingsFormProps extends MenuSettingsScreenData {
  /** Messages per field (and `form` for the whole form) after a failed save. */
  errors: Record<string, string>;
  saved: boolean;
}

const fieldId = (name: string) => `menu-setting-${name}`;

const GROUPS: Array<{ group: SettingGroup; legend: string; hint: string }> = [
  { group: 'desktop', legend: 'Menu layar lebar', hint: 'Jendela selebar 1025 piksel atau lebih.' },
  { group: 'mobile', legend: 'Menu ponsel dan tablet', hint: 'Jendela yang lebih sempit dari 1025 piksel.' },
];

/**
 * A menu's own settings (issue 21): how the desktop menu opens its submenus and sizes its mega panels,
 * and the mobile menu's layout, toggle and levels. A plain POST form that works without JavaScript;
 * after an error it shows what was sent with the messages by their fields, and the focus goes to the
 * list of problems.
 */
export function MenuSettingsForm({ menu, values, version, templates, errors, saved }: MenuSettingsFormProps) {
  const tree = `${MENUS_STAFF_PATH}${menu.id}/`;
  return (
    <section className="staff-settings staff-menu-settings">
      <StaffHead title={`Pengaturan ${menu.name}`} within="Menu" back={{ to: tree, label: `‹ Item ${menu.name}` }} />
      <p className="staff-hint">{menu.location}</p>
      {saved && (
        <StaffMessage>
          Pengaturan menu disimpan dan langsung berlaku di situs. <a href="/">Lihat beranda</a>
        </StaffMessage>
      )}
      <StaffProblems
        subject="Pengaturan menu"
        errors={errors}
        href={(name) => (name === 'form' ? null : `#${fieldId(name)}`)}
      />
      <Form method="post" className="staff-form">
        <CsrfField />
        <input type="hidden" name="versi" value={version} />
        {GROUPS.map(({ group, legend, hint }) => (
          <fieldset key={group} className="post-editor__box">
            <legend>{legend}</legend>
            <p className="staff-hint">{hint}</p>
            {SETTING_FIELDS[group].map((field) => (
              <Setting
                key={field.key}
                name={settingFieldName(group, field.key)}
                field={field}
                values={values}
                templates={templates}
                error={errors[settingFieldName(group, field.key)]}
              />
            ))}
          </fieldset>
        ))}
        <StaffSubmit label="Simpan pengaturan menu" />
      </Form>
    </section>
  );
}

function Setting({
  name,
  field,
  values,
  templates,
  error,
}: {
  name: string;
  field: SettingField;
  values: MenuSettingsValues;
  templates: MenuSettingsScreenData['templates'];
  error: string | undefined;
}) {
  const id = fieldId(name);
  const value = values[name] ?? '';
  if (field.kind === 'switch') {
    return (
      <StaffSwitch id={id} name={name} label={field.label} checked={value === '1'} hint={field.hint} error={error} />
    );
  }
  const frame = { id, label: field.label, hint: field.hint, error, name, defaultValue: value };
  if (field.kind === 'choice') {
    return <StaffSelect {...frame} options={field.choices.map(([v, label]) => ({ value: v, label }))} />;
  }
  if (field.kind === 'template') {
    return (
      <StaffSelect
        {...frame}
        options={[{ value: '0', label: 'Tanpa templat' }, ...templates.map((t) => ({ value: t.id, label: t.title }))]}
      />
    );
  }
  return (
    <StaffTextField
      {...frame}
      autoComplete="off"
      spellCheck={field.kind === 'text'}
      maxLength={field.kind === 'text' ? field.max : 7}
    />
  );
}
