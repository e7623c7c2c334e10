import { Form, Link } from 'react-router';
import type { SettingField, SettingValues } from '~/ui/settings-form/model';
import { SettingsFields, SettingsProblems } from '~/ui/settings-form/staff-settings-fields';
import { CsrfField } from '~/ui/staff';
import { FILTERS_STAFF_PATH, type FilterUse } from '../staff-model';
import { FilterUses } from './staff-filter-list';

export interface FilterFormProps {
  /** null for a new filter */
  id: number | null;
  /** The form's fields, generated from its schema (staff-form.ts `filterFormFields`). */
  fields: SettingField[];
  values: SettingValues;
  /** The stored record's version, sent back to catch a second editor's save ('' for a new filter). */
  version: string;
  /** Pages and templates that show the filter. */
  uses: FilterUse[];
  /** Messages per field (and `form` for the whole form) after a failed save. */
  errors: Record<string, string>;
  /** Set after a save. */
  saved: boolean;
}

/** The start of the form's html ids (`filter-label`). */
const ID_PREFIX = 'filter-';

/**
 * A filter's form (issue 14 "Filters"), its fields generated from its schema (issue 23): a plain POST
 * form that works without JavaScript. Without it every field shows, and the server reads only those
 * of the chosen type; with it the fields of other types and query types are hidden as the type
 * changes. After an error it shows what was sent with the messages next to their fields, and the
 * focus goes to the list of problems.
 */
export function FilterForm({ id, fields, values, version, uses, errors, saved }: FilterFormProps) {
  const title = id === null ? 'Filter baru' : 'Ubah filter';
  return (
    <>
      <title>{`${title} · Filter · Ruang Staf`}</title>
      <p>
        <Link to={FILTERS_STAFF_PATH}>‹ Semua filter</Link>
      </p>
      <h1>{title}</h1>
      {saved && (
        <p role="status" className="admin-notice">
          Filter disimpan. Halaman yang memakainya langsung menampilkan perubahan ini, jumlah opsinya ikut dihitung
          ulang.
        </p>
      )}
      <SettingsProblems
        intro="Filter belum disimpan. Periksa isian berikut:"
        fields={fields}
        values={values}
        errors={errors}
        idPrefix={ID_PREFIX}
        named={false}
      />
      {id !== null && (
        <div className="admin-field">
          <span className="post-editor__label">Dipakai di</span>
          <FilterUses uses={uses} />
        </div>
      )}
      <Form method="post" className="staff-form">
        <CsrfField />
        <input type="hidden" name="versi" value={version} />
        <SettingsFields fields={fields} values={values} errors={errors} idPrefix={ID_PREFIX} />
        <div className="admin-actions">
          <button type="submit" className="button">
            Simpan filter
          </button>
          {id !== null && <Link to={`${FILTERS_STAFF_PATH}${id}/hapus/`}>Hapus filter</Link>}
        </div>
      </Form>
    </>
  );
}

/** The step before a deletion: what goes, and a POST button to confirm it; refused while pages show the filter. */
export function DeleteFilter({
  id,
  name,
  uses,
  error,
}: {
  id: number;
  name: string;
  uses: FilterUse[];
  error: string | null;
}) {
  return (
    <>
      <title>{`Hapus filter · Filter · Ruang Staf`}</title>
      <h1>Hapus filter?</h1>
      {error && (
        <p role="alert" className="admin-notice admin-notice--error">
          {error}
        </p>
      )}
      {uses.length > 0 ? (
        <>
          <p>
            Filter “{name}” tidak dapat dihapus karena masih dipakai di halaman berikut. Lepaskan filter ini dari
            halaman tersebut lebih dulu (bagian Halaman), lalu coba lagi.
          </p>
          <FilterUses uses={uses} />
          <p>
            <Link to={`${FILTERS_STAFF_PATH}${id}/`}>Kembali ke filter</Link>
          </p>
        </>
      ) : (
        <>
          <p>Filter “{name}” akan dihapus. Tindakan ini tidak dapat dibatalkan.</p>
          <Form method="post" className="admin-actions">
            <CsrfField />
            <button type="submit" className="button">
              Ya, hapus filter
            </button>
            <Link to={`${FILTERS_STAFF_PATH}${id}/`}>Batal</Link>
          </Form>
        </>
      )}
    </>
  );
}
