import { expect, test } from 'vitest';
import { menuIconSvg } from './icons.server';
import { menuRow } from './menu-rows.fixtures';
import { buildMenuTree, menuItemsWire } from './model';
import { menuNodesFromWire } from './wire-items';

const row = menuRow;

test("call 4's items read back as the same tree the server built (the mobile menu's refresh)", () => {
  const tree = buildMenuTree(
    [
      row(1, null, 'Profil', { icon: 'home', badge: 'Baru', description: 'Halo', mega_template_id: 7, classes: 'a b' }),
      row(2, 1, 'Sejarah', { target: '_blank', attr_title: 'Judul', xfn: 'nofollow', icon: 'user-plus' }),
      row(3, 2, 'Tokoh', { mega_content_type: 'default' }),
    ],
    menuIconSvg,
  );
  expect(tree[0]?.iconSvg).toMatch(/^<svg class="menu-icon" data-icon="home"/);
  expect(menuNodesFromWire(menuItemsWire(tree))).toEqual(tree);
});

test('an icon in the wire item without a name in its markup still shows; its name is unknown', () => {
  const [wire] = menuItemsWire(buildMenuTree([row(1, null, 'Profil')]));
  if (!wire) throw new Error('no item');
  const [node] = menuNodesFromWire([{ ...wire, itemIcon: '<i class="fa fa-home"></i>' }]);
  expect(node).toMatchObject({ itemIcon: null, iconSvg: '<i class="fa fa-home"></i>' });
});
