import type { ReactNode } from 'react';
import { formatPostDate } from '~/content/posts';
import { PostReviews } from '~/features/reviews/ui/lazy-widgets';
import type { PageView as View } from '~/pages/model';
import { Picture } from '~/ui/picture';

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
