import { isCurrentUrl, type MenuNode } from './model';

/**
 * Whether some item of `items`, or of their children at any depth, is the current page: their parent
 * is then marked as holding it (issue 21). For the enhanced menus, which show one level at a time or a
 * mega panel's template instead of the children; the server's menu has every level in its markup, so
 * CSS marks its parents (`:has(.current-menu-item)`). A module of its own, apart from model.ts, so that
 * it travels with the menus' lazy code and not in every page's entry (the JavaScript budget).
 */
export function holdsCurrentUrl(items: readonly MenuNode[], currentPath: string): boolean {
  return items.some((item) => isCurrentUrl(item.url, currentPath) || holdsCurrentUrl(item.children, currentPath));
}
