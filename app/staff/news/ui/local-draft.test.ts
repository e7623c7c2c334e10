import { expect, test } from 'vitest';
import type { PostFormValues } from '../model';
import { localDraftFate, sameValues } from './local-draft';

const server: PostFormValues = {
  title: 'Lomba Sains',
  slug: 'lomba-sains',
  excerpt: '',
  content: '<p>Isi di server.</p>',
  tags: '',
  featured_media_id: '',
  published_at: '',
  seo_title: '',
  seo_description: '',
  modified_at: '2025-05-01T08:00:00.000Z',
  categories: [3, 12],
};

test('forms with the same text and choices are the same, whatever their versions and category order', () => {
  expect(sameValues(server, { ...server, modified_at: '', categories: [12, 3] })).toBe(true);
  expect(sameValues(server, { ...server, content: '<p>Isi di server. Lagi.</p>' })).toBe(false);
  expect(sameValues(server, { ...server, categories: [3] })).toBe(false);
});

test('a copy the server has, or a button’s save of it that arrived, is dropped; any other copy is put back', () => {
  const typed = { ...server, content: '<p>Isi di server. Diketik tanpa koneksi.</p>' };
  expect(localDraftFate(null, server)).toBe(null);
  expect(localDraftFate({ values: { ...server, modified_at: '2025-04-30T08:00:00.000Z' } }, server)).toBe('drop');
  expect(localDraftFate({ values: typed }, server)).toBe('restore');
  // Sent by a button: a newer stored version is that save; the same version means it never arrived.
  expect(localDraftFate({ values: { ...typed, modified_at: '2025-04-30T08:00:00.000Z' }, sent: true }, server)).toBe(
    'drop',
  );
  expect(localDraftFate({ values: typed, sent: true }, server)).toBe('restore');
  // Typed over an older version and never sent: put back (its autosave is then refused as a conflict).
  expect(localDraftFate({ values: { ...typed, modified_at: '2025-04-30T08:00:00.000Z' } }, server)).toBe('restore');
});
