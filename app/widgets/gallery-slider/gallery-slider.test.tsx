import { renderToString } from 'react-dom/server';
import { expect, test, vi } from 'vitest';
import type { MediaView } from '~/content/media';
import { GallerySlider } from './gallery-slider';

// Vitest turns stylesheets into empty strings; the build gives the file's address.
vi.mock('~/styles/gallery-slider.css?url', () => ({ default: '/assets/gallery-slider.css' }));

const photo = (id: number, alt: string): MediaView => ({
  id,
  alt,
  width: 800,
  height: 600,
  file: `2025/06/futsal-${id}`,
  sizes: [
    { width: 480, height: 360 },
    { width: 800, height: 600 },
  ],
  formats: ['webp', 'jpg'],
});

const photos = [photo(1, 'Babak pertama'), photo(2, 'Gol penentu <b>'), photo(3, 'Penyerahan piala')];

// The server's HTML is the no-JavaScript slider: every photo, each a link to its full-size file.
test('the server sends every photo as a link to its largest JPEG, and no buttons', () => {
  const html = renderToString(<GallerySlider gallery={{ photos }} title="Final Futsal" />);
  for (const p of photos) expect(html).toContain(`href="/wp-content/uploads/${p.file}-800w.jpg"`);
  expect(html.match(/<li /g)).toHaveLength(3);
  expect(html).toContain('aria-label="Foto 2 dari 3"');
  expect(html).toContain('aria-label="Foto: Final Futsal"');
  expect(html).toContain('3 foto');
  // Alt text is escaped like any other text.
  expect(html).toContain('alt="Gol penentu &lt;b&gt;"');
  expect(html).not.toContain('<button');
  expect(html).not.toContain('data-enhanced');
  expect(html).toContain('href="/assets/gallery-slider.css"');
  // Only the first photo loads eagerly.
  expect(html.match(/loading="eager"/g)).toHaveLength(1);
});

test('one photo: no counter; no photos: nothing', () => {
  const one = renderToString(<GallerySlider gallery={{ photos: [photo(1, 'Satu')] }} title="Satu foto" />);
  expect(one).toContain('data-single="true"');
  expect(one).not.toContain('gallery-slider__counter');
  expect(renderToString(<GallerySlider gallery={{ photos: [] }} title="Kosong" />)).toBe('');
});
