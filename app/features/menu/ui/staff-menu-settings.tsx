import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { CsrfField, StaffField } from '~/ui/staff';
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
  const summary = useRef<HTMLDivElement>(null);
  const problems = Object.entries(errors);
  useEffect(() => {
    if (Object.keys(errors).length > 0) summary.current?.focus();
  }, [errors]);
  const tree = `${MENUS_STAFF_PATH}${menu.id}/`;
  return (
    <section className="staff-settings staff-menu-settings">
      <title>{`Pengaturan ${menu.name} · Menu · Ruang Staf`}</title>
      <p>
        <Link to={tree}>{`‹ Item ${menu.name}`}</Link>
      </p>
      <h1>{`Pengaturan ${menu.name}`}</h1>
      <p className="staff-hint">{menu.location}</p>
      {saved && (
        <p role="status" className="admin-notice">
          Pengaturan menu disimpan dan langsung berlaku di situs. <a href="/">Lihat beranda</a>
        </p>
      )}
      {problems.length > 0 && (
        <div ref={summary} tabIndex={-1} role="alert" className="admin-notice admin-notice--error">
          <p>Pengaturan menu belum disimpan. Periksa isian berikut:</p>
          <ul>
            {problems.map(([name, message]) => (
              <li key={name}>{name === 'form' ? message : <a href={`#${fieldId(name)}`}>{message}</a>}</li>
            ))}
          </ul>
        </div>
      )}
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
        <div className="admin-actions">
          <button type="submit" className="button">
            Simpan pengaturan menu
          </button>
        </div>
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
    const described = [field.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
    return (
      <>
        <div className="admin-field staff-check">
          <input
            id={id}
            type="checkbox"
            name={name}
            value="1"
            defaultChecked={value === '1'}
            aria-describedby={described || undefined}
          />
          <label htmlFor={id}>{field.label}</label>
        </div>
        {field.hint ? (
          <p id={`${id}-hint`} className="staff-hint">
            {field.hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="admin-field__error">
            {error}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <StaffField id={id} label={field.label} hint={field.hint} error={error}>
      {(a) =>
        field.kind === 'choice' ? (
          <select {...a} name={name} defaultValue={value}>
            {field.choices.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        ) : field.kind === 'template' ? (
          <select {...a} name={name} defaultValue={value}>
            <option value="0">Tanpa templat</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...a}
            name={name}
            defaultValue={value}
            autoComplete="off"
            spellCheck={field.kind === 'text'}
            maxLength={field.kind === 'text' ? field.max : 7}
          />
        )
      }
    </StaffField>
  );
}
