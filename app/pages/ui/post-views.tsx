import type { ReactNode } from 'react';
import { formatPostDate } from '~/content/posts';
import { PostReviews } from '~/features/reviews/ui/lazy-widgets';
import type { PageView as View } from '~/pages/model';
import { Picture } from '~/ui/picture';
import { PostsList } from '~/widgets/posts/posts-list';

/**
 * A single post: its categories, title, date, featured image (or `media`: a gallery item's slider),
 * content, tags, `footer` (a news item's share buttons) and reviews.
 */
export function PostView({
  view,
  media,
  footer,
}: {
  view: Extract<View, { kind: 'post' }>;
  media?: ReactNode;
  footer?: ReactNode;
}) {
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

/** A list of posts: an archive (category, tag, date) or the search results. */
export function ArchiveView({ view }: { view: Extract<View, { kind: 'list' }> }) {
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
function SearchForm({ value = '' }: { value?: string }) {
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
