/**
 * The shapes of a form generated from a zod schema (from-schema.ts makes them, staff-settings-fields.tsx
 * draws them): its fields, their values as typed, the lists' buttons, and the conditions that show a
 * field or a choice only where it applies. Pure: no React, no zod (the screens import this module;
 * zod stays out of the browser bundle). First written for the page editor's settings (issue 14
 * "Pages"), then moved here for every staff form made the same way (issue 23 "Forms from schemas").
 */

/**
 * When a field, a choice or a suggestion applies, by the form's values as typed: a field's value is
 * one of a list (a checkbox's value is `on` or ''), all or any of several conditions, or not one.
 * Fields are named by their form names. The browser applies conditions once the form is live (before,
 * and without JavaScript, every field shows); the server reads only the fields that apply.
 */
export type Condition =
  | { field: string; in: readonly string[] }
  | { all: readonly Condition[] }
  | { any: readonly Condition[] }
  | { not: Condition };

/** Whether a condition holds for these values (no condition always holds). */
export function holds(condition: Condition | undefined, values: Readonly<Record<string, string>>): boolean {
  if (condition === undefined) return true;
  if ('field' in condition) return condition.in.includes(values[condition.field] ?? '');
  if ('all' in condition) return condition.all.every((c) => holds(c, values));
  if ('any' in condition) return condition.any.some((c) => holds(c, values));
  return !holds(condition.not, values);
}

/** The fields a condition reads. */
export function conditionFields(condition: Condition | undefined): string[] {
  if (condition === undefined) return [];
  if ('field' in condition) return [condition.field];
  if ('all' in condition) return condition.all.flatMap(conditionFields);
  if ('any' in condition) return condition.any.flatMap(conditionFields);
  return conditionFields(condition.not);
}

/** One choice of a `choice` or `choices` field, or one suggestion of a text field. */
export interface SettingOption {
  value: string;
  label: string;
  /** Offered only where this holds. */
  when?: Condition;
}

/** One field of a generated settings form (from-schema.ts turns a zod schema into these). */
export type SettingField =
  | (FieldBase & {
      kind: 'text';
      multiline: boolean;
      minLength?: number;
      maxLength?: number;
      /** A textarea's height in lines. */
      rows?: number;
      /** Names, keys and line formats: typed as they are (no capitals, no spelling check). */
      verbatim?: boolean;
      /** Values the browser suggests as the field is typed (a datalist). */
      suggestions?: SettingOption[];
    })
  | (FieldBase & { kind: 'number'; integer: boolean; min?: number; max?: number })
  | (FieldBase & { kind: 'boolean' })
  | (FieldBase & {
      kind: 'choice';
      options: SettingOption[];
      /** The empty choice's words ('' left out: the default applies, or nothing), null when there is none. */
      empty: string | null;
    })
  | (FieldBase & { kind: 'choices'; options: SettingOption[] })
  | (FieldBase & { kind: 'lines'; itemKind: 'string' | 'number' })
  | GroupField
  | ItemsField
  | (FieldBase & { kind: 'json' });

/**
 * A fieldset: an object's settings (named below the object's name), or, `flat`, some settings of the
 * object it is in, set apart under a legend (they keep their names: the fieldset is layout only).
 */
export type GroupField = FieldBase & {
  kind: 'group';
  fields: SettingField[];
  /** The object may be left out: a checkbox of its own switches it on and off. */
  toggle: boolean;
  flat?: boolean;
  /** Once the form is live, the legend names the value of a field (`Pengaturan rentang angka`). */
  legendBy?: { field: string; legends: Record<string, string> };
  /** Said while every field shows (before the form is live, or without JavaScript): which ones count. */
  hintWithoutScript?: string;
};

/**
 * A list of items (an array of objects: an accordion's toggles, a playlist's videos): one fieldset per
 * item with the fields of the item's schema. Its form field (`name`) holds how many items there are;
 * item `i`'s fields are named `{name}.{i}.{key}` (`itemFields`).
 */
export type ItemsField = FieldBase & {
  kind: 'items';
  /** One item's fields, named `{name}.*.{key}` (`*` stands for the item's index). */
  item: SettingField[];
  /** A new item's values, by name under the item (`title`, `provider` …): the item schema's defaults. */
  blank: SettingValues;
  minItems: number;
  maxItems: number;
};

interface FieldBase {
  /** The form field's name: the form's prefix and the setting's path (`s.loadMoreOffset.size`, or `label`). */
  name: string;
  label: string;
  /** Must be filled (no default, not optional). */
  required: boolean;
  /** What the field accepts, and its default, in words; `code` between backticks. */
  hint: string;
  /** Where the setting names a thing of the site (an image, a menu): the things to choose from. */
  picks?: SettingPick[];
  /** Shown and read only where this holds. */
  when?: Condition;
}

/** One thing a setting may name: its stored value, its name for staff, and an image's thumbnail. */
export interface SettingPick {
  value: string;
  label: string;
  thumb?: string;
}

/** A settings form's values as typed: text per field name (checkboxes `on` or ''). */
export type SettingValues = Record<string, string>;

/** The most items a list's form reads (a schema's own bound is checked after). */
export const ITEMS_LIMIT = 100;

/** Fields renamed from one name prefix to another (groups' and lists' fields included). */
function renamed(fields: readonly SettingField[], from: string, to: string): SettingField[] {
  return fields.map((f) => {
    const name = f.name.startsWith(from) ? to + f.name.slice(from.length) : f.name;
    if (f.kind === 'group') return { ...f, name, fields: renamed(f.fields, from, to) };
    if (f.kind === 'items') return { ...f, name, item: renamed(f.item, from, to) };
    return { ...f, name };
  });
}

/** The fields of item `index` of a list (`s.items.*.title` → `s.items.2.title`). */
export const itemFields = (list: ItemsField, index: number): SettingField[] =>
  renamed(list.item, `${list.name}.*`, `${list.name}.${index}`);

/** How many items a list's form holds (its count field, as posted or shown; anything unreadable: none). */
export function itemCount(raw: string | undefined): number {
  return raw !== undefined && /^\d{1,4}$/.test(raw) ? Math.min(Number(raw), ITEMS_LIMIT) : 0;
}

/** The words for one item of a list in legends and buttons ("Item 3"). */
export const itemLabel = (index: number) => `Item ${index + 1}`;

/** A list's button (`daftar`): add an item to a list, or remove, raise or lower one of its items. */
export type ListCommand =
  | { op: 'tambah'; list: string }
  | { op: 'hapus' | 'naik' | 'turun'; list: string; index: number };

/** The value of a list's button: `tambah:s.items`, `hapus:s.items.2`, `naik:…`, `turun:…`. */
export const listCommandValue = (c: ListCommand) =>
  c.op === 'tambah' ? `tambah:${c.list}` : `${c.op}:${c.list}.${c.index}`;

/** The name of one checkbox of a `choices` field. */
export const choiceName = (field: { name: string }, value: string) => `${field.name}:${value}`;

/** The setting's key a field holds: the last part of its name. */
export const keyOf = (field: { name: string }) => field.name.split('.').at(-1) as string;

/** The fields a form's conditions read, and the choices whose offer depends on them: the form keeps their values live. */
export function liveFields(fields: readonly SettingField[]): Set<string> {
  const live = new Set<string>();
  const visit = (list: readonly SettingField[]) => {
    for (const f of list) {
      for (const name of conditionFields(f.when)) live.add(name);
      if (f.kind === 'choice' || f.kind === 'choices' || (f.kind === 'text' && f.suggestions)) {
        const options = f.kind === 'text' ? (f.suggestions ?? []) : f.options;
        for (const o of options) for (const name of conditionFields(o.when)) live.add(name);
        if (f.kind === 'choice' && options.some((o) => o.when)) live.add(f.name);
      }
      if (f.kind === 'group') {
        if (f.legendBy) live.add(f.legendBy.field);
        visit(f.fields);
      }
    }
  };
  visit(fields);
  return live;
}

/** Whether a field shows: it applies, and, for a group, at least one of its fields shows. */
export function isShown(field: SettingField, values: Readonly<SettingValues>): boolean {
  if (!holds(field.when, values)) return false;
  return field.kind !== 'group' || field.toggle || field.fields.some((f) => isShown(f, values));
}

/**
 * A live field changed: the values after it, where each choice whose chosen option is no longer
 * offered takes the first one that is (a filter's query type when its type changes).
 */
export function changeValue(
  fields: readonly SettingField[],
  values: Readonly<SettingValues>,
  name: string,
  value: string,
): SettingValues {
  const next = { ...values, [name]: value };
  const choices: Array<Extract<SettingField, { kind: 'choice' }>> = [];
  const collect = (list: readonly SettingField[]) => {
    for (const f of list) {
      if (f.kind === 'choice' && f.options.some((o) => o.when)) choices.push(f);
      if (f.kind === 'group') collect(f.fields);
    }
  };
  collect(fields);
  // A choice that changes may change what another offers: settle, at most once per choice.
  for (let round = 0; round <= choices.length; round++) {
    let changed = false;
    for (const f of choices) {
      const offered = f.options.filter((o) => holds(o.when, next));
      const current = next[f.name] ?? '';
      if (offered.some((o) => o.value === current) || (current === '' && f.empty !== null)) continue;
      next[f.name] = offered[0]?.value ?? '';
      changed = true;
    }
    if (!changed) break;
  }
  return next;
}
