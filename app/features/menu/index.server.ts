export { navMenuSettings } from './settings';
export { getMenu, menuItemsRoute } from './menu.server';
