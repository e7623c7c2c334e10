import type { MediaView } from '~/content/media';

/**
 * The gallery slider of a gallery item (spec 000 §2 "Gallery slider inside a dynamic field"): its
 * photos, and the pure rules of the slider and its lightbox. No React, no database.
 */

/**
 * The gallery field of a gallery item: text meta holding media ids joined by commas, as the
 * original's JetEngine gallery field stored them (`12,15,16`).
 */
export const GALLERY_FIELD = 'foto_kegiatan';

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
