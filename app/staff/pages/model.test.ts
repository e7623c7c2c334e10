import { expect, test } from 'vitest';
import { findTreeNode, pageListHref, parsePageListQuery, type TreeNode, widgetLabel } from './model';

test('the list’s query is read from the address and written back', () => {
  const query = parsePageListQuery(new URLSearchParams('q=%20profil%20&jenis=templat&halaman=2'));
  expect(query).toEqual({ q: 'profil', type: 'templat', page: 2 });
  expect(pageListHref(query)).toBe('/admin/halaman/?q=profil&jenis=templat&halaman=2');
  expect(parsePageListQuery(new URLSearchParams('jenis=x&halaman=0'))).toEqual({ q: '', type: null, page: 1 });
  expect(pageListHref({ q: '', type: null, page: 1 })).toBe('/admin/halaman/');
});

test('a widget’s words, and a node found with its parent', () => {
  expect(widgetLabel({ heading: 'Judul' }, 'heading')).toBe('Judul');
  expect(widgetLabel({ heading: 'Judul' }, 'marquee')).toBe('marquee');
  const node = (id: string, children: TreeNode[] = []): TreeNode => ({
    id,
    type: 'section',
    label: id,
    summary: '',
    canMoveUp: false,
    canMoveDown: false,
    children,
  });
  const tree = [node('s1', [node('c1', [node('w1')])])];
  expect(findTreeNode(tree, 'w1')).toMatchObject({ node: { id: 'w1' }, parent: { id: 'c1' } });
  expect(findTreeNode(tree, 's1')?.parent).toBeNull();
  expect(findTreeNode(tree, 'x')).toBeNull();
});
