import { describe, expect, test } from 'vitest';
import { mediaViewOf } from '~/content/media.fixtures';
import {
  galleryPhotos,
  MAX_PHOTOS,
  parseGalleryField,
  photoAnchor,
  photoFromHash,
  photoLabel,
  photoShareUrl,
  SWIPE_THRESHOLD,
  scrollToShow,
  smallestUrl,
  swipeDirection,
  THUMBNAILS,
} from './model';

const media = (id: number, copies = [800]) =>
  mediaViewOf({ id, alt: `Foto ${id}`, width: 800, height: 600, file: `2025/01/foto-${id}`, copies });

describe('parseGalleryField', () => {
  test.each([
    ['12,15,16', [12, 15, 16]],
    [' 12 , 15 ', [12, 15]],
    ['12,12,15,12', [12, 15]],
    ['12,,abc,-3,0,1.5,15', [12, 15]],
    ['', []],
    [null, []],
    [undefined, []],
    ['9999999999', []],
  ])('%j → %j', (text, ids) => expect(parseGalleryField(text)).toEqual(ids));

  test(`keeps at most ${MAX_PHOTOS} ids`, () => {
    const text = Array.from({ length: MAX_PHOTOS + 20 }, (_, i) => i + 1).join(',');
    expect(parseGalleryField(text)).toHaveLength(MAX_PHOTOS);
  });
});

describe('galleryPhotos', () => {
  test('the featured image first, then the field in its order, each once', () => {
    expect(galleryPhotos(media(2), [media(2), media(7), media(5)]).map((m) => m.id)).toEqual([2, 7, 5]);
  });
  test('without a featured image, the field alone; without either, nothing', () => {
    expect(galleryPhotos(null, [media(7), media(5)]).map((m) => m.id)).toEqual([7, 5]);
    expect(galleryPhotos(null, [])).toEqual([]);
  });
  test('a featured image alone is a one-photo gallery', () => {
    expect(galleryPhotos(media(3), []).map((m) => m.id)).toEqual([3]);
  });
});

test('photoLabel counts from 1', () => {
  expect(photoLabel(0, 4)).toBe('Foto 1 dari 4');
  expect(photoLabel(3, 4)).toBe('Foto 4 dari 4');
});

describe('swipeDirection (threshold 50 px)', () => {
  test('the spec threshold', () => expect(SWIPE_THRESHOLD).toBe(50));
  test.each([
    [-50, 0, 'next'],
    [-120, 30, 'next'],
    [50, 0, 'prev'],
    [200, -10, 'prev'],
    [-49, 0, null],
    [49, 0, null],
    [30, 0, null],
    [-60, 80, null],
    [60, -60, null],
    [0, 0, null],
  ])('dx %d, dy %d → %s', (dx, dy, direction) => expect(swipeDirection(dx, dy)).toBe(direction));
});

test('the thumbnails: 120x80, 10 px apart (spec 000 §9 "Slider defaults")', () => {
  expect(THUMBNAILS).toEqual({ width: 120, height: 80, gap: 10 });
});

describe('smallestUrl', () => {
  const photo = media(4, [480, 800]);
  test('the narrowest copy in the format', () => {
    expect(smallestUrl(photo, 'webp')).toBe('/wp-content/uploads/2025/01/foto-4-480w.webp');
    expect(smallestUrl(photo, 'jpg')).toBe('/wp-content/uploads/2025/01/foto-4-480w.jpg');
  });
  test('none in a format the photo lacks', () => {
    expect(smallestUrl({ ...photo, formats: ['jpg'] }, 'webp')).toBeNull();
  });
});

describe('photo anchors', () => {
  test('counted from 1', () => expect(photoAnchor(2)).toBe('foto-3'));
  test.each([
    ['#foto-3', 5, 2],
    ['#foto-1', 5, 0],
    ['#foto-5', 5, 4],
    ['#foto-6', 5, null],
    ['#foto-0', 5, null],
    ['#foto-', 5, null],
    ['#foto-2x', 5, null],
    ['#ulasan', 5, null],
    ['', 5, null],
  ])('%j of %d photos → %j', (hash, count, index) => expect(photoFromHash(hash, count)).toBe(index));
  test("a photo's address: the page, without its query or hash, at the photo", () => {
    expect(photoShareUrl('https://smp.sch.id/galeri/final-futsal/?utm=x#ulasan', 2)).toBe(
      'https://smp.sch.id/galeri/final-futsal/#foto-3',
    );
  });
});

describe('scrollToShow (the current thumbnail kept in view)', () => {
  const view = { scroll: 100, size: 400 };
  test.each([
    // Already in view, margins included: the strip stays.
    [{ start: 150, size: 120 }, 100],
    [{ start: 110, size: 120 }, 100],
    // Cut off on the left: its start (less the margin) at the left edge.
    [{ start: 60, size: 120 }, 50],
    [{ start: 5, size: 120 }, 0],
    // Cut off on the right: its end (plus the margin) at the right edge.
    [{ start: 400, size: 120 }, 130],
  ])('%j → %d', (item, scroll) => expect(scrollToShow(item, view, 10)).toBe(scroll));
  test('an item wider than the view shows its start', () => {
    expect(scrollToShow({ start: 300, size: 500 }, { scroll: 0, size: 400 }, 10)).toBe(290);
  });
});
