import { type ReactNode, Suspense } from 'react';
import { FilterGroupsProvider } from '~/features/filters/ui/filter-groups';
import { pageGroups } from '~/features/filters/ui/groups-context';
import { lazyModule } from '~/lib/lazy-module';
import type { RenderedNode, PageView as View } from '~/pages/model';
import { RenderedTree } from './element-tree';

/**
 * The views of posts (a single post: news, activities, gallery items; a list: archives and search
 * results) are their own chunk: the home page and the pages built from trees never download them (the
 * entry's JavaScript budget). The server entry loads it at start; a post's or archive's page hydrates
 * once its code is in (React keeps the server's HTML meanwhile).
 */
const postViewsModule = lazyModule(() => import('./post-views'));
export const loadPostViews = postViewsModule.load;
const LazyPostView = postViewsModule.component<{
  view: Extract<View, { kind: 'post' }>;
  media?: ReactNode;
  footer?: ReactNode;
}>((m) => m.PostView);
const LazyArchiveView = postViewsModule.component<{ view: Extract<View, { kind: 'list' }> }>((m) => m.ArchiveView);

/** The interactive widgets of a rendered tree, with their props (filter groups are named in them). */
function widgetsOf(nodes: RenderedNode[]): Array<{ widget: string; props: unknown }> {
  return nodes.flatMap((n) => (n.t === 'widget' ? [n] : n.t === 'html' ? [] : widgetsOf(n.children)));
}

/**
 * The main area of any public page; `media` takes the featured image's place (a gallery item's slider),
 * `footer` closes a post's article (a news item's share buttons).
 */
export function PageView({ view, media, footer }: { view: View; media?: ReactNode; footer?: ReactNode }) {
  if (view.kind === 'tree') {
    const { groups, withApplyButton } = pageGroups(widgetsOf(view.nodes));
    return (
      <article className={`page page-${view.postId}`} data-elementor-id={view.postId}>
        {view.showTitle ? (
          <header className="page-header">
            <h1 className="page-title">{view.title}</h1>
          </header>
        ) : null}
        {/* One set of filter groups per page (a new page starts its own). */}
        <FilterGroupsProvider key={view.postId} groups={groups} withApplyButton={withApplyButton}>
          <RenderedTree nodes={view.nodes} />
        </FilterGroupsProvider>
      </article>
    );
  }
  if (view.kind === 'post') {
    return (
      <Suspense fallback={null}>
        <LazyPostView view={view} media={media} footer={footer} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={null}>
      <LazyArchiveView view={view} />
    </Suspense>
  );
}
