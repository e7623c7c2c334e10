import { expect, test } from 'vitest';
import { buildMenuTree, isCurrentUrl, menuItemsWire } from './model';

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

test('the menu-items call gives every item megaContent false, children included (original-wire.md §5)', () => {
  const wire = menuItemsWire(buildMenuTree([row(1, null, 'Profil'), row(2, 1, 'Visi'), row(3, 2, 'Misi')]));
  expect(wire[0]).toMatchObject({ id: 'item-1', name: 'Profil', megaContent: false });
  expect(wire[0]?.children[0]).toMatchObject({ name: 'Visi', megaContent: false });
  expect(wire[0]?.children[0]?.children[0]).toMatchObject({ name: 'Misi', megaContent: false, children: [] });
});

test('current page matching ignores host, query and the trailing slash', () => {
  expect(isCurrentUrl('https://smp.example/profil/', '/profil/')).toBe(true);
  expect(isCurrentUrl('/profil', '/profil/')).toBe(true);
  expect(isCurrentUrl('/profil/?a=1', '/profil/')).toBe(true);
  expect(isCurrentUrl('/profil/', '/berita/')).toBe(false);
});
