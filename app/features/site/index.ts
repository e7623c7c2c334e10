export {
  type Element,
  inlineJson,
  type PageSettingsObject,
  pageSettingsObject,
  type RenderedNode,
  walkTree,
} from './model';
export { useAnchorScroll } from './ui/anchor-scroll';
export { ElementTree, RenderedTree } from './ui/element-tree';
export { PageView, SearchForm } from './ui/page-view';
