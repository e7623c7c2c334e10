import { expect, test } from 'vitest';
import type { Media } from '~/db/schema';
import { copyWidths, encodeSizes, largestUrl, mediaUrl, srcSet, toMediaView } from './media';

const row = (over: Partial<Media> = {}): Media => ({
  id: 7,
  file: '2025/08/upacara-bendera',
  alt: 'Upacara bendera',
  caption: 'Upacara hari Senin di lapangan sekolah',
  width: 1200,
  height: 900,
  sizes: encodeSizes({ width: 1200, height: 900 }, [480, 800, 1200]),
  created_at: '2025-08-14T07:00:00.000Z',
  status: 'ready',
  ...over,
});

test('mediaUrl names the copy by width and format', () => {
  expect(mediaUrl('2025/08/upacara-bendera', 800, 'webp')).toBe(
    '/wp-content/uploads/2025/08/upacara-bendera-800w.webp',
  );
  expect(mediaUrl('a/b', 480, 'jpg')).toBe('/wp-content/uploads/a/b-480w.jpg');
});

test('toMediaView parses the sizes column, narrowest first', () => {
  const sizes = JSON.stringify([
    { width: 1200, height: 900, formats: ['webp', 'jpg'] },
    { width: 480, height: 360, formats: ['jpg', 'webp'] },
  ]);
  const m = toMediaView(row({ sizes }));
  expect(m).toEqual({
    id: 7,
    alt: 'Upacara bendera',
    caption: 'Upacara hari Senin di lapangan sekolah',
    width: 1200,
    height: 900,
    file: '2025/08/upacara-bendera',
    sizes: [
      { width: 480, height: 360 },
      { width: 1200, height: 900 },
    ],
    formats: ['webp', 'jpg'],
  });
});

test('a format missing from one copy is left out', () => {
  const sizes = JSON.stringify([
    { width: 480, height: 360, formats: ['jpg'] },
    { width: 800, height: 600, formats: ['webp', 'jpg'] },
  ]);
  expect(toMediaView(row({ sizes })).formats).toEqual(['jpg']);
});

test.each(['not json', '{"width":1}', '[{"width":-1,"height":2,"formats":["jpg"]}]', '[]'])(
  'a bad sizes value %s gives no copies instead of throwing',
  (sizes) => {
    const m = toMediaView(row({ sizes }));
    expect(m.sizes).toEqual([]);
    expect(m.formats).toEqual([]);
    expect(m.width).toBe(1200);
    expect(srcSet(m, 'webp')).toBe('');
  },
);

test('srcSet lists every copy with its width descriptor', () => {
  const m = toMediaView(row());
  expect(srcSet(m, 'webp')).toBe(
    '/wp-content/uploads/2025/08/upacara-bendera-480w.webp 480w, ' +
      '/wp-content/uploads/2025/08/upacara-bendera-800w.webp 800w, ' +
      '/wp-content/uploads/2025/08/upacara-bendera-1200w.webp 1200w',
  );
  expect(srcSet(m, 'jpg')).toContain('-800w.jpg 800w');
});

test('largestUrl points at the widest copy', () => {
  expect(largestUrl(toMediaView(row()), 'jpg')).toBe('/wp-content/uploads/2025/08/upacara-bendera-1200w.jpg');
  const small = toMediaView(
    row({ width: 600, height: 800, sizes: encodeSizes({ width: 600, height: 800 }, [480, 600]) }),
  );
  expect(largestUrl(small, 'webp')).toBe('/wp-content/uploads/2025/08/upacara-bendera-600w.webp');
  expect(small.height).toBe(800);
  expect(small.sizes[0]).toEqual({ width: 480, height: 640 });
});

test.each([
  [2400, [480, 800, 1200]],
  [1200, [480, 800, 1200]],
  [1000, [480, 800, 1000]],
  [800, [480, 800]],
  [480, [480]],
  [300, [300]],
])('a source %d px wide is copied at %j', (source, widths) => {
  expect(copyWidths(source)).toEqual(widths);
});
