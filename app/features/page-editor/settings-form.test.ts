import { expect, test } from 'vitest';
import { z } from 'zod';
import { sectionSettings } from '~/content/tree';
import type { SettingField } from './model';
import {
  parseSettings,
  postedValues,
  readSettings,
  settingErrors,
  settingFields,
  settingValues,
  withPicks,
} from './settings-form';

// Schemas shaped as the site's widgets' (the real catalog's are checked in routes/admin/pages-catalog.test.ts).
const cols = z.number().int().min(1).max(6);
const headingSettings = z.object({
  title: z.string().min(1).max(300),
  level: z.number().int().min(1).max(6).default(2),
  align: z.enum(['left', 'center', 'right']).default('left'),
  link: z.string().max(500).optional(),
});
const listingGridSettings = z.object({
  postType: z.enum(['galeri', 'post', 'ekskul']).default('galeri'),
  queryId: z.string().min(1).max(100).optional(),
  postsNum: z.number().int().min(1).max(48).default(6),
  isMasonry: z.boolean().default(true),
  useLoadMore: z.boolean().default(true),
  loadMoreText: z.string().max(100).default('Muat lebih banyak'),
  loadMoreOffset: z
    .object({ size: z.number().min(0).max(5000), unit: z.enum(['px', '%']) })
    .strict()
    .default({ size: 0, unit: 'px' }),
  breakpoints: z.object({ xs: cols, sm: cols }).partial().strict().optional(),
  carousel: z
    .object({
      autoplay: z.boolean().default(true),
      arrows: z.boolean().default(true),
      speed: z.number().int().min(100).max(3000).default(500),
      label: z.string().min(1).max(100).default('Sorotan'),
    })
    .strict()
    .optional(),
  titleLevel: z.union([z.literal(2), z.literal(3)]).default(3),
});
const imageSettings = z.object({ mediaId: z.number().int().positive() });
const subscribeSettings = z.object({
  fields: z
    .array(
      z.object({
        name: z
          .string()
          .max(50)
          .regex(/^[A-Za-z][A-Za-z0-9_-]*$/),
        label: z.string().min(1).max(100),
      }),
    )
    .max(10)
    .default([]),
});
const postsSettings = z.object({
  postTypes: z
    .array(z.enum(['post', 'page', 'galeri']))
    .min(1)
    .default(['post']),
});

const byName = (fields: SettingField[], name: string) => fields.find((f) => f.name === name);

/** Reads a posted form back and checks it with the schema, as the server does. */
function submit(schema: z.ZodType, posted: Record<string, string>) {
  const fields = settingFields(schema);
  const { value, problems } = readSettings(fields, posted);
  const parsed = parseSettings(schema, value);
  return { value, problems, parsed, errors: parsed.success ? {} : settingErrors(fields, parsed.error.issues) };
}

test('each kind of setting gets its control', () => {
  const schema = z.object({
    title: z.string().min(1).max(300),
    html: z.string().max(200_000),
    level: z.number().int().min(1).max(6).default(2),
    ratio: z.number().min(0),
    id: z.number().int().positive(),
    sticky: z.boolean().default(false),
    align: z.enum(['left', 'center']).default('left'),
    titleLevel: z.union([z.literal(2), z.literal(3)]).default(3),
    category: z.enum(['a', 'b']).optional(),
    types: z
      .array(z.enum(['post', 'page']))
      .min(1)
      .default(['post']),
    words: z.array(z.string()).optional(),
    offset: z.object({ size: z.number(), unit: z.enum(['px', '%']) }).default({ size: 0, unit: 'px' }),
    carousel: z.object({ dots: z.boolean().default(true) }).optional(),
    people: z.array(z.object({ name: z.string() })).default([]),
    source: z.discriminatedUnion('kind', [z.object({ kind: z.literal('x') }), z.object({ kind: z.literal('y') })]),
  });
  const fields = settingFields(schema, ['html']);
  expect(fields.map((f) => [f.name, f.kind])).toEqual([
    ['s.title', 'text'],
    ['s.html', 'text'],
    ['s.level', 'number'],
    ['s.ratio', 'number'],
    ['s.id', 'number'],
    ['s.sticky', 'boolean'],
    ['s.align', 'choice'],
    ['s.titleLevel', 'choice'],
    ['s.category', 'choice'],
    ['s.types', 'choices'],
    ['s.words', 'lines'],
    ['s.offset', 'group'],
    ['s.carousel', 'group'],
    ['s.people', 'json'],
    ['s.source', 'json'],
  ]);
  expect(byName(fields, 's.title')).toMatchObject({ required: true, multiline: false, minLength: 1, maxLength: 300 });
  expect(byName(fields, 's.html')).toMatchObject({ required: true, multiline: true });
  expect(byName(fields, 's.level')).toMatchObject({ required: false, integer: true, min: 1, max: 6 });
  expect(byName(fields, 's.level')?.hint).toContain('bawaan: 2');
  // A positive integer starts at 1; no bound is shown where the schema sets none.
  expect(byName(fields, 's.id')).toMatchObject({ min: 1, required: true });
  expect(byName(fields, 's.id')).not.toHaveProperty('max');
  expect(byName(fields, 's.ratio')).toMatchObject({ integer: false, min: 0 });
  expect(byName(fields, 's.align')).toMatchObject({
    options: [
      { value: 'left', label: 'Kiri' },
      { value: 'center', label: 'Tengah' },
    ],
    empty: null,
  });
  expect(byName(fields, 's.category')).toMatchObject({ empty: 'Tidak ada' });
  expect(byName(fields, 's.offset')).toMatchObject({ toggle: false });
  expect(byName(fields, 's.carousel')).toMatchObject({ toggle: true });
});

test('stored settings fill the form; a value left out shows nothing, a group left out is off', () => {
  const fields = settingFields(listingGridSettings);
  const values = settingValues(fields, listingGridSettings.parse({ postType: 'post', breakpoints: { sm: 2 } }));
  expect(values).toMatchObject({
    's.postType': 'post',
    's.postsNum': '6',
    's.isMasonry': 'on',
    's.loadMoreOffset.size': '0',
    's.loadMoreOffset.unit': 'px',
    's.breakpoints': 'on',
    's.breakpoints.sm': '2',
    's.breakpoints.xs': '',
    's.carousel': '',
    's.titleLevel': '3',
    's.queryId': '',
  });
});

test('a posted form is read back into settings the schema accepts', () => {
  const { parsed, problems } = submit(listingGridSettings, {
    's.postType': 'post',
    's.queryId': '',
    's.postsNum': '12',
    's.isMasonry': '',
    's.useLoadMore': 'on',
    's.loadMoreOffset.size': '10,5',
    's.loadMoreOffset.unit': '%',
    's.carousel': 'on',
    's.carousel.autoplay': 'on',
    's.carousel.label': 'Berita pilihan',
    's.titleLevel': '2',
  });
  expect(problems).toEqual({});
  expect(parsed.success).toBe(true);
  expect(parsed.data).toMatchObject({
    postType: 'post',
    postsNum: 12,
    isMasonry: false,
    useLoadMore: true,
    loadMoreOffset: { size: 10.5, unit: '%' },
    carousel: { autoplay: true, arrows: false, label: 'Berita pilihan', speed: 500 },
    titleLevel: 2,
    // Left empty: the default.
    loadMoreText: 'Muat lebih banyak',
  });
  expect(parsed.data).not.toHaveProperty('queryId');
  expect(parsed.data).not.toHaveProperty('breakpoints');
});

test('stored settings round-trip through the form unchanged', () => {
  const stored = sectionSettings.parse({ layout: 'full', background: 'dark', cssId: 'atas', sticky: true });
  const fields = settingFields(sectionSettings);
  const { value } = readSettings(fields, settingValues(fields, stored));
  expect(sectionSettings.parse(value)).toEqual(stored);
});

test('bad input: a message per field in Indonesian, what was typed kept', () => {
  const heading = headingSettings;
  const bad = submit(heading, { 's.title': '', 's.level': '9', 's.align': 'diagonal', 's.link': 'x'.repeat(501) });
  expect(bad.parsed.success).toBe(false);
  expect(bad.errors).toEqual({
    's.title': 'Wajib diisi.',
    's.level': 'Paling besar 6.',
    's.align': 'Pilih salah satu pilihan yang ada.',
    's.link': 'Paling panjang 500 karakter.',
  });
  const words = submit(heading, { 's.title': 'Judul', 's.level': 'dua' });
  expect(words.problems).toEqual({ 's.level': 'Isi dengan angka.' });
  expect(submit(heading, { 's.title': 'Judul', 's.level': '2.5' }).errors).toEqual({
    's.level': 'Isi dengan bilangan bulat.',
  });
  // A required number left empty.
  expect(submit(imageSettings, { 's.mediaId': '' }).errors).toEqual({ 's.mediaId': 'Wajib diisi.' });
  // A nested field's issue belongs to it; an array's item to its JSON field.
  const grid = submit(listingGridSettings, { 's.loadMoreOffset.size': '-1', 's.loadMoreOffset.unit': 'px' });
  expect(grid.errors).toEqual({ 's.loadMoreOffset.size': 'Paling kecil 0.' });
  const subscribe = submit(subscribeSettings, { 's.fields': '[{"name":"1x","label":"A"}]' });
  expect(subscribe.errors).toEqual({ 's.fields': '(0.name) Formatnya tidak sesuai.' });
  expect(submit(subscribeSettings, { 's.fields': '[{' }).problems).toEqual({
    's.fields': expect.stringContaining('Bukan JSON yang valid'),
  });
  // Nothing typed is lost.
  const fields = settingFields(heading);
  expect(postedValues(fields, { 's.title': '<b>x</b>', 's.level': 'dua' })).toEqual({
    's.title': '<b>x</b>',
    's.level': 'dua',
    's.align': '',
    's.link': '',
  });
});

test('arrays of an enum are checkboxes; other arrays of strings one per line', () => {
  const posts = postsSettings;
  const ok = submit(posts, { 's.postTypes:post': 'on', 's.postTypes:galeri': 'on' });
  expect(ok.parsed.data).toMatchObject({ postTypes: ['post', 'galeri'] });
  expect(submit(posts, {}).errors).toEqual({ 's.postTypes': 'Pilih atau isi paling sedikit 1.' });
  const lines = z.object({ words: z.array(z.string().max(3)).optional() });
  expect(submit(lines, { 's.words': 'a\r\n\n bc \n' }).parsed.data).toEqual({ words: ['a', 'bc'] });
  expect(submit(lines, { 's.words': 'abcd' }).errors).toEqual({ 's.words': '(0) Paling panjang 3 karakter.' });
});

test('a setting naming a thing of the site gets its picks; nested and other settings do not', () => {
  const schema = z.object({
    mediaId: z.number().int().positive(),
    caption: z.string().optional(),
    inner: z.object({ mediaId: z.number() }).optional(),
  });
  const picks = { mediaId: [{ value: '7', label: 'Lapangan', thumb: '/x-150.webp' }] };
  const fields = withPicks(settingFields(schema), picks);
  expect(fields.find((f) => f.name === 's.mediaId')?.picks).toEqual(picks.mediaId);
  expect(fields.find((f) => f.name === 's.caption')?.picks).toBeUndefined();
  const inner = fields.find((f) => f.name === 's.inner');
  expect(inner?.kind === 'group' && inner.fields[0]?.picks).toBeFalsy();
  // The chosen pick is read back as the schema's number.
  expect(readSettings(fields, { 's.mediaId': '7' }).value).toEqual({ mediaId: 7 });
});
