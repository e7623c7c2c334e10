import { largestUrl, type MediaView, srcSet } from '~/content/media';

export interface PictureProps {
  media: MediaView;
  /** The `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  /** Above the fold (the page's largest image): load eagerly with high priority. */
  priority?: boolean;
  /** Class of the `<img>`, which is what layout styles size. */
  className?: string;
}

/**
 * A responsive image: WebP for browsers that take it, JPEG otherwise. The `width` and `height`
 * attributes give the box its aspect ratio before the file arrives, so nothing shifts.
 */
export function Picture({ media, sizes, priority = false, className }: PictureProps) {
  const fallback = media.formats.includes('jpg') || !media.formats.includes('webp') ? 'jpg' : 'webp';
  const webp = fallback === 'jpg' ? srcSet(media, 'webp') : '';
  const fallbackSet = srcSet(media, fallback);
  return (
    <picture>
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      <img
        src={largestUrl(media, fallback)}
        srcSet={fallbackSet || undefined}
        sizes={fallbackSet ? sizes : undefined}
        width={media.width}
        height={media.height}
        alt={media.alt}
        className={className}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}
