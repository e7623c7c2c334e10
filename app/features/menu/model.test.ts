import { expect, test } from 'vitest';
import { buildMenuTree, isCurrentUrl } from './model';

const row = (id: number, parent_id: number | null, title: string) => ({
  id,
  parent_id,
  title,
  url: `/${title.toLowerCase()}/`,
  target: null,
  classes: '',
  mega_template_id: null,
  icon: null,
  badge: null,
  description: null,
});

test('flat rows become a tree in order', () => {
  const tree = buildMenuTree([row(1, null, 'Profil'), row(2, null, 'Berita'), row(3, 1, 'Visi'), row(4, 1, 'Guru')]);
  expect(tree.map((n) => n.name)).toEqual(['Profil', 'Berita']);
  expect(tree[0]?.children.map((n) => n.name)).toEqual(['Visi', 'Guru']);
  expect(tree[0]?.id).toBe('item-1');
  expect(tree[0]?.megaTemplateId).toBe(false);
});

test('current page matching ignores host, query and the trailing slash', () => {
  expect(isCurrentUrl('https://smp.example/profil/', '/profil/')).toBe(true);
  expect(isCurrentUrl('/profil', '/profil/')).toBe(true);
  expect(isCurrentUrl('/profil/?a=1', '/profil/')).toBe(true);
  expect(isCurrentUrl('/profil/', '/berita/')).toBe(false);
});
