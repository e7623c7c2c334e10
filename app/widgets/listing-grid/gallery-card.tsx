import type { PostSummary } from '~/content/posts';
import { Picture } from '~/ui/picture';

/** One gallery item: the photo with its title and category (a listing-grid item, spec 001 §3). */
export function GalleryCard({
  item,
  showImage = true,
  showCategory = true,
}: {
  item: PostSummary;
  showImage?: boolean;
  showCategory?: boolean;
}) {
  return (
    <div className="jet-listing-grid__item" data-post-id={item.id}>
      <figure className="gallery-card">
        <a href={item.url} className="gallery-card__link">
          {showImage && item.image ? (
            <Picture media={item.image} sizes="(max-width: 767px) 50vw, (max-width: 1200px) 33vw, 400px" />
          ) : null}
          <figcaption className="gallery-card__caption">
            <span className="gallery-card__title">{item.title}</span>
            {showCategory && item.categories[0] ? (
              <span className="gallery-card__category">{item.categories[0].name}</span>
            ) : null}
          </figcaption>
        </a>
      </figure>
    </div>
  );
}
