import type { MediaView } from './media';

/** What a media view is built from in the tests: the view without its copies, and the copies' widths. */
export type MediaViewSpec = Omit<MediaView, 'sizes' | 'formats' | 'caption'> & {
  /** Widths of the copies on disk, narrowest first; each copy keeps the image's shape. */
  copies: number[];
  formats?: MediaView['formats'];
  /** none unless a test gives one */
  caption?: string;
};

/** An image as `toMediaView` hands it to the views: every copy in WebP and JPEG unless `formats` says otherwise. */
export function mediaViewOf({ copies, formats = ['webp', 'jpg'], caption = '', ...view }: MediaViewSpec): MediaView {
  const sizes = copies.map((width) => ({ width, height: Math.round((width * view.height) / view.width) }));
  return { ...view, caption, sizes, formats };
}
