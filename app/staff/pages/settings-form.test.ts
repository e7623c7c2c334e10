import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { columnSettings, sectionSettings } from '~/content/tree';
import {
  changeList,
  parseSettings,
  postedValues,
  readSettings,
  settingErrors,
  settingValues,
} from '~/ui/settings-form/from-schema';
import { type ItemsField, itemFields, type SettingField } from '~/ui/settings-form/model';
import { parseListCommand } from './model';
import { settingFields, settingPaths, withPicks } from './settings-form';

// Schemas shaped as the site's widgets' (the real catalog's are checked in staff/pages/catalog.test.ts).
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
    ['s.people', 'items'],
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

test('two settings of one key get their own labels where the schema names them (particles and parallax speed)', () => {
  const labelOf = (fields: readonly SettingField[], name: string): string | undefined =>
    fields.flatMap((f) => (f.kind === 'group' ? f.fields : [f])).find((f) => f.name === name)?.label;
  expect(labelOf(settingFields(sectionSettings), 's.particles.speed')).toBe('Kecepatan partikel');
  expect(labelOf(settingFields(columnSettings), 's.parallax.speed')).toBe('Kecepatan parallax (%)');
  expect(labelOf(settingFields(columnSettings), 's.width')).toBe('Lebar di desktop (%)');
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
  // A nested field's issue belongs to it; a list item's field's to that item's field.
  const grid = submit(listingGridSettings, { 's.loadMoreOffset.size': '-1', 's.loadMoreOffset.unit': 'px' });
  expect(grid.errors).toEqual({ 's.loadMoreOffset.size': 'Paling kecil 0.' });
  const subscribe = submit(subscribeSettings, { 's.fields': '1', 's.fields.0.name': '1x', 's.fields.0.label': 'A' });
  expect(subscribe.errors).toEqual({ 's.fields.0.name': 'Formatnya tidak sesuai.' });
  // What cannot be told apart by a field (a discriminated union) is still JSON.
  const union = z.object({ source: z.discriminatedUnion('k', [z.object({ k: z.literal('x') })]).optional() });
  expect(submit(union, { 's.source': '[{' }).problems).toEqual({
    's.source': expect.stringContaining('Bukan JSON yang valid'),
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

// Lists of items (issue 22): schemas shaped as an accordion's and a playlist's.
const accordionSettings = z.object({
  collapsible: z.boolean().default(true),
  items: z
    .array(
      z
        .object({
          id: z
            .string()
            .max(60)
            .regex(/^[a-z][a-z0-9-]*$/),
          title: z.string().min(1).max(200),
          html: z.string().max(20_000),
          open: z.boolean().default(false),
        })
        .strict(),
    )
    .min(1)
    .max(4)
    .default([{ id: 'faq-1', title: 'Apa itu PPDB?', html: '<p>Penerimaan peserta didik baru.</p>', open: false }]),
});
const YOUTUBE_ID = /^[\w-]{11}$/;
const playlistSettings = z.object({
  heading: z.string().max(100).optional(),
  items: z
    .array(
      z
        .object({
          provider: z.enum(['youtube', 'vimeo']).default('youtube'),
          videoId: z.string().min(1).max(40),
          title: z.string().min(1).max(200),
          mediaId: z.number().int().positive().optional(),
          autoplay: z.boolean().default(true),
        })
        .superRefine((item, ctx) => {
          const ok = item.provider === 'youtube' ? YOUTUBE_ID.test(item.videoId) : /^\d{1,12}$/.test(item.videoId);
          if (!ok) ctx.addIssue({ code: 'custom', path: ['videoId'], message: 'not a provider id' });
        }),
    )
    .max(50)
    .default([]),
});

const listOf = (fields: SettingField[], name: string) => {
  const field = byName(fields, name);
  if (field?.kind !== 'items') throw new Error(`${name} is no list`);
  return field;
};

test('an array of objects is a list of items, each with the item schema’s fields', () => {
  const fields = settingFields(accordionSettings, ['html']);
  const items = listOf(fields, 's.items');
  expect(items).toMatchObject({ label: 'Daftar item', required: false, minItems: 1, maxItems: 4 });
  expect(items.hint).toBe('Paling sedikit 1. Paling banyak 4.');
  expect(items.item.map((f) => [f.name, f.kind])).toEqual([
    ['s.items.*.id', 'text'],
    ['s.items.*.title', 'text'],
    ['s.items.*.html', 'text'],
    ['s.items.*.open', 'boolean'],
  ]);
  expect(byName(items.item, 's.items.*.html')).toMatchObject({ multiline: true, required: true });
  expect(byName(items.item, 's.items.*.title')).toMatchObject({ multiline: false, required: true, maxLength: 200 });
  // Item 2's fields, by index.
  expect(itemFields(items, 1).map((f) => f.name)).toEqual([
    's.items.1.id',
    's.items.1.title',
    's.items.1.html',
    's.items.1.open',
  ]);
  // A new item starts with the item schema's defaults: a checkbox on by default is on, an enum chosen.
  expect(items.blank).toEqual({ id: '', title: '', html: '', open: '' });
  const playlist = listOf(settingFields(playlistSettings), 's.items');
  expect(playlist.maxItems).toBe(50);
  expect(playlist.blank).toEqual({ provider: 'youtube', videoId: '', title: '', mediaId: '', autoplay: 'on' });
  expect(byName(playlist.item, 's.items.*.provider')).toMatchObject({
    kind: 'choice',
    options: [
      { value: 'youtube', label: 'YouTube' },
      { value: 'vimeo', label: 'Vimeo' },
    ],
  });
});

test('stored items fill the form by index and come back from it unchanged', () => {
  const fields = settingFields(accordionSettings, ['html']);
  const stored = accordionSettings.parse({
    items: [
      { id: 'biaya', title: 'Berapa biayanya?', html: '<p>Gratis.</p>', open: true },
      { id: 'jadwal', title: 'Kapan dibuka?', html: '<p>Januari.</p>' },
    ],
  });
  const values = settingValues(fields, stored);
  expect(values).toMatchObject({
    's.items': '2',
    's.items.0.id': 'biaya',
    's.items.0.open': 'on',
    's.items.1.title': 'Kapan dibuka?',
    's.items.1.open': '',
  });
  const { value, problems } = readSettings(fields, values);
  expect(problems).toEqual({});
  expect(accordionSettings.parse(value)).toEqual(stored);
  // The schema's default list round-trips too, and a form without the list's count keeps the default.
  const defaults = accordionSettings.parse({});
  expect(accordionSettings.parse(readSettings(fields, settingValues(fields, defaults)).value)).toEqual(defaults);
  expect(readSettings(fields, { 's.collapsible': 'on' }).value).toEqual({ collapsible: true });
});

test('a posted list is read back in its order; what is typed in each item is kept', () => {
  const fields = settingFields(playlistSettings);
  const posted = {
    's.items': '2',
    's.items.0.provider': 'vimeo',
    's.items.0.videoId': '76979871',
    's.items.0.title': 'Pentas seni',
    's.items.0.mediaId': '',
    's.items.1.provider': 'youtube',
    's.items.1.videoId': 'dQw4w9WgXcQ',
    's.items.1.title': 'Upacara',
    's.items.1.mediaId': '7',
    's.items.1.autoplay': 'on',
  };
  const ok = submit(playlistSettings, posted);
  expect(ok.problems).toEqual({});
  expect(ok.parsed.data).toEqual({
    items: [
      { provider: 'vimeo', videoId: '76979871', title: 'Pentas seni', autoplay: false },
      { provider: 'youtube', videoId: 'dQw4w9WgXcQ', title: 'Upacara', mediaId: 7, autoplay: true },
    ],
  });
  // A list emptied by staff is an empty list (not the default); a count that is no number, none.
  expect(readSettings(fields, { 's.items': '0' }).value).toEqual({ items: [] });
  expect(readSettings(fields, { 's.items': 'x' }).value).toEqual({ items: [] });
  expect(postedValues(fields, posted)).toMatchObject({ ...posted, 's.items.0.autoplay': '' });
});

test('bad items: each issue next to the field of the item it is about', () => {
  const accordion = submit(accordionSettings, {
    's.items': '3',
    's.items.0.id': 'biaya',
    's.items.0.title': 'Biaya',
    's.items.0.html': '<p>Gratis.</p>',
    's.items.1.id': 'Jadwal Buka',
    's.items.1.title': '',
    's.items.1.html': '',
    's.items.2.id': 'syarat',
    's.items.2.title': 'Syarat',
    's.items.2.html': 'x'.repeat(20_001),
  });
  expect(accordion.errors).toEqual({
    's.items.1.id': 'Formatnya tidak sesuai.',
    's.items.1.title': 'Wajib diisi.',
    's.items.2.html': 'Paling panjang 20000 karakter.',
  });
  // Too many or too few items: the list's own message.
  const five = Object.fromEntries(
    Array.from({ length: 5 }, (_, i) => [
      [`s.items.${i}.id`, `q${i}`],
      [`s.items.${i}.title`, 'T'],
      [`s.items.${i}.html`, ''],
    ]).flat(),
  );
  expect(submit(accordionSettings, { 's.items': '5', ...five }).errors).toEqual({ 's.items': 'Paling banyak 4.' });
  expect(submit(accordionSettings, { 's.items': '0' }).errors).toEqual({
    's.items': 'Pilih atau isi paling sedikit 1.',
  });
  // A rule over the whole item that names its field (a video id that is not the provider's).
  const playlist = submit(playlistSettings, {
    's.items': '2',
    's.items.0.provider': 'youtube',
    's.items.0.videoId': 'dQw4w9WgXcQ',
    's.items.0.title': 'A',
    's.items.1.provider': 'youtube',
    's.items.1.videoId': '76979871',
    's.items.1.title': 'B',
    's.items.1.mediaId': 'tujuh',
  });
  expect(playlist.problems).toEqual({ 's.items.1.mediaId': 'Isi dengan angka.' });
  expect(playlist.errors).toEqual({ 's.items.1.videoId': 'Isian ini tidak diterima.' });
  // An issue of an item as a whole (a key the strict item does not know) belongs to the item.
  const fields = settingFields(accordionSettings);
  const parsed = parseSettings(accordionSettings, { items: [{ id: 'a', title: 'A', html: '', extra: 1 }] });
  expect(parsed.success || settingErrors(fields, parsed.error.issues)).toEqual({
    's.items.0': 'Isian tidak dikenal: extra.',
  });
});

test('media pickers reach the items’ media settings', () => {
  const fields = settingFields(playlistSettings);
  expect(settingPaths(fields, 'mediaId')).toEqual(['items.*.mediaId']);
  const picks = { 'items.*.mediaId': [{ value: '7', label: 'Lapangan', thumb: '/x-150.webp' }] };
  const withMedia = listOf(withPicks(fields, picks), 's.items');
  expect(byName(itemFields(withMedia, 3), 's.items.3.mediaId')?.picks).toEqual(picks['items.*.mediaId']);
  expect(byName(itemFields(withMedia, 3), 's.items.3.title')?.picks).toBeUndefined();
});

describe('a list’s buttons change the posted form, unsaved', () => {
  const fields = settingFields(accordionSettings, ['html']);
  const three = {
    's.collapsible': 'on',
    's.items': '3',
    's.items.0.id': 'a',
    's.items.0.title': 'Satu',
    's.items.0.html': '<p>1</p>',
    's.items.1.id': 'b',
    's.items.1.title': 'Dua',
    's.items.1.html': '<p>2</p>',
    's.items.1.open': 'on',
    's.items.2.id': 'item-4',
    's.items.2.title': 'Tiga',
    's.items.2.html': '',
  };
  const titles = (values: Record<string, string>) =>
    Array.from({ length: Number(values['s.items']) }, (_, i) => values[`s.items.${i}.title`]);
  const change = (raw: string, posted: Record<string, string> = three) => {
    const command = parseListCommand(raw);
    if (!command) throw new Error(`${raw} is no command`);
    return changeList(fields, posted, command);
  };

  test('add: a new last item with its defaults and an id not yet used; the focus on its first field', () => {
    const added = change('tambah:s.items');
    expect(titles(added?.values ?? {})).toEqual(['Satu', 'Dua', 'Tiga', '']);
    expect(added?.values).toMatchObject({ 's.items.3.id': 'item-5', 's.items.3.open': '', 's.items.1.open': 'on' });
    expect(added?.focus).toBe('s.items.3.id');
    expect(added?.notice).toEqual({ list: 's.items', message: 'Item 4 ditambahkan di akhir daftar.' });
    // Full: nothing added, said so.
    const full = change('tambah:s.items', { ...three, 's.items': '4' });
    expect(full?.values['s.items']).toBe('4');
    expect(full?.notice.message).toBe('Daftar ini sudah penuh: paling banyak 4 item.');
  });

  test('move: the items swap with everything typed in them; the focus stays on the moved item’s button', () => {
    const up = change('naik:s.items.2');
    expect(titles(up?.values ?? {})).toEqual(['Satu', 'Tiga', 'Dua']);
    expect(up?.values).toMatchObject({ 's.items.2.open': 'on', 's.items.1.open': '', 's.items.1.id': 'item-4' });
    expect(up?.focus).toBe('naik:s.items.1');
    expect(up?.notice.message).toBe('Item 3 dinaikkan menjadi Item 2.');
    // At the top, the focus goes to the other button (the first is disabled there).
    expect(change('naik:s.items.1')?.focus).toBe('turun:s.items.0');
    expect(titles(change('turun:s.items.0')?.values ?? {})).toEqual(['Dua', 'Satu', 'Tiga']);
    // Past the end: nothing moves.
    const stuck = change('turun:s.items.2');
    expect(titles(stuck?.values ?? {})).toEqual(['Satu', 'Dua', 'Tiga']);
    expect(stuck?.notice.message).toBe('Item 3 sudah paling bawah.');
  });

  test('remove: the others close up; the focus on the next item, or on "Tambah item" when none is left', () => {
    const removed = change('hapus:s.items.0');
    expect(titles(removed?.values ?? {})).toEqual(['Dua', 'Tiga']);
    expect(removed?.values).not.toHaveProperty('s.items.2.title');
    expect(removed?.focus).toBe('s.items.0.id');
    const one = { 's.items': '1', 's.items.0.id': 'a', 's.items.0.title': 'Satu', 's.items.0.html': '' };
    const none = change('hapus:s.items.0', one);
    expect(none?.values['s.items']).toBe('0');
    expect(none?.focus).toBe('tambah:s.items');
    // What the form then saves is the changed list.
    expect(readSettings(fields, removed?.values ?? {}).value).toMatchObject({
      items: [
        { id: 'b', title: 'Dua', open: true },
        { id: 'item-4', title: 'Tiga', open: false },
      ],
    });
  });

  test('a list inside an item; buttons that name no list are refused', () => {
    const tabs = z.object({
      tabs: z.array(z.object({ label: z.string(), links: z.array(z.object({ text: z.string() })).default([]) })),
    });
    const tabFields = settingFields(tabs);
    const posted = { 's.tabs': '2', 's.tabs.0.label': 'A', 's.tabs.1.label': 'B', 's.tabs.1.links': '0' };
    const added = changeList(tabFields, posted, { op: 'tambah', list: 's.tabs.1.links' });
    expect(added?.values).toMatchObject({ 's.tabs.1.links': '1', 's.tabs.1.links.0.text': '', 's.tabs.0.label': 'A' });
    expect(readSettings(tabFields, added?.values ?? {}).value).toEqual({
      tabs: [
        { label: 'A', links: [] },
        { label: 'B', links: [{ text: '' }] },
      ],
    });
    expect(changeList(tabFields, posted, { op: 'tambah', list: 's.tabs.5.links' })).toBeNull();
    expect(changeList(tabFields, posted, { op: 'tambah', list: 's.nothing' })).toBeNull();
    for (const raw of ['', 'tambah:', 'hapus:s.items', 'buang:s.items.1', 'naik:s.items.-1', 'tambah:x.items'])
      expect(parseListCommand(raw), raw).toBeNull();
    expect(parseListCommand('turun:s.items.12')).toEqual({ op: 'turun', list: 's.items', index: 12 });
  });
});

test('an item list’s fields are typed as one', () => {
  const list: ItemsField | undefined = settingFields(accordionSettings).find(
    (f): f is ItemsField => f.kind === 'items',
  );
  expect(list?.name).toBe('s.items');
});
