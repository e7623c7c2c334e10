import { expect, test } from 'vitest';
import { mediaViewOf } from '~/content/media.fixtures';
import { fieldsHtml, highlightHtml, navigationHtml, plainText, thumbnailHtml } from './html.server';
import { forAnyTextAndSearch } from './live-search.fixtures';

const decoded = (html: string) =>
  html.replace(/<\/?mark>/g, '').replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

test('highlighting escapes first, then wraps the matched words', () => {
  expect(highlightHtml('Juara <b>OSN</b> & "kawan"', 'juara osn')).toBe(
    '<mark>Juara</mark> &#60;b&#62;<mark>OSN</mark>&#60;/b&#62; &#38; &#34;kawan&#34;',
  );
  expect(highlightHtml('<script>alert(1)</script>', 'script')).toBe(
    '&#60;<mark>script</mark>&#62;alert(1)&#60;/<mark>script</mark>&#62;',
  );
  // Highlighting off: escaped only. An entity's letters are never marked.
  expect(highlightHtml('Tom & Jerry', null)).toBe('Tom &#38; Jerry');
  expect(highlightHtml('a & b', 'amp')).toBe('a &#38; b');
});

test('no text and no search text can put markup other than <mark> into a field', () =>
  forAnyTextAndSearch((text, search) => {
    const html = highlightHtml(text, search);
    expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>"']/);
    expect(decoded(html)).toBe(text);
  }));

test('plain text of stored HTML: tags and scripts dropped, entities decoded once', () => {
  expect(plainText('<p>Satu &amp; <b>dua</b> &lt;tiga&gt; &amp;lt;</p><script>alert(1)</script>', 1000)).toBe(
    'Satu & dua <tiga> &lt;',
  );
  expect(plainText('<p>abcdefghij</p>', 8)).toBe('abcde');
});

test('extra fields: label, format and value all escaped; the value highlighted', () => {
  const html = fieldsHtml(
    'jet-search-title-fields',
    [{ key: 'lokasi', label: '<i>Tempat</i>', format: '100%% di %s <u>!</u>', value: 'Aula <Utama>' }],
    'aula',
  );
  expect(html).toBe(
    '<div class="jet-search-title-fields"><div class="jet-search-title-fields__item jet-search-title-fields__item-lokasi">' +
      '<div class="jet-search-title-fields__item-label">&#60;i&#62;Tempat&#60;/i&#62;</div>' +
      '<div class="jet-search-title-fields__item-value">100% di <mark>Aula</mark> &#60;Utama&#62; &#60;u&#62;!&#60;/u&#62;</div></div></div>',
  );
  expect(fieldsHtml('jet-search-title-fields', [], 'aula')).toBe('');
});

test('a thumbnail is the smallest copy, or the placeholder', () => {
  const image = mediaViewOf({
    id: 1,
    alt: 'Siswa "berprestasi"',
    width: 1200,
    height: 800,
    file: '2025/08/juara',
    copies: [480, 1200],
  });
  expect(thumbnailHtml(image)).toBe(
    '<div class="jet-ajax-search__item-thumbnail"><img src="/wp-content/uploads/2025/08/juara-480w.webp" class="jet-ajax-search__item-thumbnail-img" alt="Siswa &#34;berprestasi&#34;" width="480" height="320" loading="lazy" decoding="async"></div>',
  );
  expect(thumbnailHtml(null)).toContain('jet-ajax-search__item-thumbnail-placeholder');
});

test('navigation: each control where the settings put it, none for a single slide', () => {
  const places = { bullets: 'in_footer', numbers: 'both', arrows: null } as const;
  expect(navigationHtml(places, 1)).toEqual({ header: '', footer: '' });
  const nav = navigationHtml(places, 3);
  expect(nav.header.match(/jet-ajax-search__number-button/g)).toHaveLength(3);
  expect(nav.header).not.toContain('bullet-button');
  expect(nav.footer.match(/data-number="\d"/g)).toEqual([
    'data-number="1"',
    'data-number="2"',
    'data-number="3"',
    'data-number="1"',
    'data-number="2"',
    'data-number="3"',
  ]);
  expect(navigationHtml({ bullets: null, numbers: null, arrows: 'in_header' }, 2).header).toContain(
    'jet-ajax-search__prev-button',
  );
});
