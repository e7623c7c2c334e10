import { describe, expect, test } from 'vitest';
import {
  autosaveRefusal,
  isoToSchoolLocal,
  listHref,
  parseListQuery,
  parseTags,
  postFormSchema,
  schoolLocalToIso,
  statusAfter,
  valuesOf,
} from './model';

describe('the list query', () => {
  test('reads filters and page, ignoring junk', () => {
    expect(parseListQuery(new URLSearchParams('q=%20sains%20&status=future&kategori=7&halaman=3'))).toEqual({
      q: 'sains',
      status: 'future',
      category: 7,
      page: 3,
    });
    expect(parseListQuery(new URLSearchParams('status=trash&kategori=x&halaman=-2'))).toEqual({
      q: '',
      status: null,
      category: null,
      page: 1,
    });
  });
  test('builds links that keep the filters', () => {
    expect(listHref({ q: 'a b', status: 'draft', category: 4, page: 2 })).toBe(
      '/admin/berita/?q=a+b&status=draft&kategori=4&halaman=2',
    );
    expect(listHref({ q: '', status: null, category: null, page: 1 })).toBe('/admin/berita/');
  });
});

describe('school time', () => {
  test('a datetime-local value is WIB (UTC+7)', () => {
    expect(schoolLocalToIso('2025-08-17T07:30')).toBe('2025-08-17T00:30:00.000Z');
    expect(isoToSchoolLocal('2025-08-17T00:30:00.000Z')).toBe('2025-08-17T07:30');
    expect(schoolLocalToIso('17/08/2025')).toBeNull();
  });
});

describe('status after a button', () => {
  const now = new Date('2025-08-01T00:00:00.000Z');
  test.each([
    ['save', null, null, 'draft'],
    ['save', 'publish', null, 'publish'],
    ['save', 'future', '2025-09-01T00:00:00.000Z', 'future'],
    ['publish', 'draft', null, 'publish'],
    ['publish', 'draft', '2025-07-01T00:00:00.000Z', 'publish'],
    ['publish', null, '2025-09-01T00:00:00.000Z', 'future'],
    ['unpublish', 'publish', null, 'draft'],
    ['unpublish', 'future', '2025-09-01T00:00:00.000Z', 'draft'],
  ] as const)('%s on %s (%s) → %s', (intent, current, at, expected) =>
    expect(statusAfter(intent, current, at, now)).toBe(expected),
  );
});

describe('the form', () => {
  const base = valuesOf({ title: 'Judul', 'kategori-3': 'on', 'kategori-x': 'on', 'kategori-9': 'on' });
  test('categories come from kategori-<id> fields', () => expect(base.categories).toEqual([3, 9]));
  test('a title over 200 characters, a bad slug and a bad date are refused with messages', () => {
    const r = postFormSchema.safeParse({
      ...base,
      title: 'a'.repeat(201),
      slug: 'Bukan Slug!',
      published_at: 'kemarin',
    });
    expect(r.success).toBe(false);
    const fields = r.error?.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['title', 'slug', 'published_at']));
    expect(r.error?.issues.find((i) => i.path[0] === 'title')?.message).toBe('Judul paling banyak 200 karakter.');
  });
  test('an empty title is refused; a 200-character title is fine', () => {
    expect(postFormSchema.safeParse({ ...base, title: '   ' }).success).toBe(false);
    expect(postFormSchema.safeParse({ ...base, title: 'a'.repeat(200) }).success).toBe(true);
  });
  test('tags: trimmed, no blanks, no repeats', () => {
    expect(parseTags(' OSN, , osn,Juara  Umum ,')).toEqual(['OSN', 'Juara Umum']);
  });
});

test('an autosave refused by the schema waits for the title, else names the first problem', () => {
  expect(autosaveRefusal({ title: 'Judul wajib diisi.', slug: 'x' })).toBe(
    'Draf disimpan otomatis setelah judul diisi.',
  );
  expect(autosaveRefusal({ seo_title: 'Judul SEO paling banyak 70 karakter.' })).toBe(
    'Belum disimpan otomatis: Judul SEO paling banyak 70 karakter.',
  );
});
