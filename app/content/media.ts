import type { Media } from '~/db/schema';

/** Image formats the uploads folder holds, best first. */
export const MEDIA_FORMATS = ['webp', 'jpg'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/**
 * The gallery field of a gallery item (post type `galeri`): text meta holding media ids joined by commas, as the
 * original's JetEngine gallery field stored them (`12,15,16`).
 */
export const GALLERY_FIELD = 'foto_kegiatan';

/** Widths the responsive copies are made at (never wider than the source). */
export const MEDIA_WIDTHS = [480, 800, 1200] as const;

/** A stored image as components see it: enough to build `srcset` and keep the layout still. */
export interface MediaView {
  id: number;
  alt: string;
  /** Shown under the photo where a gallery shows it; '' is none. Text, escaped like any other. */
  caption: string;
  /** Intrinsic size of the largest copy: the `width`/`height` attributes that reserve the box. */
  width: number;
  height: number;
  /** Path below the uploads folder without width and extension, e.g. `2025/08/upacara-bendera`. */
  file: string;
  /** The copies on disk, narrowest first. */
  sizes: Array<{ width: number; height: number }>;
  /** Formats every copy exists in, best first. */
  formats: Array<MediaFormat>;
}

/**
 * The `media.sizes` column: JSON text of one entry per copy on disk,
 * `[{ "width": 480, "height": 360, "formats": ["webp", "jpg"] }, ...]`.
 */
export type StoredSizes = Array<{ width: number; height: number; formats: MediaFormat[] }>;

const isDimension = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** Parses the `media.sizes` column; null when it is not that shape. (No zod: this runs in the browser bundle.) */
export function parseStoredSizes(text: string): StoredSizes | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const sizes: StoredSizes = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { width, height, formats } = entry as Record<string, unknown>;
    if (!isDimension(width) || !isDimension(height) || !Array.isArray(formats) || formats.length === 0) return null;
    if (!formats.every((f): f is MediaFormat => (MEDIA_FORMATS as readonly unknown[]).includes(f))) return null;
    sizes.push({ width, height, formats });
  }
  return sizes;
}

/** Public URL of one copy of an image. */
export function mediaUrl(file: string, width: number, format: MediaFormat): string {
  return `/wp-content/uploads/${file}-${width}w.${format}`;
}

/** The `srcset` of one format: every copy, narrowest first; empty when the format is missing. */
export function srcSet(m: MediaView, format: MediaFormat): string {
  if (!m.formats.includes(format)) return '';
  return m.sizes.map((s) => `${mediaUrl(m.file, s.width, format)} ${s.width}w`).join(', ');
}

/** URL of the widest copy (the `src` fallback and the Open Graph image). */
export function largestUrl(m: MediaView, format: MediaFormat): string {
  const widest = m.sizes[m.sizes.length - 1];
  return mediaUrl(m.file, widest?.width ?? m.width, format);
}

/** Widths to make copies at for a source this wide: the standard ones that fit, plus the source itself. */
export function copyWidths(sourceWidth: number): number[] {
  const widths: number[] = MEDIA_WIDTHS.filter((w) => w <= sourceWidth);
  const widest = widths[widths.length - 1];
  const largestStandard = Math.max(...MEDIA_WIDTHS);
  if (widest === undefined || (widest < sourceWidth && sourceWidth < largestStandard)) {
    widths.push(sourceWidth);
  }
  return widths;
}

/** Height of a copy `width` wide that keeps the source's aspect ratio. */
export function scaledHeight(source: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((source.height * width) / source.width));
}

/** Encodes the `sizes` column for copies made at these widths in these formats. */
export function encodeSizes(
  source: { width: number; height: number },
  widths: number[],
  formats: MediaFormat[] = [...MEDIA_FORMATS],
): string {
  const sizes: StoredSizes = widths.map((width) => ({ width, height: scaledHeight(source, width), formats }));
  return JSON.stringify(sizes);
}

/**
 * Turns a `media` row into its view. A `sizes` value that does not parse leaves the image with
 * no copies (an empty `srcset`), so one bad row cannot break the page around it.
 */
export function toMediaView(row: Media): MediaView {
  const stored = parseStoredSizes(row.sizes) ?? [];
  const sizes = [...stored].sort((a, b) => a.width - b.width);
  const formats = MEDIA_FORMATS.filter((f) => sizes.length > 0 && sizes.every((s) => s.formats.includes(f)));
  const widest = sizes[sizes.length - 1];
  return {
    id: row.id,
    alt: row.alt,
    caption: row.caption,
    width: widest?.width ?? row.width,
    height: widest?.height ?? row.height,
    file: row.file,
    sizes: sizes.map(({ width, height }) => ({ width, height })),
    formats,
  };
}
