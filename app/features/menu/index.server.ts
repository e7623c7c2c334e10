export { getMenu, menuItemsRoute } from './menu.server';
export { navMenuSettings } from './settings';
