import type { MediaView } from '~/content/media';
import { mediaUrl } from '~/content/media';
import { lruCache } from '~/lib/cache.server';
import { escapeHtml, htmlToText } from '~/lib/html.server';
import { matchedRuns, type NavigationPlace } from './model';

/**
 * The HTML inside the original answer's fields (original-wire.md §6), with the original's class
 * names so that its stylesheet and item template still fit. Every text is escaped here, whether it
 * comes from the visitor, the widget settings or the database; the only markup is this file's.
 */

/** Text escaped, with the words the search matched wrapped in `<mark>` (spec §5 highlighting). */
export function highlightHtml(text: string, searchText: string | null): string {
  if (searchText === null) return escapeHtml(text);
  return matchedRuns(text, searchText)
    .map((r) => (r.marked ? `<mark>${escapeHtml(r.text)}</mark>` : escapeHtml(r.text)))
    .join('');
}

const TEXT_ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&' };

// Reading HTML costs tens of microseconds a result, and the newest items come back in search after
// search: recent texts are kept, keyed by the HTML read (the text depends on it alone; at most
// 2,000 starts of bodies, about 4 MB at the school widget's 20 words).
const texts = lruCache<string>({ max: 2000 });

/**
 * Plain text of stored HTML (tags and scripts dropped, entities decoded), for the result's excerpt.
 * Only the first `maxChars` characters of the source are read: a result shows a few dozen words.
 */
export function plainText(html: string, maxChars: number): string {
  const source = html.slice(0, maxChars);
  const hit = texts.get(source);
  if (hit !== undefined) return hit;
  // htmlToText answers HTML text (it escapes <, > and &); those three are decoded here, once.
  const text = htmlToText(source).replace(/&(?:lt|gt|amp);/g, (e) => TEXT_ENTITIES[e] ?? e);
  texts.set(source, text);
  return text;
}

/** The result's picture (the smallest copy), or the original's placeholder when the item has none. */
export function thumbnailHtml(image: MediaView | null): string {
  const size = image?.sizes[0];
  const format = image?.formats[0];
  const inner =
    image && size && format
      ? `<img src="${escapeHtml(mediaUrl(image.file, size.width, format))}" class="jet-ajax-search__item-thumbnail-img" alt="${escapeHtml(image.alt)}" width="${size.width}" height="${size.height}" loading="lazy" decoding="async">`
      : '<div class="jet-ajax-search__item-thumbnail-placeholder"></div>';
  return `<div class="jet-ajax-search__item-thumbnail">${inner}</div>`;
}

/** One extra field to show: its key (for the class), label, `%s` format and value. */
export interface FieldView {
  key: string;
  label: string;
  format: string;
  value: string;
}

/**
 * The extra fields before or after the title (`base` jet-search-title-fields) or the content
 * (jet-search-content-fields), as the original lays them out. The format's `%s` (or `%1$s`) takes
 * the value; the format itself is text, escaped like the rest. Empty without fields.
 */
export function fieldsHtml(base: string, fields: readonly FieldView[], searchText: string | null): string {
  const items = fields.map((f) => {
    const label = f.label ? `<div class="${base}__item-label">${escapeHtml(f.label)}</div>` : '';
    const shown = highlightHtml(f.value, searchText);
    const value = escapeHtml(f.format || '%s').replace(/%%|%(?:1\$)?s/g, (t) => (t === '%%' ? '%' : shown));
    return `<div class="${base}__item ${base}__item-${escapeHtml(f.key)}">${label}<div class="${base}__item-value">${value}</div></div>`;
  });
  return items.length ? `<div class="${base}">${items.join('')}</div>` : '';
}

const ARROW_LEFT =
  '<svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2"/></svg>';
const ARROW_RIGHT =
  '<svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" stroke-width="2"/></svg>';

/** The buttons of one navigation control for `slides` slides, the first active (original `get_navigation_buttons_html`). */
function navigationButtons(kind: 'bullets' | 'numbers' | 'arrows', slides: number): string {
  if (kind === 'arrows') {
    return (
      `<div role="button" tabindex="0" aria-label="Sebelumnya" class="jet-ajax-search__prev-button jet-ajax-search__arrow-button jet-ajax-search__navigate-button jet-ajax-search__navigate-button-disable" data-direction="-1">${ARROW_LEFT}</div>` +
      `<div role="button" tabindex="0" aria-label="Berikutnya" class="jet-ajax-search__next-button jet-ajax-search__arrow-button jet-ajax-search__navigate-button" data-direction="1">${ARROW_RIGHT}</div>`
    );
  }
  const button = kind === 'bullets' ? 'jet-ajax-search__bullet-button' : 'jet-ajax-search__number-button';
  let html = '';
  for (let i = 1; i <= slides; i++) {
    const active = i === 1 ? ' jet-ajax-search__active-button' : '';
    html += `<div role="button" tabindex="0" aria-label="Halaman ${i}" class="jet-ajax-search__navigate-button ${button}${active}" data-number="${i}"></div>`;
  }
  return html;
}

/**
 * The navigation above and below the results (original-wire.md §6 `results_navigation`): each control
 * the settings place, in the original's order (bullets, numbers, arrows); none when one slide holds all.
 */
export function navigationHtml(
  places: { bullets: NavigationPlace; numbers: NavigationPlace; arrows: NavigationPlace },
  slides: number,
): { header: string; footer: string } {
  let header = '';
  let footer = '';
  if (slides <= 1) return { header, footer };
  for (const kind of ['bullets', 'numbers', 'arrows'] as const) {
    const place = places[kind];
    if (!place) continue;
    const html = `<div class="jet-ajax-search__navigation-container">${navigationButtons(kind, slides)}</div>`;
    if (place === 'in_header' || place === 'both') header += html;
    if (place === 'in_footer' || place === 'both') footer += html;
  }
  return { header, footer };
}
