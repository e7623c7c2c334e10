/** The media feature's client-safe surface: the image view model and the responsive picture. */
export {
  copyWidths,
  encodeSizes,
  largestUrl,
  MEDIA_FORMATS,
  MEDIA_WIDTHS,
  type MediaFormat,
  type MediaView,
  mediaUrl,
  parseStoredSizes,
  type StoredSizes,
  srcSet,
  toMediaView,
} from './model';
export { Picture, type PictureProps } from './ui/picture';
