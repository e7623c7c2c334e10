import { type MediaFormat, type MediaView, mediaUrl } from '~/content/media';

/**
 * The gallery slider of a gallery item (spec 000 §2 "Gallery slider inside a dynamic field"): its
 * photos, and the pure rules of the slider and its lightbox. No React, no database.
 */

/** The most photos one item shows: the field is read from the database, never trusted to be small. */
export const MAX_PHOTOS = 50;

/** spec 000 §9 "Swipe threshold": a drag shorter than this does not change the photo. */
export const SWIPE_THRESHOLD = 50;

/** What the gallery item page shows in its slider. */
export interface GalleryView {
  /** The featured image first, then the field's photos (duplicates and missing media left out). */
  photos: MediaView[];
}

/** A term link of an item: its listing page filtered by that term. */
export interface TermLink {
  name: string;
  href: string;
}

/** The media ids of a gallery field's text, in order, each once; junk entries are skipped. */
export function parseGalleryField(text: string | null | undefined): number[] {
  if (!text) return [];
  const ids: number[] = [];
  for (const part of text.split(',')) {
    const t = part.trim();
    if (!/^\d{1,9}$/.test(t)) continue;
    const id = Number(t);
    if (id > 0 && !ids.includes(id)) ids.push(id);
    if (ids.length >= MAX_PHOTOS) break;
  }
  return ids;
}

/** The slider's photos: the featured image, then the field's, each media once. */
export function galleryPhotos(featured: MediaView | null, field: MediaView[]): MediaView[] {
  const photos = featured ? [featured] : [];
  for (const m of field) if (!photos.some((p) => p.id === m.id)) photos.push(m);
  return photos.slice(0, MAX_PHOTOS);
}

/** `Foto 2 dari 5`: the counter and each slide's accessible name. */
export function photoLabel(index: number, count: number): string {
  return `Foto ${index + 1} dari ${count}`;
}

/**
 * Which way a finished drag moves the lightbox: `next` for a leftward swipe, `prev` for a rightward
 * one, none when it is shorter than the threshold or more vertical than horizontal (a scroll or a
 * pull to close).
 */
export function swipeDirection(dx: number, dy: number, threshold = SWIPE_THRESHOLD): 'next' | 'prev' | null {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? 'next' : 'prev';
}

/**
 * spec 000 §9 "Slider defaults (page builder)": thumbnails 120x80 and a 10 px distance between them.
 * The gallery item's slider is placed by its route, not by the page builder, so it has no settings of
 * its own: these defaults are its settings.
 */
export const THUMBNAILS = { width: 120, height: 80, gap: 10 } as const;

/** The id of a photo's slide, `foto-3`: the anchor its thumbnail links to and a shared link points at. */
export function photoAnchor(index: number): string {
  return `foto-${index + 1}`;
}

/** The photo a `#foto-3` hash names (index 2), or null when it names none of `count` photos. */
export function photoFromHash(hash: string, count: number): number | null {
  const match = /^#foto-(\d{1,4})$/.exec(hash);
  if (!match) return null;
  const index = Number(match[1]) - 1;
  return index >= 0 && index < count ? index : null;
}

/** The address that shows one photo of the page at `href`: the page itself, its query and hash replaced by the photo's anchor. */
export function photoShareUrl(href: string, index: number): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}#${photoAnchor(index)}`;
}

/**
 * The scroll position of a strip that shows the item from `start` to `start + size` with `margin` to
 * spare, moving it as little as possible (the current thumbnail kept in view). An item wider than the
 * view shows its start.
 */
export function scrollToShow(
  item: { start: number; size: number },
  view: { scroll: number; size: number },
  margin = 0,
): number {
  const atMost = Math.max(0, item.start - margin);
  const atLeast = item.start + item.size + margin - view.size;
  if (view.scroll > atMost) return atMost;
  if (view.scroll < atLeast) return Math.min(atLeast, atMost);
  return view.scroll;
}

/** The smallest copy of a photo in `format` (a thumbnail's file), or null when it has none in that format. */
export function smallestUrl(m: MediaView, format: MediaFormat): string | null {
  if (!m.formats.includes(format)) return null;
  return mediaUrl(m.file, m.sizes[0]?.width ?? m.width, format);
}
