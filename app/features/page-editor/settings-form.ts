import { z } from 'zod';
import { OPTION_LABELS, type SettingField, type SettingPick, type SettingValues, settingLabel } from './model';

/**
 * The settings form of a section, column or widget, generated from its zod schema (issue 14 "Pages"):
 * the schema as JSON Schema (zod 4's `z.toJSONSchema`, input side: a setting with a default may be left
 * out) becomes one field per setting: strings a text input (a textarea when long or rich), numbers a
 * number input with its bounds, booleans a checkbox, enums a select, arrays of an enum checkboxes,
 * other arrays of strings or numbers one item per line, objects a fieldset (with an on/off checkbox
 * when the object may be left out), anything else a JSON textarea. The posted form is read back into
 * a settings object that the same schema then checks; its issues become messages per field. Pure and
 * server-only (zod stays out of the browser bundle).
 */

/** The JSON Schema parts this rule reads. */
interface Json {
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
  const label = settingLabel(key);
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

function limitsOfList(json: Json & { minItems?: number; maxItems?: number }): string {
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

/** Every field's name, groups' fields included (the names an issue may belong to). */
function allNames(fields: readonly SettingField[]): string[] {
  return fields.flatMap((f) => [f.name, ...(f.kind === 'group' ? allNames(f.fields) : [])]);
}

/** A zod issue as the part of it this rule reads. */
export type Issue = z.core.$ZodIssue;

/** The first message per field of a refused settings object (`form` for an issue no field holds). */
export function settingErrors(fields: readonly SettingField[], issues: readonly Issue[]): Record<string, string> {
  const names = allNames(fields).sort((a, b) => b.length - a.length);
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = [PREFIX, ...issue.path.map(String)].join('.');
    const owner = names.find((n) => path === n || path.startsWith(`${n}.`) || path.startsWith(`${n}:`));
    const inner = owner && path !== owner ? path.slice(owner.length + 1) : '';
    errors[owner ?? 'form'] ??= (inner ? `(${inner}) ` : '') + issueMessage(issue);
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
 * The fields with the things their settings may name (top-level settings, by key: an image widget's
 * `mediaId`, a menu widget's `menu`), so the form offers a choice instead of a bare id or slug.
 */
export function withPicks(
  fields: readonly SettingField[],
  picks: Readonly<Record<string, SettingPick[]>>,
): SettingField[] {
  return fields.map((field) => {
    const list = picks[pathOf(field.name).join('.')];
    return list && (field.kind === 'number' || field.kind === 'text') ? { ...field, picks: list } : field;
  });
}
