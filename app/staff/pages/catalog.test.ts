import { expect, test } from 'vitest';
import { z } from 'zod';
import { columnSettings, sectionSettings } from '~/content/tree';
import { PAGE_CATALOG } from '~/staff/pages/catalog.server';
import { OPTION_LABELS, SETTING_LABELS } from '~/staff/pages/model';
import { settingFields } from '~/staff/pages/settings-form';
import { readSettings, settingValues } from '~/ui/settings-form/from-schema';
import { WIDGET_CATALOG } from '~/widgets/catalog';

/** Every property key and enum value of a JSON Schema, nested ones included. */
function keysOf(json: unknown, keys = new Set<string>(), values = new Set<string>()) {
  if (typeof json !== 'object' || json === null) return { keys, values };
  const j = json as Record<string, unknown>;
  for (const [k, v] of Object.entries((j.properties as Record<string, unknown>) ?? {})) {
    keys.add(k);
    keysOf(v, keys, values);
  }
  for (const part of [j.items, ...((j.anyOf as unknown[]) ?? [])]) keysOf(part, keys, values);
  for (const v of (j.enum as unknown[]) ?? []) values.add(String(v));
  return { keys, values };
}

test('the editor offers every widget of the catalog, each with words for staff', () => {
  expect(Object.keys(PAGE_CATALOG.widgets).sort()).toEqual(Object.keys(WIDGET_CATALOG).sort());
  const schemas = [...Object.values(WIDGET_CATALOG).map((w) => w.settings), sectionSettings, columnSettings];
  const keys = new Set<string>();
  for (const s of schemas) for (const k of keysOf(z.toJSONSchema(s, { unrepresentable: 'any' })).keys) keys.add(k);
  expect([...keys].filter((k) => !(k in SETTING_LABELS))).toEqual([]);
  const layouts = keysOf(z.toJSONSchema(sectionSettings)).values;
  expect([...layouts].filter((v) => !(v in OPTION_LABELS))).toEqual([]);
});

test('every widget’s schema makes a form whose defaults its schema accepts back', () => {
  for (const [name, schema] of Object.entries(PAGE_CATALOG.widgets)) {
    const fields = settingFields(schema, PAGE_CATALOG.rich[name]);
    const names = fields.map((f) => f.name);
    expect(new Set(names).size, name).toBe(names.length);
    // A stored widget's settings (its defaults here) come back from its form unchanged.
    const defaults = schema.safeParse({});
    if (!defaults.success) continue;
    const { value, problems } = readSettings(fields, settingValues(fields, defaults.data));
    expect(problems, name).toEqual({});
    expect(schema.parse(value), name).toEqual(defaults.data);
  }
});
