import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { CsrfField } from '~/ui/staff';
import { editorPath, rowId, type SettingField, type SettingValues } from '../model';
import { fieldId, SettingsFields } from './settings-fields';

export interface ElementFormProps {
  page: { id: number; title: string; version: number };
  /** "Pengaturan Judul", "Widget baru: Judul" … */
  heading: string;
  /** The element the form is of (null: a new widget), to go back to its row. */
  elementId: string | null;
  fields: SettingField[];
  values: SettingValues;
  /** Messages per field name (and `form` for the whole form) after a refused save. */
  errors: Record<string, string>;
  submitLabel: string;
  /** Fields the form sends back as they came (a new widget's column and type). */
  hidden?: Record<string, string>;
}

/** Every field's name with its label, groups' fields included (the error list links to them). */
function labelsOf(fields: readonly SettingField[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const f of fields) {
    map.set(f.name, f.label);
    if (f.kind === 'group') for (const [k, v] of labelsOf(f.fields)) map.set(k, `${f.label} › ${v}`);
  }
  return map;
}

/**
 * The settings form of a section, column or widget (issue 14 "Pages"), its fields generated from the
 * element's zod schema: a plain POST form that works without JavaScript; after a refused save it shows
 * what was sent with the messages next to their fields, and the focus goes to the list of problems.
 */
export function ElementForm({
  page,
  heading,
  elementId,
  fields,
  values,
  errors,
  submitLabel,
  hidden,
}: ElementFormProps) {
  const summary = useRef<HTMLDivElement>(null);
  const problems = Object.entries(errors);
  useEffect(() => {
    if (Object.keys(errors).length > 0) summary.current?.focus();
  }, [errors]);
  const labels = labelsOf(fields);
  const back = editorPath(page.id) + (elementId ? `#${rowId(elementId)}` : '');
  return (
    <>
      <title>{`${heading} · ${page.title} · Ruang Staf`}</title>
      <p>
        <Link to={back}>{`‹ Kembali ke ${page.title}`}</Link>
      </p>
      <h1>{heading}</h1>
      <p className="staff-hint">Disimpan ke draf halaman; situs publik berubah setelah draf diterbitkan.</p>
      {problems.length > 0 && (
        <div ref={summary} tabIndex={-1} role="alert" className="admin-notice admin-notice--error">
          <p>Pengaturan belum disimpan. Periksa isian berikut:</p>
          <ul>
            {problems.map(([name, message]) => (
              <li key={name}>
                {labels.has(name) ? <a href={`#${fieldId(name)}`}>{`${labels.get(name)}: ${message}`}</a> : message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" className="staff-form">
        <CsrfField />
        <input type="hidden" name="versi" value={page.version} />
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {fields.length === 0 ? <p>Elemen ini tidak punya pengaturan.</p> : null}
        <SettingsFields fields={fields} values={values} errors={errors} />
        <div className="admin-actions">
          <button type="submit" className="button">
            {submitLabel}
          </button>
          <Link to={back}>Batal</Link>
        </div>
      </Form>
    </>
  );
}
