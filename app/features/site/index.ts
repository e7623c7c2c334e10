export { type Element, inlineJson, type PageSettingsObject, pageSettingsObject, walkTree } from './model';
export { useAnchorScroll } from './ui/anchor-scroll';
export { ElementTree } from './ui/element-tree';
export { PageView, SearchForm } from './ui/page-view';
