export { elementSchema, treeSchema } from './tree';
export {
  type ContentRow,
  describeContent,
  findContent,
  findContentById,
  loadSinglePost,
  type SinglePost,
} from './content.server';
export { findWidgetSettings, type LoadedTree, loadTree, parseTree } from './page.server';
export { getNonceSecret, getSiteSettings, type SiteInfo, type SiteSettings } from './settings.server';
export {
  archiveView,
  contentView,
  frontPageView,
  galleryItemView,
  type PageView as PageViewData,
  type ViewContext,
} from './view.server';
export { loadLayout } from './layout.server';
export { templateContentRoute } from './template.server';
