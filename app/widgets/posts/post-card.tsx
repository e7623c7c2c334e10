import { formatPostDate, type PostSummary } from '~/content/posts';
import { StoreButton } from '~/features/stores/ui/store-button';
import { Picture } from '~/ui/picture';

/** One post in a list: image, category, title, date and excerpt; a grid's card settings may leave parts out. */
export function PostCard({
  post,
  showExcerpt = true,
  titleLevel = 3,
  showImage = true,
  showCategory = true,
  showDate = true,
  showStoreButtons = true,
}: {
  post: PostSummary;
  showExcerpt?: boolean;
  titleLevel?: 2 | 3;
  showImage?: boolean;
  showCategory?: boolean;
  showDate?: boolean;
  showStoreButtons?: boolean;
}) {
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="post-card ecs-post-loop">
      {showImage && post.image ? (
        <div className="post-card__image">
          <Picture media={post.image} sizes="(max-width: 767px) 100vw, (max-width: 1024px) 50vw, 400px" />
        </div>
      ) : null}
      <div className="post-card__body">
        {showCategory && post.categories[0] ? (
          <a className="post-card__category" href={`/category/${post.categories[0].slug}/`}>
            {post.categories[0].name}
          </a>
        ) : null}
        <Title className="post-card__title">
          <a href={post.url}>{post.title}</a>
        </Title>
        {showDate ? (
          <time className="post-card__date" dateTime={post.publishedAt}>
            {formatPostDate(post.publishedAt)}
          </time>
        ) : null}
        {showExcerpt && post.excerpt ? <p className="post-card__excerpt">{post.excerpt}</p> : null}
        {showStoreButtons && post.type === 'post' ? (
          <StoreButton store="favorit" postId={post.id} title={post.title} label="Simpan" addedLabel="Tersimpan" />
        ) : null}
      </div>
    </article>
  );
}
