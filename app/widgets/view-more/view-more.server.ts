import { escapeHtml, sanitizeRichText } from '~/lib/html.server';
import type { WidgetData, WidgetLoadContext } from '../types';
import type { ViewMoreSettings } from './settings';
import type { ViewMoreProps } from './view-more';

/**
 * The sections as HTML: each `hidden="until-found"` (React writes `hidden` as a plain boolean, so the
 * wrappers are written here), which keeps the text in the page for search engines, find in page and
 * hash links, while the button reveals it section by section.
 */
export async function loadViewMore(s: ViewMoreSettings, ctx: WidgetLoadContext): Promise<WidgetData<ViewMoreProps>> {
  const domId = `view-more-${ctx.elementId}`;
  const sectionsHtml = s.sections
    .map(
      (section, i) =>
        `<div class="view-more__section" id="${domId}-${i + 1}" data-section="${i}" hidden="until-found">` +
        (section.title ? `<h3 class="view-more__title">${escapeHtml(section.title)}</h3>` : '') +
        `<div class="view-more__text rich-text">${sanitizeRichText(section.html)}</div></div>`,
    )
    .join('');
  return {
    props: { domId, sectionsHtml, effect: s.effect, showall: s.showall, buttonText: s.buttonText },
  };
}
