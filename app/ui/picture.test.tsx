import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { mediaViewOf } from '~/content/media.fixtures';
import { Picture } from './picture';

const media = mediaViewOf({
  id: 3,
  alt: 'Upacara bendera',
  width: 1200,
  height: 900,
  file: '2025/08/upacara',
  copies: [480, 1200],
});

test('a WebP source and a JPEG img that reserves its box and loads lazily', () => {
  const html = renderToStaticMarkup(<Picture media={media} sizes="100vw" className="hero" />);
  expect(html).toContain(
    '<source type="image/webp" srcSet="/wp-content/uploads/2025/08/upacara-480w.webp 480w, /wp-content/uploads/2025/08/upacara-1200w.webp 1200w" sizes="100vw"/>',
  );
  expect(html).toContain('src="/wp-content/uploads/2025/08/upacara-1200w.jpg"');
  expect(html).toContain(
    'srcSet="/wp-content/uploads/2025/08/upacara-480w.jpg 480w, /wp-content/uploads/2025/08/upacara-1200w.jpg 1200w"',
  );
  expect(html).toContain(
    'width="1200" height="900" alt="Upacara bendera" class="hero" loading="lazy" decoding="async"',
  );
  expect(html).not.toMatch(/fetchpriority/i);
});

test('a priority picture loads eagerly with high fetch priority', () => {
  const html = renderToStaticMarkup(<Picture media={media} sizes="100vw" priority />);
  expect(html).toContain('loading="eager"');
  expect(html).toContain('fetchPriority="high"');
});

test('a JPEG-only image has no WebP source', () => {
  const html = renderToStaticMarkup(<Picture media={{ ...media, formats: ['jpg'] }} sizes="50vw" />);
  expect(html).not.toContain('<source');
  expect(html).toContain('sizes="50vw"');
});
