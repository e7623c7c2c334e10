/** A menu item as the page and the mobile menu call (spec 000 §3 "Menu item") see it. */
export interface MenuNode {
  itemId: number;
  id: string;
  name: string;
  url: string;
  target: string | null;
  classes: string[];
  megaTemplateId: number | false;
  itemIcon: string | null;
  badgeText: string | null;
  description: string | null;
  children: MenuNode[];
}

/** Builds the item tree from flat rows ordered by position. */
export function buildMenuTree(
  rows: Array<{
    id: number;
    parent_id: number | null;
    title: string;
    url: string;
    target: string | null;
    classes: string;
    mega_template_id: number | null;
    icon: string | null;
    badge: string | null;
    description: string | null;
  }>,
): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      itemId: r.id,
      id: `item-${r.id}`,
      name: r.title,
      url: r.url,
      target: r.target,
      classes: r.classes.split(/\s+/).filter(Boolean),
      megaTemplateId: r.mega_template_id ?? false,
      itemIcon: r.icon,
      badgeText: r.badge,
      description: r.description,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id) as MenuNode;
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** A menu item as call 4 answers it: the page's item plus `megaContent`, on every item of the tree. */
export type MenuItemWire = Omit<MenuNode, 'children'> & { megaContent: false; children: MenuItemWire[] };

/**
 * The items of call 4's answer. The original's REST route builds its items without render data, so
 * `megaContent` is `false` on every item (original-wire.md §5); the client loads a mega template by
 * `megaTemplateId` with the template route.
 */
export function menuItemsWire(items: MenuNode[]): MenuItemWire[] {
  return items.map((item) => ({ ...item, megaContent: false, children: menuItemsWire(item.children) }));
}

/** Whether a menu item points at the current page (spec 000 §2: the active item). */
export function isCurrentUrl(itemUrl: string, currentPath: string): boolean {
  const norm = (u: string) => {
    const path = u.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0] ?? '/';
    return path.endsWith('/') ? path : `${path}/`;
  };
  return norm(itemUrl) === norm(currentPath);
}
