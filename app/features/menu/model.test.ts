import { expect, test } from 'vitest';
import { menuRow } from './menu-rows.fixtures';
import { backLabel, buildMenuTree, isCurrentUrl, menuItemsWire } from './model';

const row = menuRow;
/** A stand-in for icons.server.ts: knows two names. */
const icons = (name: string) => (['user-plus', 'school'].includes(name) ? `<svg data-icon="${name}"></svg>` : null);

test('flat rows become a tree in order', () => {
  const tree = buildMenuTree([row(1, null, 'Profil'), row(2, null, 'Berita'), row(3, 1, 'Visi'), row(4, 1, 'Guru')]);
  expect(tree.map((n) => n.name)).toEqual(['Profil', 'Berita']);
  expect(tree[0]?.children.map((n) => n.name)).toEqual(['Visi', 'Guru']);
  expect(tree[0]?.id).toBe('item-1');
  expect(tree[0]?.megaTemplateId).toBe(false);
});

test('siblings follow their position, then their id, whatever order the rows come in', () => {
  const tree = buildMenuTree([
    row(5, null, 'Kontak', { position: 2 }),
    row(9, 5, 'Peta', { position: 1 }),
    row(8, 5, 'Alamat', { position: 1 }),
    row(3, null, 'Beranda', { position: 0 }),
    row(4, null, 'Berita', { position: 1 }),
  ]);
  expect(tree.map((n) => n.name)).toEqual(['Beranda', 'Berita', 'Kontak']);
  expect(tree[2]?.children.map((n) => n.name)).toEqual(['Alamat', 'Peta']);
});

test('items whose parent is missing, or whose parents form a cycle, are left out instead of looping', () => {
  const tree = buildMenuTree([
    row(1, null, 'Beranda'),
    row(2, 99, 'Yatim'),
    row(3, 4, 'Lingkar'),
    row(4, 3, 'Putar'),
    row(5, 1, 'Anak'),
  ]);
  expect(tree.map((n) => n.name)).toEqual(['Beranda']);
  expect(tree[0]?.children.map((n) => n.name)).toEqual(['Anak']);
  expect(() => JSON.stringify(menuItemsWire(tree))).not.toThrow();
});

test('every field of the stored row reaches the node; empty text is no value', () => {
  const [node] = buildMenuTree(
    [
      row(7, null, 'PPDB', {
        target: '_blank',
        attr_title: 'Pendaftaran',
        xfn: 'noopener',
        classes: ' highlight  menu-ppdb ',
        mega_template_id: 42,
        mega_content_type: 'default',
        icon: 'user-plus',
        badge: 'Baru',
        description: 'Penerimaan',
      }),
    ],
    icons,
  );
  expect(node).toEqual({
    itemId: 7,
    id: 'item-7',
    name: 'PPDB',
    url: '/ppdb/',
    target: '_blank',
    attrTitle: 'Pendaftaran',
    xfn: 'noopener',
    classes: ['highlight', 'menu-ppdb'],
    megaTemplateId: 42,
    megaContentType: 'default',
    itemIcon: 'user-plus',
    iconSvg: '<svg data-icon="user-plus"></svg>',
    badgeText: 'Baru',
    description: 'Penerimaan',
    children: [],
  });
  const [bare] = buildMenuTree([row(8, null, 'Kosong', { target: '', attr_title: '', icon: '', badge: '' })], icons);
  expect(bare).toMatchObject({ target: null, attrTitle: null, itemIcon: null, iconSvg: null, badgeText: null });
});

test('an icon name the icon set lacks is dropped when read, so the item shows no icon', () => {
  const [unknown, known] = buildMenuTree(
    [row(1, null, 'A', { icon: 'no-such-icon' }), row(2, null, 'B', { icon: 'school' })],
    icons,
  );
  expect(unknown).toMatchObject({ itemIcon: null, iconSvg: null });
  expect(known).toMatchObject({ itemIcon: 'school', iconSvg: '<svg data-icon="school"></svg>' });
  // Without a resolver (a browser-side build of the tree) no item has an icon.
  expect(buildMenuTree([row(3, null, 'C', { icon: 'school' })])[0]).toMatchObject({ itemIcon: null, iconSvg: null });
});

test("call 4's item: every field of original-wire.md §5, in its order, false where the item has none", () => {
  const wire = menuItemsWire(
    buildMenuTree(
      [
        row(1, null, 'Profil', { mega_template_id: 12, icon: 'school', badge: 'Baru', description: 'Tentang kami' }),
        row(2, 1, 'Visi', { attr_title: 'Visi sekolah', xfn: 'nofollow', target: '_blank', classes: 'a b' }),
      ],
      icons,
    ),
  );
  expect(Object.keys(wire[0] ?? {})).toEqual([
    'id',
    'name',
    'attrTitle',
    'description',
    'url',
    'target',
    'xfn',
    'itemParent',
    'itemId',
    'megaTemplateId',
    'megaContent',
    'megaContentType',
    'open',
    'badgeContent',
    'badgeText',
    'itemIcon',
    'classes',
    'children',
  ]);
  expect(wire[0]).toMatchObject({
    id: 'item-1',
    name: 'Profil',
    attrTitle: false,
    description: 'Tentang kami',
    url: '/profil/',
    target: false,
    xfn: false,
    itemParent: false,
    itemId: 1,
    megaTemplateId: 12,
    megaContent: false,
    megaContentType: 'elementor',
    open: false,
    badgeContent: 'Baru',
    badgeText: 'Baru',
    // The icon's markup, as the original's itemIcon (its client inserts it as HTML).
    itemIcon: '<svg data-icon="school"></svg>',
    classes: [],
  });
  const sub = wire[0]?.children || [];
  expect(sub[0]).toEqual({
    id: 'item-2',
    name: 'Visi',
    attrTitle: 'Visi sekolah',
    description: '',
    url: '/visi/',
    target: '_blank',
    xfn: 'nofollow',
    itemParent: 'item-1',
    itemId: 2,
    megaTemplateId: false,
    megaContent: false,
    megaContentType: 'elementor',
    open: false,
    badgeContent: false,
    badgeText: false,
    itemIcon: false,
    classes: ['a', 'b'],
    // A leaf: false, as the original sends it (its mobile client takes any array for a submenu).
    children: false,
  });
});

test('the menu-items call gives every item megaContent false, children included (original-wire.md §5)', () => {
  const wire = menuItemsWire(buildMenuTree([row(1, null, 'Profil'), row(2, 1, 'Visi'), row(3, 2, 'Misi')]));
  expect(wire[0]).toMatchObject({ id: 'item-1', name: 'Profil', megaContent: false });
  const visi = (wire[0]?.children || [])[0];
  expect(visi).toMatchObject({ name: 'Visi', megaContent: false, itemParent: 'item-1' });
  expect((visi?.children || [])[0]).toMatchObject({
    name: 'Misi',
    megaContent: false,
    itemParent: 'item-2',
    children: false,
  });
});

test('current page matching ignores host, query and the trailing slash', () => {
  expect(isCurrentUrl('https://smp.example/profil/', '/profil/')).toBe(true);
  expect(isCurrentUrl('/profil', '/profil/')).toBe(true);
  expect(isCurrentUrl('/profil/?a=1', '/profil/')).toBe(true);
  expect(isCurrentUrl('/profil/', '/berita/')).toBe(false);
});

test.each([
  [undefined, 'id', 'Kembali'],
  [undefined, 'id-ID', 'Kembali'],
  [undefined, 'en', 'Back'],
  [undefined, 'en-US', 'Back'],
  ['Balik', 'en', 'Balik'],
])('back label %s on a %s site → %s', (stored, language, label) => {
  expect(backLabel(stored, language)).toBe(label);
});
