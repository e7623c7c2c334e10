import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { StaffField, StaffImagePicker } from '~/ui/staff';
import { useHydrated } from '~/ui/use-hydrated';
import {
  changeValue,
  choiceName,
  holds,
  type ItemsField,
  isShown,
  itemCount,
  itemFields,
  itemLabel,
  listCommandValue,
  liveFields,
  type SettingField,
  type SettingOption,
  type SettingPick,
  type SettingValues,
} from './model';

/** The html id of a settings field (the form's id prefix and its name with dots and colons made safe). */
export const fieldId = (name: string, idPrefix = 'f-') => `${idPrefix}${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** A hint's words, `code` between backticks shown as code. */
function hintText(hint: string): ReactNode {
  if (!hint.includes('`')) return hint;
  return hint.split(/`([^`]*)`/).map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

/**
 * The control a list's button leaves the focus on (its name, or the button's value): the form is drawn
 * anew after each of those buttons, with or without JavaScript, and the `autofocus` attribute is what
 * puts the keyboard back where it was in both cases (a page reload and a remount).
 */
const focusAfterList = (focus: string | undefined, name: string) => (focus === name ? { autoFocus: true } : {});

interface FieldsProps {
  fields: readonly SettingField[];
  values: SettingValues;
  errors: Record<string, string>;
  /** The control that gets the focus after a list's button (a field's name or the button's value). */
  focus?: string | undefined;
  /** What a list's button just did, said next to that list. */
  notice?: { list: string; message: string } | undefined;
}

/** What every field of one form shares: its live values (the fields conditions read) and its ids. */
interface FormState {
  idPrefix: string;
  hydrated: boolean;
  /** The values of the fields the form's conditions read, as they are now. */
  live: SettingValues;
  tracked: ReadonlySet<string>;
  change: (name: string, value: string) => void;
}

const FormContext = createContext<FormState | null>(null);

function useFormState(): FormState {
  const state = useContext(FormContext);
  if (!state) throw new Error('a settings field outside SettingsFields');
  return state;
}

/**
 * The fields of a form generated from a zod schema (from-schema.ts): plain form controls, each
 * labelled, with its hint and its error tied to it; what was typed is shown back. A field that applies
 * only under a condition shows once the form is live and the condition holds (hidden fields keep what
 * was typed in them and are sent; the server reads only those that apply); before, and without
 * JavaScript, every field shows. A hidden field never blocks the form: its bounds and `required` go.
 */
export function SettingsFields({ fields, values, idPrefix = 'f-', ...rest }: FieldsProps & { idPrefix?: string }) {
  const hydrated = useHydrated();
  const tracked = useMemo(() => liveFields(fields), [fields]);
  const [live, setLive] = useState(() => Object.fromEntries([...tracked].map((name) => [name, values[name] ?? ''])));
  const state: FormState = {
    idPrefix,
    hydrated,
    live,
    tracked,
    change: (name, value) => setLive((now) => changeValue(fields, now, name, value)),
  };
  return (
    <FormContext.Provider value={state}>
      <FieldList fields={fields} values={values} {...rest} />
    </FormContext.Provider>
  );
}

/** Fields in order; `conditional`: they are inside a field that applies only under a condition. */
function FieldList({ fields, conditional = false, ...rest }: FieldsProps & { conditional?: boolean }) {
  return fields.map((field) => (
    <SettingInput key={field.name} field={field} conditional={conditional || field.when !== undefined} {...rest} />
  ));
}

/** An error's words under its control. */
const ErrorText = ({ id, error }: { id: string; error: string | undefined }) =>
  error ? (
    <span id={`${id}-error`} className="admin-field__error">
      {error}
    </span>
  ) : null;

/** What a live control's change gives: its value, and a checkbox's state. */
type Control = { value: string; checked?: boolean };

function SettingInput({
  field,
  conditional,
  ...rest
}: { field: SettingField; conditional: boolean } & Omit<FieldsProps, 'fields'>) {
  const { values, errors, focus } = rest;
  const { idPrefix, hydrated, live, tracked, change } = useFormState();
  const id = fieldId(field.name, idPrefix);
  const isLive = tracked.has(field.name);
  const value = isLive ? (live[field.name] ?? '') : (values[field.name] ?? '');
  const error = errors[field.name];
  const hint = field.hint ? hintText(field.hint) : undefined;
  const shown = !hydrated || isShown(field, live);
  const hidden = shown ? undefined : true;
  // Before the form is live every field shows, those that may not apply too: none of those is required.
  const mandatory = hydrated ? shown : !conditional;
  const focused = focusAfterList(focus, field.name);
  // A live control is controlled (the form's conditions read it); the others keep what is typed.
  const bind = (read: (target: Control) => string, checkbox = false) =>
    isLive
      ? {
          ...(checkbox ? { checked: value !== '' } : { value }),
          onChange: (e: { currentTarget: Control }) => change(field.name, read(e.currentTarget)),
        }
      : checkbox
        ? { defaultChecked: value !== '' }
        : { defaultValue: value };
  if (field.picks) return <PickInput field={field} picks={field.picks} id={id} value={value} error={error} />;
  switch (field.kind) {
    case 'items':
      return <ItemList list={field} {...rest} />;
    case 'boolean':
      return (
        <div className="admin-field" hidden={hidden}>
          <div className="staff-check">
            <input
              type="checkbox"
              id={id}
              name={field.name}
              {...focused}
              {...bind((t) => (t.checked ? 'on' : ''), true)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <label htmlFor={id}>{field.label}</label>
          </div>
          <ErrorText id={id} error={error} />
        </div>
      );
    case 'choices':
      return (
        <fieldset
          id={id}
          className="post-editor__box"
          hidden={hidden}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <legend>{field.label}</legend>
          {hint ? <p className="staff-hint">{hint}</p> : null}
          {offered(field.options, hydrated, live, []).map((o) => (
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
          <ErrorText id={id} error={error} />
        </fieldset>
      );
    case 'group': {
      const legend =
        hydrated && field.legendBy
          ? (field.legendBy.legends[live[field.legendBy.field] ?? ''] ?? field.label)
          : field.label;
      return (
        <fieldset className="post-editor__box" hidden={hidden}>
          <legend>{legend}</legend>
          {!hydrated && field.hintWithoutScript ? <p className="staff-hint">{field.hintWithoutScript}</p> : null}
          {hint ? <p className="staff-hint">{hint}</p> : null}
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
          <FieldList fields={field.fields} conditional={conditional} {...rest} />
        </fieldset>
      );
    }
    default:
      return (
        <StaffField id={id} label={field.label} hint={hint} error={error} hidden={hidden}>
          {(control) => {
            // Every control's name, its focus after a list's button and its value (kept or live).
            const own = { name: field.name, ...focused, ...bind((t) => t.value) };
            if (field.kind === 'choice') {
              return (
                <select {...control} {...own} required={mandatory && field.empty === 'Pilih salah satu'}>
                  {field.empty !== null || value === '' ? <option value="">{field.empty ?? 'Bawaan'}</option> : null}
                  {offered(field.options, hydrated, live, [value]).map((o) => (
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
                  {...own}
                  min={shown ? field.min : undefined}
                  max={shown ? field.max : undefined}
                  step={field.integer ? 1 : 'any'}
                  inputMode={field.integer ? 'numeric' : 'decimal'}
                />
              );
            }
            const verbatim =
              field.kind === 'text' && field.verbatim
                ? { autoCapitalize: 'none', spellCheck: false }
                : field.kind === 'json'
                  ? { spellCheck: false }
                  : {};
            if (field.kind === 'text' && !field.multiline) {
              const suggestions = field.suggestions ? offered(field.suggestions, true, live, []) : null;
              return (
                <>
                  <input
                    {...control}
                    {...own}
                    maxLength={field.maxLength}
                    required={mandatory && field.required && (field.minLength ?? 0) > 0}
                    {...(suggestions ? { list: `${id}-saran` } : {})}
                    {...verbatim}
                  />
                  {suggestions ? (
                    <datalist id={`${id}-saran`}>
                      {suggestions.map((s) => (
                        <option key={s.value} value={s.value} />
                      ))}
                    </datalist>
                  ) : null}
                </>
              );
            }
            return (
              <textarea
                {...control}
                {...own}
                rows={field.kind === 'text' ? (field.rows ?? 10) : 5}
                maxLength={field.kind === 'text' ? field.maxLength : undefined}
                {...verbatim}
                className={field.kind === 'json' ? 'staff-menu-tree__url' : undefined}
              />
            );
          }}
        </StaffField>
      );
  }
}

/**
 * The choices offered now: where their condition holds once the form is live (every one before, so
 * that a form without JavaScript can choose any), and always the one chosen.
 */
function offered(
  options: readonly SettingOption[],
  hydrated: boolean,
  live: SettingValues,
  chosen: readonly string[],
): readonly SettingOption[] {
  if (!hydrated && options.every((o) => !o.when)) return options;
  return options.filter((o) => !hydrated || holds(o.when, live) || chosen.includes(o.value));
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
 * form back as typed and the server answers it changed (from-schema.ts `changeList`), unsaved: the same
 * with or without JavaScript, by keyboard, and at any width. The item count travels in a hidden field.
 */
function ItemList({ list, ...rest }: { list: ItemsField } & Omit<FieldsProps, 'fields'>) {
  const { values, errors, focus, notice } = rest;
  const { idPrefix } = useFormState();
  const id = fieldId(list.name, idPrefix);
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
      {list.hint ? <p className="staff-hint">{hintText(list.hint)}</p> : null}
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
          const itemId = fieldId(name, idPrefix);
          return (
            <li key={i}>
              <fieldset
                id={itemId}
                className="staff-items__item"
                aria-describedby={itemError ? `${itemId}-error` : undefined}
              >
                <legend>
                  {itemLabel(i)}
                  {summary ? <span className="staff-items__summary">{`: ${summary}`}</span> : null}
                </legend>
                {itemError ? (
                  <p id={`${itemId}-error`} className="admin-field__error">
                    {itemError}
                  </p>
                ) : null}
                <FieldList fields={fields} {...rest} />
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
      <StaffField id={id} label={field.label} hint={field.hint ? hintText(field.hint) : undefined} error={error}>
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

/** Every field's name with its label, groups' and items' fields included (the list of problems links to them). */
function labelsOf(fields: readonly SettingField[], values: SettingValues): Map<string, string> {
  const map = new Map<string, string>();
  for (const f of fields) {
    map.set(f.name, f.label);
    if (f.kind === 'group') {
      for (const [k, v] of labelsOf(f.fields, values)) map.set(k, f.flat ? v : `${f.label} › ${v}`);
    }
    if (f.kind === 'items') {
      for (let i = 0; i < itemCount(values[f.name]); i++) {
        const item = `${f.label} › ${itemLabel(i)}`;
        map.set(`${f.name}.${i}`, item);
        for (const [k, v] of labelsOf(itemFields(f, i), values)) map.set(k, `${item} › ${v}`);
      }
    }
  }
  return map;
}

/**
 * The problems of a refused save, above the form: each a link to its field (named by its label, or,
 * `named` false, by its message alone when the messages say which field they are about). A new
 * answer with problems (not a re-render while typing) moves the focus here.
 */
export function SettingsProblems({
  intro,
  fields,
  values,
  errors,
  idPrefix = 'f-',
  named = true,
}: {
  /** What the list is about: "Pengaturan belum disimpan. Periksa isian berikut:" */
  intro: string;
  fields: readonly SettingField[];
  values: SettingValues;
  errors: Record<string, string>;
  idPrefix?: string;
  named?: boolean;
}) {
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length > 0) summary.current?.focus();
  }, [errors]);
  const problems = Object.entries(errors);
  if (problems.length === 0) return null;
  const labels = labelsOf(fields, values);
  return (
    <div ref={summary} tabIndex={-1} role="alert" className="admin-notice admin-notice--error">
      <p>{intro}</p>
      <ul>
        {problems.map(([name, message]) => (
          <li key={name}>
            {labels.has(name) ? (
              <a href={`#${fieldId(name, idPrefix)}`}>{named ? `${labels.get(name)}: ${message}` : message}</a>
            ) : (
              message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
