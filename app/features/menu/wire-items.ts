import type { MenuItemWire, MenuNode } from './model';

/**
 * Call 4's items (original-wire.md §5) as the menu's own tree: the mobile menu reads the current menu
 * with it. Apart from model.ts so that it travels only in the mobile menu's lazy chunk.
 */
export function menuNodesFromWire(items: readonly MenuItemWire[]): MenuNode[] {
  return items.map((w) => ({
    itemId: w.itemId,
    id: w.id,
    name: w.name,
    url: w.url,
    target: w.target || null,
    attrTitle: w.attrTitle || null,
    xfn: w.xfn || null,
    classes: w.classes,
    megaTemplateId: w.megaTemplateId,
    megaContentType: w.megaContentType === 'default' ? 'default' : 'elementor',
    // The icon's name rides in its markup (icons.server.ts sets data-icon).
    itemIcon: (w.itemIcon && /\sdata-icon="([a-z0-9-]+)"/.exec(w.itemIcon)?.[1]) || null,
    iconSvg: w.itemIcon || null,
    badgeText: w.badgeText || w.badgeContent || null,
    description: w.description || null,
    children: w.children ? menuNodesFromWire(w.children) : [],
  }));
}
