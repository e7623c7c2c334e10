import { expect, test } from 'vitest';
import { can, isStaff, mayEditPost } from '~/lib/permissions';

const admin = { id: 1, roles: ['administrator' as const] };
const editor = { id: 2, roles: ['editor' as const] };
const author = { id: 3, roles: ['author' as const] };
const parent = { id: 4, roles: ['subscriber' as const] };

test('administrators may do everything, editors all but users and settings, authors only news', () => {
  expect(can(admin, 'users')).toBe(true);
  expect(can(editor, 'users')).toBe(false);
  expect(can(editor, 'settings')).toBe(false);
  expect(can(editor, 'reviews')).toBe(true);
  expect(can(author, 'posts')).toBe(true);
  expect(can(author, 'posts.any')).toBe(false);
  expect(can(author, 'reviews')).toBe(false);
  expect(can(null, 'posts')).toBe(false);
});

test('subscribers and visitors have no staff area', () => {
  expect(isStaff(parent)).toBe(false);
  expect(isStaff(null)).toBe(false);
  expect(isStaff(author)).toBe(true);
});

test('an author changes only their own posts; editors any', () => {
  expect(mayEditPost(author, { author_id: 3 })).toBe(true);
  expect(mayEditPost(author, { author_id: 2 })).toBe(false);
  expect(mayEditPost(author, { author_id: null })).toBe(false);
  expect(mayEditPost(editor, { author_id: 3 })).toBe(true);
  expect(mayEditPost(parent, { author_id: 4 })).toBe(false);
});
