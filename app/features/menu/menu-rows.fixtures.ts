import type { MenuItemRow } from './model';

/** A stored menu item for the menu's unit tests: its url from its title, every optional field empty. */
export const menuRow = (
  id: number,
  parent_id: number | null,
  title: string,
  more: Partial<MenuItemRow> = {},
): MenuItemRow => ({
  id,
  parent_id,
  position: id,
  title,
  url: `/${title.toLowerCase()}/`,
  target: null,
  attr_title: null,
  xfn: null,
  classes: '',
  mega_template_id: null,
  mega_content_type: 'elementor',
  icon: null,
  badge: null,
  description: null,
  ...more,
});
