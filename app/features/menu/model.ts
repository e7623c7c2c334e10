/**
 * Which template route the original mobile menu asks for a mega item's content: `default` (block
 * editor) → get-blocks-template-content, anything else → get-elementor-template-content. Both
 * answer the same stored element tree here.
 */
export const MEGA_CONTENT_TYPES = ['elementor', 'default'] as const;
export type MegaContentType = (typeof MEGA_CONTENT_TYPES)[number];

/** The menu constants of spec 000 §8/§9 and issue 12, in one place for the browser and the server. */
export const MENU_CONSTANTS = {
  /** The desktop menu's hover state stays this long after the mouse leaves. */
  mouseLeaveDelayMs: 500,
  /** Top-level items are re-measured this long after the last resize. */
  resizeDebounceMs: 10,
  /** Hover intent: the pointer must slow below `sensitivity` px per `intervalMs` before a submenu opens. */
  hoverIntent: { intervalMs: 100, sensitivity: 6 },
  /** Below this width the mega menu hands over to the mobile menu (spec §2). */
  megaMobileBreakpoint: 768,
  /** Below this width the header shows the mobile menu's toggle (issue 12). */
  mobileMenuBreakpoint: 1025,
  /** The mobile menu's loader colour when none is stored. */
  defaultLoaderColor: '#3a3a3a',
  /** The label of the overflow item that holds the top-level items that do not fit. */
  overflowLabel: '⋯',
} as const;

/** A row of `menu_item` as the menu reads it (the mega template id only when it is a published template). */
export interface MenuItemRow {
  id: number;
  parent_id: number | null;
  position: number;
  title: string;
  url: string;
  target: string | null;
  attr_title: string | null;
  xfn: string | null;
  classes: string;
  mega_template_id: number | null;
  mega_content_type: string;
  icon: string | null;
  badge: string | null;
  description: string | null;
}

/** A menu item as the page and the mobile menu call (spec 000 §3 "Menu item") see it. */
export interface MenuNode {
  itemId: number;
  id: string;
  name: string;
  url: string;
  target: string | null;
  /** The link's title attribute. */
  attrTitle: string | null;
  /** The link's `rel` (WordPress's XFN field). */
  xfn: string | null;
  classes: string[];
  megaTemplateId: number | false;
  megaContentType: MegaContentType;
  /** The stored icon's name (a Lucide icon), null when none or not in the icon set. */
  itemIcon: string | null;
  /** That icon as inline SVG markup (icons.server.ts), the pages' and call 4's icon. */
  iconSvg: string | null;
  badgeText: string | null;
  description: string | null;
  children: MenuNode[];
}

/** An icon name's inline SVG, or null for a name the icon set lacks (icons.server.ts on the server). */
export type IconResolver = (name: string) => string | null;

const itemKey = (id: number) => `item-${id}`;

/**
 * Builds the item tree from flat rows: siblings by position, then id. Only items reachable from the
 * top level are kept, so a parent in another menu, a missing parent or a cycle of parents drops the
 * items below it instead of looping or nesting an item inside itself.
 */
export function buildMenuTree(rows: readonly MenuItemRow[], icon: IconResolver = () => null): MenuNode[] {
  const byParent = new Map<number | null, MenuItemRow[]>();
  for (const r of rows) {
    const siblings = byParent.get(r.parent_id);
    if (siblings) siblings.push(r);
    else byParent.set(r.parent_id, [r]);
  }
  const seen = new Set<number>();
  const build = (parentId: number | null): MenuNode[] => {
    const siblings = [...(byParent.get(parentId) ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);
    const nodes: MenuNode[] = [];
    for (const r of siblings) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      // A name the icon set lacks is dropped: the item shows no icon rather than a broken one.
      const iconSvg = r.icon ? icon(r.icon) : null;
      nodes.push({
        itemId: r.id,
        id: itemKey(r.id),
        name: r.title,
        url: r.url,
        target: r.target || null,
        attrTitle: r.attr_title || null,
        xfn: r.xfn || null,
        classes: r.classes.split(/\s+/).filter(Boolean),
        megaTemplateId: r.mega_template_id ?? false,
        megaContentType: r.mega_content_type === 'default' ? 'default' : 'elementor',
        itemIcon: iconSvg ? r.icon : null,
        iconSvg,
        badgeText: r.badge || null,
        description: r.description || null,
        children: build(r.id),
      });
    }
    return nodes;
  };
  return build(null);
}

/**
 * A menu item as call 4 answers it (original-wire.md §5), keys in the original's order. Text fields
 * the item lacks are `false` as in the original, except `description`, which is `''` there too.
 * `badgeText` (spec 000 §3) repeats `badgeContent` (the original client's name) so both clients read it.
 * `itemIcon` is the icon's HTML markup, as the original's (its client inserts it as HTML): here the
 * inline SVG of MenuNode's `iconSvg`.
 */
export interface MenuItemWire {
  id: string;
  name: string;
  attrTitle: string | false;
  description: string;
  url: string;
  target: string | false;
  xfn: string | false;
  itemParent: string | false;
  itemId: number;
  megaTemplateId: number | false;
  megaContent: false;
  megaContentType: MegaContentType;
  open: false;
  badgeContent: string | false;
  badgeText: string | false;
  itemIcon: string | false;
  classes: string[];
  /** The sub-items; `false` on a leaf: the original mobile client reads any array, even `[]`, as a submenu. */
  children: MenuItemWire[] | false;
}

/**
 * The items of call 4's answer, as a tree. The original's REST route builds its items without render
 * data, so `megaContent` is `false` on every item and `open` too; the client loads a mega template
 * by `megaTemplateId` with the template route.
 */
export function menuItemsWire(items: readonly MenuNode[], parent: MenuNode | null = null): MenuItemWire[] {
  return items.map((item) => ({
    id: item.id,
    name: item.name,
    attrTitle: item.attrTitle ?? false,
    description: item.description ?? '',
    url: item.url,
    target: item.target ?? false,
    xfn: item.xfn ?? false,
    itemParent: parent ? parent.id : false,
    itemId: item.itemId,
    megaTemplateId: item.megaTemplateId,
    megaContent: false,
    megaContentType: item.megaContentType,
    open: false,
    badgeContent: item.badgeText ?? false,
    badgeText: item.badgeText ?? false,
    itemIcon: item.iconSvg ?? false,
    classes: item.classes,
    children: item.children.length > 0 ? menuItemsWire(item.children, item) : false,
  }));
}

/** Whether a menu item points at the current page (spec 000 §2: the active item). */
export function isCurrentUrl(itemUrl: string, currentPath: string): boolean {
  const norm = (u: string) => {
    const path = u.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0] ?? '/';
    return path.endsWith('/') ? path : `${path}/`;
  };
  return norm(itemUrl) === norm(currentPath);
}

/**
 * The mobile menu's back label: the stored text, else 'Kembali' on an Indonesian site and the
 * spec's default 'Back' otherwise (spec 000 §9, issue 12).
 */
export function backLabel(stored: string | undefined, language: string): string {
  if (stored) return stored;
  return language.toLowerCase().split('-')[0] === 'id' ? 'Kembali' : 'Back';
}
