import { StaffField, StaffImagePicker } from '~/ui/staff';
import {
  type ItemsField,
  itemCount,
  itemFields,
  itemLabel,
  listCommandValue,
  type SettingField,
  type SettingPick,
  type SettingValues,
} from '../model';

/** The html id of a settings field (its name with dots and colons made safe). */
export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/**
 * The control a list's button leaves the focus on (its name, or the button's value): the form is drawn
 * anew after each of those buttons, with or without JavaScript, and the `autofocus` attribute is what
 * puts the keyboard back where it was in both cases (a page reload and a remount).
 */
const focusAfterList = (focus: string | undefined, name: string) => (focus === name ? { autoFocus: true } : {});

/** The name of one checkbox of a `choices` field (settings-form.ts `choiceName`). */
const choiceName = (field: { name: string }, value: string) => `${field.name}:${value}`;

interface FieldsProps {
  fields: readonly SettingField[];
  values: SettingValues;
  errors: Record<string, string>;
  /** The control that gets the focus after a list's button (a field's name or the button's value). */
  focus?: string | undefined;
  /** What a list's button just did, said next to that list. */
  notice?: { list: string; message: string } | undefined;
}

/**
 * The fields of a settings form generated from a zod schema (settings-form.ts): plain form controls,
 * each labelled, with its hint and its error tied to it; what was typed is shown back.
 */
export function SettingsFields({ fields, ...rest }: FieldsProps) {
  return fields.map((field) => <SettingInput key={field.name} field={field} {...rest} />);
}

function SettingInput({ field, values, errors, focus, notice }: { field: SettingField } & Omit<FieldsProps, 'fields'>) {
  const id = fieldId(field.name);
  const value = values[field.name] ?? '';
  const error = errors[field.name];
  const hint = field.hint || undefined;
  const focused = focusAfterList(focus, field.name);
  if (field.picks) return <PickInput field={field} picks={field.picks} id={id} value={value} error={error} />;
  switch (field.kind) {
    case 'items':
      return <ItemList list={field} values={values} errors={errors} focus={focus} notice={notice} />;
    case 'boolean':
      return (
        <div className="admin-field">
          <div className="staff-check">
            <input
              type="checkbox"
              id={id}
              name={field.name}
              {...focused}
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
          <SettingsFields fields={field.fields} values={values} errors={errors} focus={focus} notice={notice} />
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
                  {...focused}
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
                  {...focused}
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
                  {...focused}
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
                {...focused}
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

/** An item's first words (its first text), to tell the items apart in their legends. */
function itemSummary(fields: readonly SettingField[], values: SettingValues): string {
  const text = fields.find((f) => f.kind === 'text' && !f.picks && (values[f.name] ?? '').trim() !== '');
  const words = text
    ? (values[text.name] ?? '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : '';
  return words.length > 60 ? `${words.slice(0, 59).trimEnd()}…` : words;
}

/**
 * A list of items (an array of objects in the schema): one fieldset per item with its fields, and plain
 * submit buttons of the settings form to raise, lower or remove an item and to add one. They post the
 * form back as typed and the server answers it changed (settings-form.ts `changeList`), unsaved: the same
 * with or without JavaScript, by keyboard, and at any width. The item count travels in a hidden field.
 */
function ItemList({ list, values, errors, focus, notice }: { list: ItemsField } & Omit<FieldsProps, 'fields'>) {
  const id = fieldId(list.name);
  const count = itemCount(values[list.name]);
  const error = errors[list.name];
  const button = (value: string, label: string, text: string, disabled = false) => (
    <button
      type="submit"
      name="daftar"
      value={value}
      // Moving or removing an unfinished item is fine: the save checks it.
      formNoValidate
      disabled={disabled}
      {...focusAfterList(focus, value)}
      aria-label={label}
      className="button button--secondary staff-menu-tree__button"
    >
      {text}
    </button>
  );
  return (
    <fieldset id={id} className="post-editor__box staff-items" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{list.label}</legend>
      {list.hint ? <p className="staff-hint">{list.hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="admin-field__error">
          {error}
        </p>
      ) : null}
      <input type="hidden" name={list.name} value={count} />
      <p role="status" className="staff-hint">
        {notice?.list === list.name ? notice.message : ''}
      </p>
      {count === 0 ? <p>Belum ada item.</p> : null}
      <ol className="staff-items__list">
        {Array.from({ length: count }, (_, i) => {
          const name = `${list.name}.${i}`;
          const command = (op: 'naik' | 'turun' | 'hapus') => listCommandValue({ op, list: list.name, index: i });
          const fields = itemFields(list, i);
          const summary = itemSummary(fields, values);
          const itemError = errors[name];
          return (
            <li key={i}>
              <fieldset
                id={fieldId(name)}
                className="staff-items__item"
                aria-describedby={itemError ? `${fieldId(name)}-error` : undefined}
              >
                <legend>
                  {itemLabel(i)}
                  {summary ? <span className="staff-items__summary">{`: ${summary}`}</span> : null}
                </legend>
                {itemError ? (
                  <p id={`${fieldId(name)}-error`} className="admin-field__error">
                    {itemError}
                  </p>
                ) : null}
                <SettingsFields fields={fields} values={values} errors={errors} focus={focus} notice={notice} />
                <div className="admin-actions">
                  {button(command('naik'), `Naik: ${itemLabel(i)}`, 'Naik', i === 0)}
                  {button(command('turun'), `Turun: ${itemLabel(i)}`, 'Turun', i === count - 1)}
                  {button(command('hapus'), `Hapus: ${itemLabel(i)}`, 'Hapus')}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {button(
        listCommandValue({ op: 'tambah', list: list.name }),
        `Tambah item: ${list.label}`,
        'Tambah item',
        count >= list.maxItems,
      )}
    </fieldset>
  );
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
