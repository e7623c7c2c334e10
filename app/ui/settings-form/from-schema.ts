import { z } from 'zod';
import {
  type Condition,
  choiceName,
  type GroupField,
  holds,
  ITEMS_LIMIT,
  type ItemsField,
  itemCount,
  itemFields,
  itemLabel,
  keyOf,
  type ListCommand,
  listCommandValue,
  type SettingField,
  type SettingOption,
  type SettingValues,
} from './model';

/**
 * A staff form generated from a zod schema (issue 14 "Pages", made general in issue 23 "Forms from
 * schemas"): the schema as JSON Schema (zod 4's `z.toJSONSchema`, input side: a setting with a default
 * may be left out) becomes one field per setting: strings a text input (a textarea when long or rich),
 * numbers a number input with its bounds, booleans a checkbox, enums a select, arrays of an enum
 * checkboxes, other arrays of strings or numbers one item per line, objects a fieldset (with an on/off
 * checkbox when the object may be left out), arrays of objects a list of items (a fieldset per item
 * with the item's fields, named by index: `s.items.2.title`), anything else a JSON textarea. The
 * posted form is read back into an object that the same schema then checks; its issues become
 * messages per field (an item's next to that item's field).
 *
 * A schema says more with `.meta()` (`FieldMeta`, `FormMeta`): a label and a hint of its own, the
 * words of its choices, when a field or a choice applies, and fieldsets that only lay out an
 * object's settings. Pure and server-only (zod stays out of the browser bundle).
 */

/** What a setting's `.meta()` may say to the form (a type, not an interface: zod's meta is a record). */
export type FieldMeta = {
  /** The field's label (else the form's `label` option names it by its key). */
  title?: string;
  /** The field's hint, in place of the one made from the schema; `code` between backticks. */
  description?: string;
  /** The words of an enum's values. */
  optionLabels?: Record<string, string>;
  /** When each of an enum's values is offered (by the form's values). */
  optionWhen?: Record<string, Condition>;
  /** The words of a select's empty choice; null: the select has none (the form always holds a value). */
  empty?: string | null;
  /** The field shows and is read only where this holds. */
  when?: Condition;
  /** A textarea's height in lines. */
  rows?: number;
  /** A name, key or line format: typed as it is (no capitals, no spelling check). */
  verbatim?: boolean;
};

/** A fieldset that lays out some settings of an object (they keep their names). */
export interface FormGroup {
  title: string;
  /** The settings' keys, in the order the fieldset shows them. */
  fields: readonly string[];
  /** Once the form is live, the legend names a field's value: legends by value. */
  legendBy?: { field: string; legends: Record<string, string> };
  /** Said while every field shows (before the form is live, or without JavaScript). */
  hintWithoutScript?: string;
}

/** What an object's `.meta()` may say to the form. */
export type FormMeta = FieldMeta & {
  /** Fieldsets of its settings; a setting in none shows where it is, outside them. */
  groups?: readonly FormGroup[];
};

/** The JSON Schema parts this rule reads. */
interface Json extends FieldMeta {
  groups?: readonly FormGroup[];
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Json[];
  items?: Json;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** How a form is made from its schema. */
export interface SchemaFormOptions {
  /** The first part of every field's name (`s` → `s.title`); left out, fields are named by their keys. */
  prefix?: string;
  /** A setting's label where its schema gives no title (else its key spelt out: `loadMoreText` → "load more text"). */
  label?: (key: string) => string;
  /** A choice's words where its schema gives none (else its value). */
  optionLabel?: (value: string) => string;
  /** Keys of the settings that hold HTML (edited in a textarea). */
  rich?: readonly string[];
  /**
   * `generated` (the default): a field whose schema has no description gets a hint made from the
   * schema (its limits, its default); `described`: only descriptions are hints.
   */
  hints?: 'generated' | 'described';
}

type Rules = Required<Omit<SchemaFormOptions, 'prefix'>>;

/** Strings longer than this are edited in a textarea. */
const LONG_TEXT = 500;

const spelt = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

/** The fields of a schema's form. */
export function schemaFields(schema: z.ZodType, options: SchemaFormOptions = {}): SettingField[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  const rules: Rules = {
    label: options.label ?? spelt,
    optionLabel: options.optionLabel ?? ((v) => v),
    rich: options.rich ?? [],
    hints: options.hints ?? 'generated',
  };
  return objectFields(json, options.prefix ?? '', rules);
}

function objectFields(json: Json, prefix: string, rules: Rules): SettingField[] {
  const required = new Set(json.required ?? []);
  const props = json.properties ?? {};
  const fieldOfKey = (key: string) => {
    const prop = props[key] as Json;
    return fieldOf(prop, join(prefix, key), key, required.has(key) && !('default' in prop), rules);
  };
  const groups = json.groups ?? [];
  const out: SettingField[] = [];
  const placed = new Set<FormGroup>();
  // A fieldset stands where the first of its settings is; its name (`@2`) is no setting's key.
  for (const key of Object.keys(props)) {
    const group = groups.find((g) => g.fields.includes(key));
    if (!group) out.push(fieldOfKey(key));
    else if (!placed.has(group)) {
      placed.add(group);
      const fields = group.fields.filter((k) => k in props).map(fieldOfKey);
      out.push(flatGroup(group, join(prefix, `@${groups.indexOf(group) + 1}`), fields));
    }
  }
  return out;
}

function flatGroup(group: FormGroup, name: string, fields: SettingField[]): GroupField {
  return {
    name,
    label: group.title,
    required: false,
    hint: '',
    kind: 'group',
    toggle: false,
    flat: true,
    fields,
    ...(group.legendBy ? { legendBy: group.legendBy } : {}),
    ...(group.hintWithoutScript ? { hintWithoutScript: group.hintWithoutScript } : {}),
  };
}

const isScalar = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** The values of an enum (`enum`, or a union of constants such as `2 | 3`), null when it is none. */
function enumOf(json: Json): unknown[] | null {
  if (json.enum) return json.enum;
  if (json.anyOf?.length && json.anyOf.every((a) => 'const' in a)) return json.anyOf.map((a) => a.const);
  return null;
}

function optionsOf(json: Json, values: unknown[], rules: Rules): SettingOption[] {
  return values.map((v) => {
    const value = String(v);
    const when = json.optionWhen?.[value];
    return { value, label: json.optionLabels?.[value] ?? rules.optionLabel(value), ...(when ? { when } : {}) };
  });
}

function fieldOf(json: Json, name: string, key: string, required: boolean, rules: Rules): SettingField {
  const label = json.title ?? rules.label(key);
  const hasDefault = 'default' in json;
  const fallback = hasDefault ? shown(json.default) : '';
  const generated = rules.hints === 'generated';
  // A description is the hint; without one, the form says what the schema allows (or nothing).
  const hintOf = (made: () => string) => json.description ?? (generated ? made().trim() : '');
  const base = { name, label, required, ...(json.when ? { when: json.when } : {}) };
  const defaultHint = hasDefault && fallback !== '' ? ` Kosongkan untuk memakai bawaan: ${fallback}.` : '';
  const optionalHint = !required && !hasDefault ? ' Boleh kosong.' : '';
  const rich = rules.rich.includes(key);
  const values = enumOf(json);
  if (values?.every(isScalar)) {
    const options = optionsOf(json, values, rules);
    const chosen = hasDefault ? options.find((o) => o.value === fallback)?.label : undefined;
    return {
      ...base,
      kind: 'choice',
      options,
      empty: json.empty !== undefined ? json.empty : hasDefault ? null : required ? 'Pilih salah satu' : 'Tidak ada',
      hint: hintOf(() => (chosen ? `Bawaan: ${chosen}.` : optionalHint)),
    };
  }
  const type = Array.isArray(json.type) ? json.type[0] : json.type;
  if (type === 'string') {
    const limits = [
      required ? 'Wajib diisi.' : '',
      json.maxLength !== undefined ? `Paling panjang ${json.maxLength} karakter.` : '',
      rich ? 'HTML dibersihkan seperti di situs: skrip dan atribut berbahaya dibuang.' : '',
    ];
    return {
      ...base,
      kind: 'text',
      multiline: rich || (json.maxLength ?? 0) > LONG_TEXT,
      ...(json.minLength ? { minLength: json.minLength } : {}),
      ...(json.maxLength !== undefined ? { maxLength: json.maxLength } : {}),
      ...(json.rows !== undefined ? { rows: json.rows } : {}),
      ...(json.verbatim ? { verbatim: true } : {}),
      hint: hintOf(() => limits.filter(Boolean).join(' ') + defaultHint + optionalHint),
    };
  }
  if (type === 'integer' || type === 'number') {
    const integer = type === 'integer';
    const min =
      json.minimum ?? (integer && json.exclusiveMinimum !== undefined ? json.exclusiveMinimum + 1 : undefined);
    const max =
      json.maximum !== undefined && json.maximum < Number.MAX_SAFE_INTEGER
        ? json.maximum
        : integer && json.exclusiveMaximum !== undefined
          ? json.exclusiveMaximum - 1
          : undefined;
    const range =
      min !== undefined && max !== undefined
        ? ` ${min}–${max}`
        : min !== undefined
          ? ` paling kecil ${min}`
          : max !== undefined
            ? ` paling besar ${max}`
            : '';
    return {
      ...base,
      kind: 'number',
      integer,
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      hint: hintOf(() => `${integer ? 'Bilangan bulat' : 'Angka'}${range}.${defaultHint}${optionalHint}`),
    };
  }
  if (type === 'boolean') return { ...base, required: false, kind: 'boolean', hint: hintOf(() => '') };
  if (type === 'array' && json.items) {
    const items = enumOf(json.items);
    if (items?.every((v) => typeof v === 'string')) {
      return {
        ...base,
        kind: 'choices',
        options: optionsOf(json.items, items, rules),
        hint: hintOf(() => limitsOfList(json)),
      };
    }
    const itemType = Array.isArray(json.items.type) ? json.items.type[0] : json.items.type;
    if (itemType === 'string' || itemType === 'number' || itemType === 'integer') {
      return {
        ...base,
        kind: 'lines',
        itemKind: itemType === 'string' ? 'string' : 'number',
        hint: hintOf(() => `Satu per baris. ${limitsOfList(json)}${optionalHint}`),
      };
    }
    if (itemType === 'object' && json.items.properties) return itemsField(json, base, rules);
  }
  if (type === 'object' && json.properties) {
    return {
      ...base,
      kind: 'group',
      // An object that may be left out is switched on and off by a checkbox of its own.
      toggle: !required && !hasDefault,
      fields: objectFields(json, name, rules),
      hint: json.description ?? '',
    };
  }
  return {
    ...base,
    kind: 'json',
    hint: hintOf(
      () => `Dalam format JSON.${hasDefault ? ` Kosongkan untuk memakai bawaan: ${fallback}.` : optionalHint}`,
    ),
  };
}

/** An array of objects: a list of items, each with the fields of the item's schema. */
function itemsField(json: Json, base: Pick<SettingField, 'name' | 'label' | 'required'>, rules: Rules) {
  const itemJson = json.items as Json;
  const item = objectFields(itemJson, `${base.name}.*`, rules);
  const list: ItemsField = {
    ...base,
    kind: 'items',
    item,
    blank: {},
    minItems: json.minItems ?? 0,
    maxItems: Math.min(json.maxItems ?? ITEMS_LIMIT, ITEMS_LIMIT),
    hint: json.description ?? (rules.hints === 'generated' ? limitsOfList(json) : ''),
  };
  // A new item starts with the item schema's defaults (a checkbox that defaults to on is on).
  const defaults = Object.fromEntries(
    Object.entries(itemJson.properties ?? {}).flatMap(([k, p]) => ('default' in p ? [[k, p.default]] : [])),
  );
  const prefix = `${base.name}.*.`;
  const values = settingValues(item, defaults);
  list.blank = Object.fromEntries(Object.entries(values).map(([k, v]) => [k.slice(prefix.length), v]));
  return list;
}

function limitsOfList(json: Json): string {
  const parts = [
    json.minItems ? `Paling sedikit ${json.minItems}.` : '',
    json.maxItems !== undefined ? `Paling banyak ${json.maxItems}.` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** A default as the form shows it. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Every field with `edit` applied, groups' fields and lists' item fields included. */
export function mapFields(
  fields: readonly SettingField[],
  edit: (field: SettingField) => SettingField,
): SettingField[] {
  return fields.map((field) => {
    if (field.kind === 'group') return edit({ ...field, fields: mapFields(field.fields, edit) });
    if (field.kind === 'items') return edit({ ...field, item: mapFields(field.item, edit) });
    return edit(field);
  });
}

/** Every field, groups' fields and lists' item fields (as `*`) included. */
export function allFields(fields: readonly SettingField[]): SettingField[] {
  return fields.flatMap((f) => [
    f,
    ...(f.kind === 'group' ? allFields(f.fields) : f.kind === 'items' ? allFields(f.item) : []),
  ]);
}

/** The object's value an object's field reads: a flat group's fields read the object it is in. */
const inner = (field: SettingField, inside: unknown) => {
  if (field.kind === 'group' && field.flat) return inside;
  return typeof inside === 'object' && inside !== null ? (inside as Record<string, unknown>)[keyOf(field)] : undefined;
};

/** The form's values for stored settings (a setting left out shows its default). */
export function settingValues(fields: readonly SettingField[], settings: unknown): SettingValues {
  const values: SettingValues = {};
  const put = (list: readonly SettingField[], inside: unknown) => {
    for (const field of list) {
      const v = inner(field, inside);
      switch (field.kind) {
        case 'boolean':
          values[field.name] = v === true ? 'on' : '';
          break;
        case 'choices':
          for (const o of field.options) {
            values[choiceName(field, o.value)] = Array.isArray(v) && v.map(String).includes(o.value) ? 'on' : '';
          }
          break;
        case 'lines':
          values[field.name] = Array.isArray(v) ? v.map(String).join('\n') : '';
          break;
        case 'group':
          if (field.toggle) values[field.name] = v === undefined ? '' : 'on';
          put(field.fields, v);
          break;
        case 'items': {
          const items = Array.isArray(v) ? v : [];
          values[field.name] = String(items.length);
          items.forEach((item, i) => {
            put(itemFields(field, i), item);
          });
          break;
        }
        case 'json':
          values[field.name] = v === undefined ? '' : JSON.stringify(v, null, 2);
          break;
        default:
          values[field.name] = v === undefined || v === null ? '' : String(v);
      }
    }
  };
  put(fields, settings);
  return values;
}

/** The posted values of the form's fields, as typed (shown back after a refused save). */
export function postedValues(fields: readonly SettingField[], posted: Record<string, string>): SettingValues {
  const values: SettingValues = {};
  const put = (list: readonly SettingField[]) => {
    for (const field of list) {
      if (field.kind === 'choices') {
        for (const o of field.options)
          values[choiceName(field, o.value)] = posted[choiceName(field, o.value)] ? 'on' : '';
        continue;
      }
      if (field.kind === 'items') {
        const count = itemCount(posted[field.name]);
        values[field.name] = String(count);
        for (let i = 0; i < count; i++) put(itemFields(field, i));
        continue;
      }
      if (field.kind === 'boolean' || (field.kind === 'group' && field.toggle)) {
        values[field.name] = posted[field.name] ? 'on' : '';
      } else if (field.kind !== 'group') {
        values[field.name] = posted[field.name] ?? '';
      }
      if (field.kind === 'group') put(field.fields);
    }
  };
  put(fields);
  return values;
}

/** How a posted form is read. */
export interface ReadOptions {
  /**
   * A number or JSON that cannot be read: `problem` (the default) leaves it out and names it a problem
   * of its field; `schema` hands the text as typed to the schema, whose own message then names it.
   */
  unreadable?: 'problem' | 'schema';
}

/**
 * An object from the posted form, for the schema to check: an empty field that may be left out is
 * left out (its default applies); a field whose condition does not hold is not read; a number or
 * JSON that cannot be read is a problem of its field. Checkboxes are true when sent.
 */
export function readSettings(
  fields: readonly SettingField[],
  posted: Record<string, string>,
  { unreadable = 'problem' }: ReadOptions = {},
): { value: Record<string, unknown>; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const refuse = (out: Record<string, unknown>, field: SettingField, raw: string, message: string) => {
    if (unreadable === 'schema') out[keyOf(field)] = raw;
    else problems[field.name] = message;
  };
  const read = (list: readonly SettingField[], out: Record<string, unknown> = {}): Record<string, unknown> => {
    for (const field of list) {
      if (!holds(field.when, posted)) continue;
      const key = keyOf(field);
      const raw = posted[field.name] ?? '';
      switch (field.kind) {
        case 'text': {
          const text = field.multiline ? raw.replace(/\r\n?/g, '\n') : raw;
          if (text !== '' || field.required) out[key] = text;
          break;
        }
        case 'number': {
          const text = raw.trim().replace(',', '.');
          if (text === '') break;
          const n = Number(text);
          if (!Number.isFinite(n)) refuse(out, field, raw, 'Isi dengan angka.');
          else out[key] = n;
          break;
        }
        case 'boolean':
          out[key] = raw !== '';
          break;
        case 'choice': {
          if (raw === '') break;
          const numeric = field.options.length > 0 && field.options.every((o) => /^-?\d+(\.\d+)?$/.test(o.value));
          out[key] = numeric && field.options.some((o) => o.value === raw) ? Number(raw) : raw;
          break;
        }
        case 'choices':
          out[key] = field.options.filter((o) => posted[choiceName(field, o.value)]).map((o) => o.value);
          break;
        case 'lines': {
          const items = raw
            .split(/\r\n?|\n/)
            .map((l) => l.trim())
            .filter(Boolean);
          if (items.length === 0 && !field.required) break;
          if (field.itemKind === 'number') {
            const numbers = items.map((l) => Number(l.replace(',', '.')));
            if (numbers.some((n) => !Number.isFinite(n))) refuse(out, field, raw, 'Isi satu angka per baris.');
            else out[key] = numbers;
          } else {
            out[key] = items;
          }
          break;
        }
        case 'group':
          if (field.flat) read(field.fields, out);
          else if (!field.toggle || raw) out[key] = read(field.fields);
          break;
        case 'items': {
          // A form without the list's count leaves the setting out (its default applies); an emptied
          // list is an empty list.
          if (raw === '' && !field.required) break;
          out[key] = Array.from({ length: itemCount(raw) }, (_, i) => read(itemFields(field, i)));
          break;
        }
        case 'json': {
          if (raw.trim() === '') break;
          try {
            out[key] = JSON.parse(raw);
          } catch {
            refuse(out, field, raw, 'Bukan JSON yang valid. Periksa tanda kutip, koma, dan kurungnya.');
          }
          break;
        }
      }
    }
    return out;
  };
  return { value: read(fields), problems };
}

/** Checks settings with their schema, each issue carrying its input (a missing value is named so). */
export function parseSettings(schema: z.ZodType, value: unknown) {
  return schema.safeParse(value, { reportInput: true });
}

/** A zod issue as the part of it this rule reads. */
export type Issue = z.core.$ZodIssue;

/** The field of this key in a list, looking through flat groups (their fields are the object's). */
function fieldByKey(list: readonly SettingField[], key: string): SettingField | undefined {
  for (const f of list) {
    if (f.kind === 'group' && f.flat) {
      const inside = fieldByKey(f.fields, key);
      if (inside) return inside;
    } else if (keyOf(f) === key) {
      return f;
    }
  }
  return undefined;
}

/**
 * The field an issue's path belongs to (the deepest one: a group's field, an item's field), and the
 * rest of the path inside it. An issue of an item as a whole belongs to the item (`s.items.2`).
 */
function ownerOf(fields: readonly SettingField[], path: readonly string[]): { name: string; inner: string } | null {
  let list = fields;
  let owner: string | null = null;
  let at = 0;
  while (at < path.length) {
    const field = fieldByKey(list, path[at] as string);
    if (!field) break;
    owner = field.name;
    at++;
    if (field.kind === 'group') {
      list = field.fields;
    } else if (field.kind === 'items' && at < path.length && /^\d+$/.test(path[at] as string)) {
      owner = `${field.name}.${path[at]}`;
      list = itemFields(field, Number(path[at]));
      at++;
    } else {
      break;
    }
  }
  return owner === null ? null : { name: owner, inner: path.slice(at).join('.') };
}

/**
 * The first message per field of a refused settings object (`form` for an issue no field holds), in
 * the words `message` gives an issue (staff's words for zod's codes, unless the schema speaks for itself).
 */
export function settingErrors(
  fields: readonly SettingField[],
  issues: readonly Issue[],
  message: (issue: Issue) => string = issueMessage,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const owner = ownerOf(fields, issue.path.map(String));
    errors[owner?.name ?? 'form'] ??= (owner?.inner ? `(${owner.inner}) ` : '') + message(issue);
  }
  return errors;
}

/** A zod issue in words for staff (the schemas' own messages are for developers, in English). */
export function issueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return 'Isi dengan bilangan bulat.';
      if (issue.input === undefined) return 'Wajib diisi.';
      if (issue.expected === 'number') return 'Isi dengan angka.';
      return 'Isian ini tidak sesuai jenisnya.';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'Wajib diisi.' : `Paling sedikit ${min} karakter.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Pilih atau isi paling sedikit ${min}.`;
      return issue.inclusive === false ? `Harus lebih dari ${min}.` : `Paling kecil ${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Paling panjang ${max} karakter.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Paling banyak ${max}.`;
      return issue.inclusive === false ? `Harus kurang dari ${max}.` : `Paling besar ${max}.`;
    }
    case 'invalid_format':
      return 'Formatnya tidak sesuai.';
    case 'invalid_value':
      return 'Pilih salah satu pilihan yang ada.';
    case 'not_multiple_of':
      return `Harus kelipatan ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Isian tidak dikenal: ${issue.keys.join(', ')}.`;
    case 'custom':
      // A rule written for staff says so (lib/link-setting.ts): its message is already in their words.
      return issue.params?.forStaff === true ? issue.message : 'Isian ini tidak diterima.';
    default:
      return 'Isian ini tidak diterima.';
  }
}

/** A posted form read and checked: the schema's output, or messages per field (and `form`). */
export type CheckedForm<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/**
 * Reads a posted form and checks it with the schema it was made from, whose messages are written for
 * staff (`z.number({ error: 'Isi bilangan bulat 1–10.' })`, a refinement's `ctx.addIssue`): each is
 * shown as written, and an issue the schema gives no words gets `issueMessage`'s. A number or JSON
 * that cannot be read goes to the schema as typed, so the field's own message names it too.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  fields: readonly SettingField[],
  posted: Record<string, string>,
): CheckedForm<z.output<S>> {
  const { value } = readSettings(fields, posted, { unreadable: 'schema' });
  const parsed = schema.safeParse(value, { reportInput: true, error: (issue) => issueMessage(issue as Issue) });
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: settingErrors(fields, parsed.error.issues, (issue) => issue.message) };
}

/** The list of this name among the form's fields (lists inside items included), null when there is none. */
function findList(fields: readonly SettingField[], values: SettingValues, name: string): ItemsField | null {
  for (const f of fields) {
    if (f.kind === 'items' && f.name === name) return f;
    if (f.kind === 'group' && f.flat) {
      const inside = findList(f.fields, values, name);
      if (inside) return inside;
      continue;
    }
    if (!name.startsWith(`${f.name}.`)) continue;
    if (f.kind === 'group') return findList(f.fields, values, name);
    if (f.kind === 'items') {
      const index = Number(name.slice(f.name.length + 1).split('.')[0]);
      if (index < itemCount(values[f.name])) return findList(itemFields(f, index), values, name);
    }
  }
  return null;
}

/** The first control of an item a keyboard user lands on (a field's name), null when it has none. */
function firstControl(fields: readonly SettingField[]): string | null {
  const field = fields.find(
    (f) => ['text', 'number', 'choice', 'boolean'].includes(f.kind) && !f.picks?.some((p) => p.thumb),
  );
  return field?.name ?? null;
}

/** What a list's button did to the form: its values now, the control to focus, and the words for it. */
export interface ListChange {
  values: SettingValues;
  /** A field's name or a list button's value (`naik:s.items.1`): the control that gets the focus. */
  focus: string;
  /** The list it changed and what happened, said next to the list. */
  notice: { list: string; message: string };
}

/**
 * A list's button applied to the posted form (nothing is saved: the form comes back changed, and
 * "Simpan" saves it). Items keep what was typed in them; a new item starts with the item's defaults
 * (and, where an item needs an id, one not yet used in the list). Null when the form has no such list.
 */
export function changeList(
  fields: readonly SettingField[],
  posted: Record<string, string>,
  command: ListCommand,
): ListChange | null {
  const values = postedValues(fields, posted);
  const list = findList(fields, values, command.list);
  if (!list) return null;
  const count = itemCount(values[list.name]);
  const prefix = `${list.name}.`;
  const items: SettingValues[] = Array.from({ length: count }, () => ({}));
  for (const [name, value] of Object.entries(values)) {
    if (!name.startsWith(prefix)) continue;
    const m = /^(\d+)\.(.+)$/s.exec(name.slice(prefix.length));
    if (m && Number(m[1]) < count) (items[Number(m[1])] as SettingValues)[m[2] as string] = value;
    delete values[name];
  }
  const say = (message: string) => ({ list: list.name, message });
  const firstOf = (i: number) =>
    firstControl(itemFields(list, i)) ?? listCommandValue({ op: 'hapus', list: list.name, index: i });
  let focus: string;
  let message: string;
  const index = command.op === 'tambah' ? count : command.index;
  if (command.op !== 'tambah' && index >= count) {
    focus = listCommandValue({ op: 'tambah', list: list.name });
    message = 'Item ini tidak ada lagi di daftar.';
  } else if (command.op === 'tambah') {
    if (count >= list.maxItems) {
      focus = listCommandValue(command);
      message = `Daftar ini sudah penuh: paling banyak ${list.maxItems} item.`;
    } else {
      items.push(newItem(list, items));
      focus = firstOf(count);
      message = `${itemLabel(count)} ditambahkan di akhir daftar.`;
    }
  } else if (command.op === 'hapus') {
    items.splice(index, 1);
    const next = Math.min(index, items.length - 1);
    focus = next >= 0 ? firstOf(next) : listCommandValue({ op: 'tambah', list: list.name });
    message = `${itemLabel(index)} dihapus.`;
  } else {
    const to = command.op === 'naik' ? index - 1 : index + 1;
    if (to < 0 || to >= count) {
      focus = listCommandValue(command);
      message = `${itemLabel(index)} sudah paling ${command.op === 'naik' ? 'atas' : 'bawah'}.`;
    } else {
      [items[index], items[to]] = [items[to] as SettingValues, items[index] as SettingValues];
      // The same button of the moved item, so that pressing it again moves it on; at the end, the other one.
      const edge = to === 0 || to === count - 1;
      const op = edge ? (command.op === 'naik' ? 'turun' : 'naik') : command.op;
      focus = listCommandValue({ op, list: list.name, index: to });
      message = `${itemLabel(index)} ${command.op === 'naik' ? 'dinaikkan' : 'diturunkan'} menjadi ${itemLabel(to)}.`;
    }
  }
  values[list.name] = String(items.length);
  items.forEach((item, i) => {
    for (const [rest, value] of Object.entries(item)) values[`${prefix}${i}.${rest}`] = value;
  });
  return { values, focus, notice: say(message) };
}

/** A new item's values: the item's defaults, and a free `item-N` where an item needs an id of its own. */
function newItem(list: ItemsField, items: readonly SettingValues[]): SettingValues {
  const item = { ...list.blank };
  const idField = list.item.find((f) => f.name === `${list.name}.*.id`);
  if (idField?.kind === 'text' && idField.required && item.id === '') {
    const used = new Set(items.map((i) => i.id));
    let n = items.length + 1;
    while (used.has(`item-${n}`)) n++;
    item.id = `item-${n}`;
  }
  return item;
}
