import { Form, Link } from 'react-router';
import type { SettingField, SettingValues } from '~/ui/settings-form/model';
import { SettingsFields, SettingsProblems } from '~/ui/settings-form/staff-settings-fields';
import { CsrfField } from '~/ui/staff';
import { editorPath, previewPath, rowId } from '../model';

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
  /** After a list's button: the control to focus, what it did, and a key that draws the fields anew. */
  listChange?: { focus?: string; notice?: { list: string; message: string }; drawn: string } | undefined;
  /** The element whose preview "Simpan dan pratinjau" opens after the save (null: a new widget's). */
  previewOf?: string;
}

const hasItems = (fields: readonly SettingField[]): boolean =>
  fields.some((f) => f.kind === 'items' || (f.kind === 'group' && hasItems(f.fields)));

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
  listChange,
  previewOf,
}: ElementFormProps) {
  const back = editorPath(page.id) + (elementId ? `#${rowId(elementId)}` : '');
  return (
    <>
      <title>{`${heading} · ${page.title} · Ruang Staf`}</title>
      <p>
        <Link to={back}>{`‹ Kembali ke ${page.title}`}</Link>
      </p>
      <h1>{heading}</h1>
      <p className="staff-hint">
        Disimpan ke draf halaman; situs publik berubah setelah draf diterbitkan.
        {previewOf ? (
          <>
            {' '}
            <a href={`${previewPath(page.id)}?elemen=${encodeURIComponent(previewOf)}`}>
              Lihat elemen ini di pratinjau
            </a>
          </>
        ) : null}
      </p>
      <SettingsProblems
        intro="Pengaturan belum disimpan. Periksa isian berikut:"
        fields={fields}
        values={values}
        errors={errors}
      />
      <Form method="post" className="staff-form">
        <CsrfField />
        <input type="hidden" name="versi" value={page.version} />
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {hasItems(fields) ? (
          // Enter in a field saves, as in any form: the first submit button is the form's default, and
          // the lists' buttons (add, remove, move) come before the visible save button.
          <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
            {submitLabel}
          </button>
        ) : null}
        {fields.length === 0 ? <p>Elemen ini tidak punya pengaturan.</p> : null}
        <div key={listChange?.drawn} className="staff-form__fields">
          <SettingsFields
            fields={fields}
            values={values}
            errors={errors}
            focus={listChange?.focus}
            notice={listChange?.notice}
          />
        </div>
        <div className="admin-actions">
          <button type="submit" className="button">
            {submitLabel}
          </button>
          <button type="submit" name="lanjut" value="pratinjau" className="button button--secondary">
            {`${submitLabel} dan pratinjau`}
          </button>
          <Link to={back}>Batal</Link>
        </div>
      </Form>
    </>
  );
}
