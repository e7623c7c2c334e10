export {
  type ContentRow,
  describeContent,
  findContent,
  findContentById,
  loadSinglePost,
  type SinglePost,
} from './content.server';
export { loadLayout } from './layout.server';
export { findWidgetSettings, type LoadedTree, loadTree, parseTree } from './page.server';
export { templateContentRoute } from './template.server';
export { columnSettings, elementSchema, sectionSettings, treeSchema } from './tree';
export {
  archiveView,
  contentView,
  frontPageView,
  galleryItemView,
  type PageView as PageViewData,
  type ViewContext,
} from './view.server';
