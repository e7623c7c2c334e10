import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  allFields,
  changeList,
  checkForm,
  type FieldMeta,
  type FormMeta,
  mapFields,
  postedValues,
  readSettings,
  schemaFields,
  settingErrors,
  settingValues,
} from './from-schema';
import type { SettingField } from './model';

// The page editor's use (prefix `s`, the catalog's labels, lists of items) is tested in
// staff/pages/settings-form.test.ts; here what any staff form gets: names by key, the schema's own
// words, conditions, fieldsets that are layout only, and messages written for staff.

const byName = (fields: readonly SettingField[], name: string) => allFields(fields).find((f) => f.name === name);

const onMeta: FieldMeta['when'] = { field: 'query', in: ['meta'] };

/** A form shaped as the filter form: flat names, its own words, conditions and fieldsets. */
const schema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Isi nama.')
      .max(20, 'Nama paling panjang 20 karakter.')
      .meta({ title: 'Nama', description: 'Hanya untuk staf.' }),
    type: z
      .enum(['list', 'range'], { error: 'Pilih jenis.' })
      .meta({ title: 'Jenis', optionLabels: { list: 'Daftar', range: 'Rentang' }, empty: null }),
    query: z.enum(['tax', 'meta']).meta({
      title: 'Kueri',
      optionWhen: { tax: { field: 'type', in: ['list'] } },
      empty: null,
    }),
    key: z
      .string()
      .max(64)
      .optional()
      .meta({ title: 'Kunci', when: onMeta, verbatim: true } satisfies FieldMeta),
    options: z
      .string()
      .max(4000)
      .optional()
      .meta({ title: 'Opsi', description: 'Satu per baris: `nilai | label`.', rows: 3, when: onMeta }),
    counted: z
      .boolean()
      .optional()
      .meta({ title: 'Hitung', when: { field: 'type', in: ['list'] } }),
    stars: z
      .number({ error: 'Isi bilangan bulat 1–10.' })
      .int('Isi bilangan bulat 1–10.')
      .min(1, 'Isi bilangan bulat 1–10.')
      .max(10, 'Isi bilangan bulat 1–10.')
      .optional()
      .meta({ title: 'Bintang', when: { field: 'type', in: ['range'] } }),
    min: z
      .number()
      .optional()
      .meta({ title: 'Terkecil', when: { field: 'type', in: ['range'] } }),
    max: z
      .number()
      .optional()
      .meta({ title: 'Terbesar', when: { field: 'type', in: ['range'] } }),
    mode: z.enum(['a', 'b']).default('a'),
  })
  .meta({
    groups: [
      { title: 'Umum', fields: ['type', 'name'] },
      {
        title: 'Menurut jenis',
        fields: ['stars', 'min', 'max'],
        legendBy: { field: 'type', legends: { range: 'Rentang' } },
        hintWithoutScript: 'Isi hanya yang sesuai jenisnya.',
      },
    ],
  } satisfies FormMeta)
  .superRefine((v, ctx) => {
    // A rule across fields, checked even when a field's own bound is not met.
    if (v.min !== undefined && v.max !== undefined && v.min >= v.max)
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'Terbesar harus di atas terkecil.' });
  });

describe('a form from a schema with its own words', () => {
  const fields = schemaFields(schema, { hints: 'described' });

  test('fields are named by their keys, laid out in the fieldsets the object names', () => {
    expect(fields.map((f) => [f.name, f.kind, f.label])).toEqual([
      ['@1', 'group', 'Umum'],
      ['query', 'choice', 'Kueri'],
      ['key', 'text', 'Kunci'],
      ['options', 'text', 'Opsi'],
      ['counted', 'boolean', 'Hitung'],
      ['@2', 'group', 'Menurut jenis'],
      ['mode', 'choice', 'mode'],
    ]);
    const general = fields[0];
    expect(general?.kind === 'group' && general.fields.map((f) => f.name)).toEqual(['type', 'name']);
    expect(fields[5]).toMatchObject({
      flat: true,
      toggle: false,
      legendBy: { field: 'type', legends: { range: 'Rentang' } },
      hintWithoutScript: 'Isi hanya yang sesuai jenisnya.',
    });
  });

  test('labels, hints, choices’ words and conditions come from the schema’s meta', () => {
    expect(byName(fields, 'name')).toMatchObject({ hint: 'Hanya untuk staf.', required: true, maxLength: 20 });
    expect(byName(fields, 'type')).toMatchObject({
      empty: null,
      options: [
        { value: 'list', label: 'Daftar' },
        { value: 'range', label: 'Rentang' },
      ],
    });
    expect(byName(fields, 'query')).toMatchObject({
      options: [{ value: 'tax', when: { field: 'type', in: ['list'] } }, { value: 'meta' }],
    });
    expect(byName(fields, 'key')).toMatchObject({ when: onMeta, verbatim: true, hint: '' });
    expect(byName(fields, 'options')).toMatchObject({
      rows: 3,
      multiline: true,
      hint: 'Satu per baris: `nilai | label`.',
    });
    expect(byName(fields, 'stars')).toMatchObject({ kind: 'number', integer: true, min: 1, max: 10 });
    // Described hints only: no words made from the schema's limits or defaults.
    expect(byName(fields, 'mode')?.hint).toBe('');
    expect(byName(schemaFields(schema), 'mode')?.hint).toBe('Bawaan: a.');
    expect(byName(schemaFields(schema), 'name')?.hint).toBe('Hanya untuk staf.');
  });

  test('values fill the fields in the fieldsets, and come back as the same object', () => {
    const stored = { name: 'Harga', type: 'range', query: 'meta', stars: 3, min: 0, max: 10, mode: 'b' };
    const values = settingValues(fields, stored);
    expect(values).toMatchObject({ name: 'Harga', type: 'range', stars: '3', min: '0', counted: '', key: '' });
    const checked = checkForm(schema, fields, values);
    expect(checked).toEqual({ ok: true, data: stored });
  });

  test('a field whose condition does not hold is not read, whatever it holds', () => {
    const posted = { name: 'A', type: 'list', query: 'tax', key: 'x', options: 'y', counted: 'on', stars: 'banyak' };
    expect(readSettings(fields, posted).value).toEqual({ name: 'A', type: 'list', query: 'tax', counted: true });
    expect(readSettings(fields, { ...posted, query: 'meta' }).value).toMatchObject({ key: 'x', options: 'y' });
  });

  test('the schema’s messages name every problem at once; what it gives no words gets staff’s', () => {
    const checked = checkForm(schema, fields, {
      name: ' ',
      type: 'range',
      query: 'meta',
      stars: '11',
      min: '5',
      max: '5',
      key: 'k'.repeat(65),
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: 'Isi nama.',
        key: 'Paling panjang 64 karakter.',
        stars: 'Isi bilangan bulat 1–10.',
        max: 'Terbesar harus di atas terkecil.',
      },
    });
    // A number that cannot be read is the schema's to name; a choice that is none of the enum's, too.
    expect(checkForm(schema, fields, { name: 'A', type: 'range', query: 'meta', stars: 'banyak' })).toEqual({
      ok: false,
      errors: { stars: 'Isi bilangan bulat 1–10.' },
    });
    expect(checkForm(schema, fields, { name: 'A', type: 'bogus', query: 'meta' })).toEqual({
      ok: false,
      errors: { type: 'Pilih jenis.' },
    });
    // Read as the page editor reads: the number is a problem of the form, the schema's words are not used.
    expect(readSettings(fields, { type: 'range', stars: 'banyak' }).problems).toEqual({ stars: 'Isi dengan angka.' });
    const issues = schema.safeParse({ name: '', type: 'list', query: 'meta' }).error?.issues ?? [];
    expect(settingErrors(fields, issues)).toEqual({ name: 'Wajib diisi.' });
  });

  test('what was typed is shown back, every field (those that do not apply too)', () => {
    expect(postedValues(fields, { name: '<b>', type: 'list', stars: 'banyak', counted: 'ya' })).toMatchObject({
      name: '<b>',
      stars: 'banyak',
      counted: 'on',
      key: '',
    });
  });
});

test('fields are changed where the database knows more (suggestions, a hint); lists keep working in fieldsets', () => {
  const withList = z
    .object({
      title: z.string(),
      links: z.array(z.object({ text: z.string() })).default([]),
    })
    .meta({ groups: [{ title: 'Semua', fields: ['title', 'links'] }] } satisfies FormMeta);
  const fields = mapFields(schemaFields(withList), (f) =>
    f.kind === 'text' && f.name === 'title' ? { ...f, hint: 'Judul.', suggestions: [{ value: 'A', label: 'A' }] } : f,
  );
  expect(byName(fields, 'title')).toMatchObject({ hint: 'Judul.', suggestions: [{ value: 'A' }] });
  expect(allFields(fields).map((f) => f.name)).toEqual(['@1', 'title', 'links', 'links.*.text']);
  const added = changeList(fields, { title: 'T', links: '0' }, { op: 'tambah', list: 'links' });
  expect(added?.values).toEqual({ title: 'T', links: '1', 'links.0.text': '' });
  expect(readSettings(fields, added?.values ?? {}).value).toEqual({ title: 'T', links: [{ text: '' }] });
});
