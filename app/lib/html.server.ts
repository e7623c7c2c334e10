import sanitizeHtml from 'sanitize-html';
import { lruCache } from './cache.server';

/** Rich text allowed in stored content: formatting, links, lists, tables, headings with ids. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'iframe'), 'img', 'figure', 'figcaption'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'id'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    '*': ['id', 'class'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    // Links that leave the site open safely.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

// Sanitizing is pure and stored texts repeat on every page view: remember recent results.
const memo = lruCache<string>({ max: 500 });

/** Sanitizes stored rich text before it is rendered (DESIGN.md: rich text is sanitized HTML). */
export function sanitizeRichText(html: string): string {
  const hit = memo.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, RICH_TEXT);
  memo.set(html, clean);
  return clean;
}

/** Plain text of an HTML fragment (for meta descriptions and the feed). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
