import { renderToString } from 'react-dom/server';
import { expect, test, vi } from 'vitest';
import { mediaViewOf } from '~/content/media.fixtures';
import { GallerySlider } from './gallery-slider';

// Vitest turns stylesheets into empty strings; the build gives the file's address.
vi.mock('~/styles/gallery-slider.css?url', () => ({ default: '/assets/gallery-slider.css' }));

const photo = (id: number, alt: string) =>
  mediaViewOf({ id, alt, width: 800, height: 600, file: `2025/06/futsal-${id}`, copies: [480, 800] });

const photos = [photo(1, 'Babak pertama'), photo(2, 'Gol penentu <b>'), photo(3, 'Penyerahan piala')];

// The server's HTML is the no-JavaScript slider: every photo, each a link to its full-size file.
test('the server sends every photo as a link to its largest JPEG, and no buttons', () => {
  const html = renderToString(<GallerySlider gallery={{ photos }} title="Final Futsal" />);
  for (const p of photos) expect(html).toContain(`href="/wp-content/uploads/${p.file}-800w.jpg"`);
  expect(html.match(/class="gallery-slider__slide"/g)).toHaveLength(3);
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

// Without JavaScript each thumbnail links to its photo's anchor, which scrolls the strip to it.
test('the server sends a thumbnail per photo, a link to the photo, from its smallest copy', () => {
  const html = renderToString(<GallerySlider gallery={{ photos }} title="Final Futsal" />);
  expect(html).toContain('aria-label="Pilih foto"');
  for (const [i, p] of photos.entries()) {
    expect(html).toContain(`id="foto-${i + 1}"`);
    expect(html).toMatch(
      new RegExp(`<a class="gallery-slider__thumb" href="#foto-${i + 1}" aria-label="Foto ${i + 1} dari 3"`),
    );
    expect(html).toContain(`src="/wp-content/uploads/${p.file}-480w.jpg"`);
    expect(html).toContain(`srcSet="/wp-content/uploads/${p.file}-480w.webp"`);
  }
  expect(html.match(/class="gallery-slider__thumb-image"/g)).toHaveLength(3);
  expect(html.match(/width="120" height="80"/g)).toHaveLength(3);
  // Nothing is current, and every thumbnail is a tab stop, until the slider is live.
  expect(html).not.toContain('aria-current');
  expect(html).not.toContain('tabindex');
});

// A caption is text under its photo, escaped; a photo without one has none.
test("a photo's caption shows under it, escaped", () => {
  const captioned = photos.map((p, i) => (i === 1 ? { ...p, caption: 'Skor 2–1 <i>menit</i> terakhir' } : p));
  const html = renderToString(<GallerySlider gallery={{ photos: captioned }} title="Final Futsal" />);
  expect(html.match(/<figcaption/g)).toHaveLength(1);
  expect(html).toContain(
    '<figcaption class="gallery-slider__caption">Skor 2–1 &lt;i&gt;menit&lt;/i&gt; terakhir</figcaption>',
  );
  // The alt text stays the image's own.
  expect(html).toContain('alt="Gol penentu &lt;b&gt;"');
});

test('one photo: no counter, no thumbnails; no photos: nothing', () => {
  const one = renderToString(<GallerySlider gallery={{ photos: [photo(1, 'Satu')] }} title="Satu foto" />);
  expect(one).toContain('data-single="true"');
  expect(one).not.toContain('gallery-slider__counter');
  expect(one).not.toContain('gallery-slider__thumb');
  expect(renderToString(<GallerySlider gallery={{ photos: [] }} title="Kosong" />)).toBe('');
});
