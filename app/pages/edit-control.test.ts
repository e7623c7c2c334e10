import { expect, test } from 'vitest';
import type { UserRole } from '~/lib/user';
import { editTarget } from './edit-control';
import { editControlHtml } from './edit-control.server';

const user = (id: number, role: UserRole) => ({ id, roles: [role] });
const page = { id: 12, type: 'page', author_id: 1 };
const landing = { id: 13, type: 'e-landing-page', author_id: 1 };
const news = { id: 40, type: 'post', author_id: 7 };

test('pages: editors and administrators get "Ubah halaman" to the page editor; others nothing', () => {
  for (const role of ['editor', 'administrator'] as const) {
    expect(editTarget(user(2, role), page)).toEqual({ href: '/admin/halaman/12/', label: 'Ubah halaman' });
    expect(editTarget(user(2, role), landing)?.href).toBe('/admin/halaman/13/');
  }
  // An author wrote the page: still not theirs to edit (pages need the `pages` capability).
  expect(editTarget(user(1, 'author'), page)).toBeNull();
  expect(editTarget(user(1, 'subscriber'), page)).toBeNull();
  expect(editTarget(null, page)).toBeNull();
});

test('news: editors, administrators and the post’s own author get "Ubah berita"; another author nothing', () => {
  const ubah = { href: '/admin/berita/40/', label: 'Ubah berita' };
  expect(editTarget(user(2, 'editor'), news)).toEqual(ubah);
  expect(editTarget(user(3, 'administrator'), news)).toEqual(ubah);
  expect(editTarget(user(7, 'author'), news)).toEqual(ubah);
  expect(editTarget(user(8, 'author'), news)).toBeNull();
  expect(editTarget(user(7, 'subscriber'), news)).toBeNull();
  expect(editTarget(user(7, 'author'), { ...news, author_id: null })).toBeNull();
});

test('no control for what the staff editors do not edit (templates, gallery items, activities)', () => {
  for (const type of ['template', 'galeri', 'ekskul', 'attachment']) {
    expect(editTarget(user(2, 'administrator'), { id: 5, type, author_id: 2 }), type).toBeNull();
  }
});

test('the control is a plain link, its words and address escaped', () => {
  expect(editControlHtml({ href: '/admin/halaman/12/', label: 'Ubah halaman' })).toBe(
    '<p class="edit-control"><a class="button button--secondary" href="/admin/halaman/12/">Ubah halaman</a></p>',
  );
  expect(editControlHtml({ href: '/x/"><script>', label: '<b>' })).not.toMatch(/<script|<b>/);
});
