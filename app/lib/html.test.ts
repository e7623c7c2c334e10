import { expect, test } from 'vitest';
import { escapeHtml, htmlToText, sanitizeRichText } from './html.server';

test('scripts, handlers and javascript: links are removed; formatting stays', () => {
  const dirty =
    '<h2 id="fasilitas">Fasilitas</h2><p onclick="alert(1)">Teks <strong>tebal</strong><script>alert(2)</script></p><a href="javascript:alert(3)">x</a><img src="x" onerror="alert(4)">';
  const clean = sanitizeRichText(dirty);
  expect(clean).toContain('<h2 id="fasilitas">Fasilitas</h2>');
  expect(clean).toContain('<strong>tebal</strong>');
  expect(clean).not.toMatch(/script|onclick|onerror|javascript:/);
  // The memo answers the same for the same input.
  expect(sanitizeRichText(dirty)).toBe(clean);
});

test('links opening a new tab get rel noopener', () => {
  expect(sanitizeRichText('<a href="https://x.id" target="_blank">x</a>')).toContain('rel="noopener noreferrer"');
});

test('text and escaping', () => {
  expect(htmlToText('<p>Satu</p>\n<p>dua &amp; tiga</p>')).toBe('Satu dua &amp; tiga');
  expect(escapeHtml(`<a href="x">'`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;');
});
