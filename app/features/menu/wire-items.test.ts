import { expect, test } from 'vitest';
import { buildMenuTree, menuItemsWire } from './model';
import { menuRow } from './test-rows';
import { menuNodesFromWire } from './wire-items';

const row = menuRow;

test("call 4's items read back as the same tree the server built (the mobile menu's refresh)", () => {
  const tree = buildMenuTree([
    row(1, null, 'Profil', { icon: 'home', badge: 'Baru', description: 'Halo', mega_template_id: 7, classes: 'a b' }),
    row(2, 1, 'Sejarah', { target: '_blank', attr_title: 'Judul', xfn: 'nofollow' }),
    row(3, 2, 'Tokoh', { mega_content_type: 'default' }),
  ]);
  expect(menuNodesFromWire(menuItemsWire(tree))).toEqual(tree);
});
