export { buildMenuTree, isCurrentUrl, type MenuNode } from './model';
export { MainMenu, NavMenu } from './ui/main-menu';
