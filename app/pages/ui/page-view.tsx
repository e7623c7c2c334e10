import type { ReactNode } from 'react';
import { formatPostDate } from '~/content/posts';
import { FilterGroupsProvider } from '~/features/filters/ui/filter-groups';
import { pageGroups } from '~/features/filters/ui/groups-context';
import { PostReviews } from '~/features/reviews/ui/lazy-widgets';
import type { RenderedNode, PageView as View } from '~/pages/model';
import { Picture } from '~/ui/picture';
import { PostsList } from '~/widgets/posts/posts-list';
import { RenderedTree } from './element-tree';

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
    const { summary, html, tags } = view.post;
    return (
      <>
        <article className={`single single-${summary.type}`}>
          <header className="single__header">
            {summary.categories.length > 0 ? (
              <p className="single__categories">
                {(
                  view.categoryLinks ??
                  summary.categories.map((c) => ({
                    name: c.name,
                    href: summary.type === 'galeri' ? '/galeri/' : `/category/${c.slug}/`,
                  }))
                ).map((c) => (
                  <a key={c.href + c.name} href={c.href}>
                    {c.name}
                  </a>
                ))}
              </p>
            ) : null}
            <h1 className="single__title">{summary.title}</h1>
            <time dateTime={summary.publishedAt}>{formatPostDate(summary.publishedAt)}</time>
          </header>
          {media ??
            (summary.image ? (
              <div className="single__image">
                <Picture media={summary.image} sizes="(max-width: 900px) 100vw, 860px" priority />
              </div>
            ) : null)}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeRichText on the server */}
          <div className="single__content rich-text" dangerouslySetInnerHTML={{ __html: html }} />
          {tags.length > 0 ? (
            <p className="single__tags">
              Tag:{' '}
              {tags.map((t) => (
                <a key={t.slug} href={`/tag/${t.slug}/`} rel="tag">
                  {t.name}
                </a>
              ))}
            </p>
          ) : null}
          {footer}
        </article>
        {/* Below the content: the full widget (news, extracurricular activities) or the gallery's simple one. */}
        <PostReviews reviews={view.reviews} simple={view.simpleReview} path={summary.url} />
      </>
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
