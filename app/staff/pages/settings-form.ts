import { z } from 'zod';
import {
  ITEMS_LIMIT,
  type ItemsField,
  itemCount,
  itemFields,
  itemLabel,
  type ListCommand,
  listCommandValue,
  OPTION_LABELS,
  type SettingField,
  type SettingPick,
  type SettingValues,
  settingLabel,
} from './model';

/**
 * The settings form of a section, column or widget, generated from its zod schema (issue 14 "Pages"):
 * the schema as JSON Schema (zod 4's `z.toJSONSchema`, input side: a setting with a default may be left
 * out) becomes one field per setting: strings a text input (a textarea when long or rich), numbers a
 * number input with its bounds, booleans a checkbox, enums a select, arrays of an enum checkboxes,
 * other arrays of strings or numbers one item per line, objects a fieldset (with an on/off checkbox
 * when the object may be left out), arrays of objects a list of items (a fieldset per item with the
 * item's fields, named by index: `s.items.2.title`), anything else a JSON textarea. The posted form is
 * read back into a settings object that the same schema then checks; its issues become messages per
 * field (an item's next to that item's field). Pure and server-only (zod stays out of the browser bundle).
 */

/** The JSON Schema parts this rule reads. */
interface Json {
  type?: string | string[];
  /** A label of its own where the key's is not enough (`.meta({ title })`: two settings named `speed`). */
  title?: string;
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

/** Strings longer than this are edited in a textarea. */
const LONG_TEXT = 500;
const PREFIX = 's';

/** The fields of a settings schema; `rich` names the settings holding HTML (edited in a textarea). */
export function settingFields(schema: z.ZodType, rich: readonly string[] = []): SettingField[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return objectFields(json, PREFIX, rich);
}

function objectFields(json: Json, prefix: string, rich: readonly string[]): SettingField[] {
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([key, prop]) =>
    fieldOf(prop, `${prefix}.${key}`, key, required.has(key) && !('default' in prop), rich),
  );
}

const isScalar = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** The values of an enum (`enum`, or a union of constants such as `2 | 3`), null when it is none. */
function enumOf(json: Json): unknown[] | null {
  if (json.enum) return json.enum;
  if (json.anyOf?.length && json.anyOf.every((a) => 'const' in a)) return json.anyOf.map((a) => a.const);
  return null;
}

const optionsOf = (values: unknown[]) =>
  values.map((v) => ({ value: String(v), label: OPTION_LABELS[String(v)] ?? String(v) }));

function fieldOf(json: Json, name: string, key: string, required: boolean, rich: readonly string[]): SettingField {
  const label = json.title ?? settingLabel(key);
  const hasDefault = 'default' in json;
  const fallback = hasDefault ? shown(json.default) : '';
  const base = { name, label, required };
  const defaultHint = hasDefault && fallback !== '' ? ` Kosongkan untuk memakai bawaan: ${fallback}.` : '';
  const optionalHint = !required && !hasDefault ? ' Boleh kosong.' : '';
  const values = enumOf(json);
  if (values?.every(isScalar)) {
    const options = optionsOf(values);
    const chosen = hasDefault ? options.find((o) => o.value === fallback)?.label : undefined;
    return {
      ...base,
      kind: 'choice',
      options,
      empty: hasDefault ? null : required ? 'Pilih salah satu' : 'Tidak ada',
      hint: (chosen ? `Bawaan: ${chosen}.` : optionalHint).trim(),
    };
  }
  const type = Array.isArray(json.type) ? json.type[0] : json.type;
  if (type === 'string') {
    const limits = [
      required ? 'Wajib diisi.' : '',
      json.maxLength !== undefined ? `Paling panjang ${json.maxLength} karakter.` : '',
      rich.includes(key) ? 'HTML dibersihkan seperti di situs: skrip dan atribut berbahaya dibuang.' : '',
    ];
    return {
      ...base,
      kind: 'text',
      multiline: rich.includes(key) || (json.maxLength ?? 0) > LONG_TEXT,
      ...(json.minLength ? { minLength: json.minLength } : {}),
      ...(json.maxLength !== undefined ? { maxLength: json.maxLength } : {}),
      hint: (limits.filter(Boolean).join(' ') + defaultHint + optionalHint).trim(),
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
      hint: `${integer ? 'Bilangan bulat' : 'Angka'}${range}.${defaultHint}${optionalHint}`.trim(),
    };
  }
  if (type === 'boolean') return { ...base, required: false, kind: 'boolean', hint: '' };
  if (type === 'array' && json.items) {
    const items = enumOf(json.items);
    if (items?.every((v) => typeof v === 'string')) {
      return { ...base, kind: 'choices', options: optionsOf(items), hint: limitsOfList(json) };
    }
    const itemType = Array.isArray(json.items.type) ? json.items.type[0] : json.items.type;
    if (itemType === 'string' || itemType === 'number' || itemType === 'integer') {
      return {
        ...base,
        kind: 'lines',
        itemKind: itemType === 'string' ? 'string' : 'number',
        hint: `Satu per baris. ${limitsOfList(json)}${optionalHint}`.trim(),
      };
    }
    if (itemType === 'object' && json.items.properties) return itemsField(json, base, rich);
  }
  if (type === 'object' && json.properties) {
    return {
      ...base,
      kind: 'group',
      // An object that may be left out is switched on and off by a checkbox of its own.
      toggle: !required && !hasDefault,
      fields: objectFields(json, name, rich),
      hint: '',
    };
  }
  return {
    ...base,
    kind: 'json',
    hint: `Dalam format JSON.${hasDefault ? ` Kosongkan untuk memakai bawaan: ${fallback}.` : optionalHint}`.trim(),
  };
}

/** An array of objects: a list of items, each with the fields of the item's schema. */
function itemsField(json: Json, base: Pick<SettingField, 'name' | 'label' | 'required'>, rich: readonly string[]) {
  const itemJson = json.items as Json;
  const item = objectFields(itemJson, `${base.name}.*`, rich);
  const list: ItemsField = {
    ...base,
    kind: 'items',
    item,
    blank: {},
    minItems: json.minItems ?? 0,
    maxItems: Math.min(json.maxItems ?? ITEMS_LIMIT, ITEMS_LIMIT),
    hint: limitsOfList(json),
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

/** The name of one checkbox of a `choices` field. */
export const choiceName = (field: { name: string }, value: string) => `${field.name}:${value}`;

const pathOf = (name: string) => name.split('.').slice(1);

/** The form's values for stored settings (a setting left out shows its default). */
export function settingValues(fields: readonly SettingField[], settings: unknown): SettingValues {
  const values: SettingValues = {};
  const put = (list: readonly SettingField[], inside: unknown) => {
    for (const field of list) {
      const key = pathOf(field.name).at(-1) as string;
      const v = typeof inside === 'object' && inside !== null ? (inside as Record<string, unknown>)[key] : undefined;
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

/**
 * A settings object from the posted form, for the schema to check: an empty field that may be left
 * out is left out (its default applies); a number or JSON that cannot be read is a problem of its
 * field. Checkboxes are true when sent.
 */
export function readSettings(
  fields: readonly SettingField[],
  posted: Record<string, string>,
): { value: Record<string, unknown>; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const read = (list: readonly SettingField[]): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const field of list) {
      const key = pathOf(field.name).at(-1) as string;
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
          if (!Number.isFinite(n)) problems[field.name] = 'Isi dengan angka.';
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
            if (numbers.some((n) => !Number.isFinite(n))) problems[field.name] = 'Isi satu angka per baris.';
            else out[key] = numbers;
          } else {
            out[key] = items;
          }
          break;
        }
        case 'group':
          if (field.toggle && !raw) break;
          out[key] = read(field.fields);
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
            problems[field.name] = 'Bukan JSON yang valid. Periksa tanda kutip, koma, dan kurungnya.';
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

/**
 * The field an issue's path belongs to (the deepest one: a group's field, an item's field), and the
 * rest of the path inside it. An issue of an item as a whole belongs to the item (`s.items.2`).
 */
function ownerOf(fields: readonly SettingField[], path: readonly string[]): { name: string; inner: string } | null {
  let list = fields;
  let owner: string | null = null;
  let at = 0;
  while (at < path.length) {
    const key = path[at];
    const field = list.find((f) => pathOf(f.name).at(-1) === key);
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

/** The first message per field of a refused settings object (`form` for an issue no field holds). */
export function settingErrors(fields: readonly SettingField[], issues: readonly Issue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const owner = ownerOf(fields, issue.path.map(String));
    errors[owner?.name ?? 'form'] ??= (owner?.inner ? `(${owner.inner}) ` : '') + issueMessage(issue);
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

/**
 * The fields with the things their settings may name, by the setting's path (an image widget's
 * `mediaId`, a menu widget's `menu`, an item's `items.*.mediaId`), so the form offers a choice instead
 * of a bare id or slug.
 */
export function withPicks(
  fields: readonly SettingField[],
  picks: Readonly<Record<string, SettingPick[]>>,
): SettingField[] {
  return fields.map((field) => {
    if (field.kind === 'group') return { ...field, fields: withPicks(field.fields, picks) };
    if (field.kind === 'items') return { ...field, item: withPicks(field.item, picks) };
    const list = picks[pathOf(field.name).join('.')];
    return list && (field.kind === 'number' || field.kind === 'text') ? { ...field, picks: list } : field;
  });
}

/** The paths of the settings a form shows with their key (`mediaId`, `items.*.mediaId`), lists' items included. */
export function settingPaths(fields: readonly SettingField[], key: string): string[] {
  return fields.flatMap((f) => [
    ...(pathOf(f.name).at(-1) === key && (f.kind === 'number' || f.kind === 'text') ? [pathOf(f.name).join('.')] : []),
    ...(f.kind === 'group' ? settingPaths(f.fields, key) : f.kind === 'items' ? settingPaths(f.item, key) : []),
  ]);
}

/** The list of this name among the form's fields (lists inside items included), null when there is none. */
function findList(fields: readonly SettingField[], values: SettingValues, name: string): ItemsField | null {
  for (const f of fields) {
    if (f.kind === 'items' && f.name === name) return f;
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
