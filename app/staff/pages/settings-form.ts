import type { z } from 'zod';
import { allFields, mapFields, schemaFields } from '~/ui/settings-form/from-schema';
import { keyOf, type SettingField, type SettingPick } from '~/ui/settings-form/model';
import { OPTION_LABELS, settingLabel } from './model';

/**
 * The settings form of a section, column or widget, generated from its zod schema (issue 14 "Pages")
 * by the staff forms' generator (app/ui/settings-form/from-schema.ts, which reads the posted form
 * back, checks it and changes its lists): here only what is the page editor's own. Its fields are
 * named `s.` and the setting's path (`s.loadMoreOffset.size`), labelled with the words of the
 * catalog's settings and choices, and a setting naming a thing of the site offers those things.
 * Server-only (zod stays out of the browser bundle).
 */

/** The first part of every settings field's name. */
const PREFIX = 's';

/** The fields of a settings schema; `rich` names the settings holding HTML (edited in a textarea). */
export function settingFields(schema: z.ZodType, rich: readonly string[] = []): SettingField[] {
  return schemaFields(schema, {
    prefix: PREFIX,
    label: settingLabel,
    optionLabel: (value) => OPTION_LABELS[value] ?? value,
    rich,
  });
}

/** A field's setting path without the prefix (`items.*.mediaId`). */
const pathOf = (field: SettingField) => field.name.split('.').slice(1).join('.');

/** Whether a field may name a thing of the site (by an id or a slug). */
const names = (field: SettingField) => field.kind === 'number' || field.kind === 'text';

/**
 * The fields with the things their settings may name, by the setting's path (an image widget's
 * `mediaId`, a menu widget's `menu`, an item's `items.*.mediaId`), so the form offers a choice instead
 * of a bare id or slug.
 */
export function withPicks(
  fields: readonly SettingField[],
  picks: Readonly<Record<string, SettingPick[]>>,
): SettingField[] {
  return mapFields(fields, (field) => {
    const list = picks[pathOf(field)];
    return list && names(field) ? { ...field, picks: list } : field;
  });
}

/** The paths of the settings a form shows with their key (`mediaId`, `items.*.mediaId`), lists' items included. */
export function settingPaths(fields: readonly SettingField[], key: string): string[] {
  return allFields(fields)
    .filter((f) => keyOf(f) === key && names(f))
    .map(pathOf);
}
