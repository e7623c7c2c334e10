import { StaffField, StaffImagePicker } from '~/ui/staff';
import type { SettingField, SettingPick, SettingValues } from '../model';

/** The html id of a settings field (its name with dots and colons made safe). */
export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The name of one checkbox of a `choices` field (settings-form.ts `choiceName`). */
const choiceName = (field: { name: string }, value: string) => `${field.name}:${value}`;

interface FieldsProps {
  fields: readonly SettingField[];
  values: SettingValues;
  errors: Record<string, string>;
}

/**
 * The fields of a settings form generated from a zod schema (settings-form.ts): plain form controls,
 * each labelled, with its hint and its error tied to it; what was typed is shown back.
 */
export function SettingsFields({ fields, values, errors }: FieldsProps) {
  return fields.map((field) => <SettingInput key={field.name} field={field} values={values} errors={errors} />);
}

function SettingInput({ field, values, errors }: { field: SettingField } & Omit<FieldsProps, 'fields'>) {
  const id = fieldId(field.name);
  const value = values[field.name] ?? '';
  const error = errors[field.name];
  const hint = field.hint || undefined;
  if (field.picks) return <PickInput field={field} picks={field.picks} id={id} value={value} error={error} />;
  switch (field.kind) {
    case 'boolean':
      return (
        <div className="admin-field">
          <div className="staff-check">
            <input
              type="checkbox"
              id={id}
              name={field.name}
              defaultChecked={value !== ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <label htmlFor={id}>{field.label}</label>
          </div>
          {error ? (
            <span id={`${id}-error`} className="admin-field__error">
              {error}
            </span>
          ) : null}
        </div>
      );
    case 'choices':
      return (
        <fieldset id={id} className="post-editor__box" aria-describedby={error ? `${id}-error` : undefined}>
          <legend>{field.label}</legend>
          {hint ? <p className="staff-hint">{hint}</p> : null}
          {field.options.map((o) => (
            <div key={o.value} className="staff-check">
              <input
                type="checkbox"
                id={`${id}-${o.value}`}
                name={choiceName(field, o.value)}
                defaultChecked={values[choiceName(field, o.value)] !== ''}
              />
              <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
            </div>
          ))}
          {error ? (
            <span id={`${id}-error`} className="admin-field__error">
              {error}
            </span>
          ) : null}
        </fieldset>
      );
    case 'group':
      return (
        <fieldset className="post-editor__box">
          <legend>{field.label}</legend>
          {field.toggle ? (
            <div className="staff-check">
              <input type="checkbox" id={id} name={field.name} defaultChecked={value !== ''} />
              <label htmlFor={id}>{`Pakai: ${field.label}`}</label>
            </div>
          ) : null}
          {field.toggle ? (
            <p className="staff-hint">Isian di bawah dipakai hanya bila kotak di atas dicentang.</p>
          ) : null}
          {error ? <p className="admin-field__error">{error}</p> : null}
          <SettingsFields fields={field.fields} values={values} errors={errors} />
        </fieldset>
      );
    default:
      return (
        <StaffField id={id} label={field.label} hint={hint} error={error}>
          {(control) => {
            if (field.kind === 'choice') {
              return (
                <select
                  {...control}
                  name={field.name}
                  defaultValue={value}
                  required={field.empty === 'Pilih salah satu'}
                >
                  {field.empty !== null || value === '' ? <option value="">{field.empty ?? 'Bawaan'}</option> : null}
                  {field.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                  {value !== '' && !field.options.some((o) => o.value === value) ? (
                    <option value={value}>{value}</option>
                  ) : null}
                </select>
              );
            }
            if (field.kind === 'number') {
              return (
                <input
                  {...control}
                  type="number"
                  name={field.name}
                  defaultValue={value}
                  min={field.min}
                  max={field.max}
                  step={field.integer ? 1 : 'any'}
                  inputMode={field.integer ? 'numeric' : 'decimal'}
                />
              );
            }
            if (field.kind === 'text' && !field.multiline) {
              return (
                <input
                  {...control}
                  name={field.name}
                  defaultValue={value}
                  maxLength={field.maxLength}
                  required={field.required && (field.minLength ?? 0) > 0}
                />
              );
            }
            return (
              <textarea
                {...control}
                name={field.name}
                defaultValue={value}
                rows={field.kind === 'text' ? 10 : 5}
                maxLength={field.kind === 'text' ? field.maxLength : undefined}
                spellCheck={field.kind === 'json' ? false : undefined}
                className={field.kind === 'json' ? 'staff-menu-tree__url' : undefined}
              />
            );
          }}
        </StaffField>
      );
  }
}

/**
 * A setting that names a thing of the site: images as a list of thumbnails to choose from (radio
 * buttons), anything else (a menu) as a select. A stored value that is not among them stays a choice.
 */
function PickInput({
  field,
  picks,
  id,
  value,
  error,
}: {
  field: SettingField;
  picks: SettingPick[];
  id: string;
  value: string;
  error: string | undefined;
}) {
  const known = value === '' || picks.some((p) => p.value === value);
  const all = known ? picks : [...picks, { value, label: `${value} (tersimpan)` }];
  if (!picks.some((p) => p.thumb)) {
    return (
      <StaffField id={id} label={field.label} hint={field.hint || undefined} error={error}>
        {(control) => (
          <select {...control} name={field.name} defaultValue={value} required={field.required}>
            {value === '' ? <option value="">{field.required ? 'Pilih salah satu' : 'Bawaan'}</option> : null}
            {all.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        )}
      </StaffField>
    );
  }
  return (
    <StaffImagePicker
      id={id}
      name={field.name}
      legend={field.label}
      choices={all}
      value={value}
      required={field.required}
      error={error}
    />
  );
}
