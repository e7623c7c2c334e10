import { type ReactNode, Suspense } from 'react';
import { FilterGroupsProvider } from '~/features/filters/ui/filter-groups';
import { pageGroups } from '~/features/filters/ui/groups-context';
import { lazyModule } from '~/lib/lazy-module';
import type { RenderedNode, PageView as View } from '~/pages/model';
import { PostsList } from '~/widgets/posts/posts-list';
import { RenderedTree } from './element-tree';

/**
 * A single post's view (news, activities, gallery items) is its own chunk: the home page and the
 * pages built from trees never download it (the entry's JavaScript budget). The server entry loads it
 * at start; a post's page hydrates it once its code is in (React keeps the server's HTML meanwhile).
 */
const postViewModule = lazyModule(() => import('./post-view'));
export const loadPostView = postViewModule.load;
const LazyPostView = postViewModule.component<{
  view: Extract<View, { kind: 'post' }>;
  media?: ReactNode;
  footer?: ReactNode;
}>((m) => m.PostView);

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
    <section className="archive">
      <header className="page-header">
        <h1 className="page-title">{view.heading}</h1>
        {view.intro ? <p className="archive__intro">{view.intro}</p> : null}
      </header>
      {view.search !== null ? <SearchForm value={view.search} /> : null}
      {view.list ? (
        view.list.count > 0 ? (
          <PostsList {...view.list} />
        ) : (
          <p className="posts-empty">Tidak ada hasil. Coba kata kunci lain.</p>
        )
      ) : (
        <p className="posts-empty">Ketik kata kunci untuk mencari berita dan halaman.</p>
      )}
    </section>
  );
}

/** The WordPress-style search form: GET /?s=… (works without JavaScript). */
export function SearchForm({ value = '' }: { value?: string }) {
  return (
    <search className="search-form">
      <form method="get" action="/">
        <label htmlFor="search-field" className="visually-hidden">
          Cari
        </label>
        <input id="search-field" type="search" name="s" defaultValue={value} placeholder="Cari berita…" minLength={2} />
        <button type="submit" className="button">
          Cari
        </button>
      </form>
    </search>
  );
}
