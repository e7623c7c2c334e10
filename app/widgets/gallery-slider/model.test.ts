import { describe, expect, test } from 'vitest';
import type { MediaView } from '~/content/media';
import { galleryPhotos, MAX_PHOTOS, parseGalleryField, photoLabel, SWIPE_THRESHOLD, swipeDirection } from './model';

const media = (id: number): MediaView => ({
  id,
  alt: `Foto ${id}`,
  width: 800,
  height: 600,
  file: `2025/01/foto-${id}`,
  sizes: [{ width: 800, height: 600 }],
  formats: ['webp', 'jpg'],
});

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
