import { type MediaView, mediaUrl } from '~/content/media';
import type { SiteInfo } from '~/content/options';
import { SOCIAL_LABELS, SOCIAL_NETWORKS, type SocialNetwork, telHref } from '~/content/options-vocabulary';
import { escapeHtml } from '~/lib/html.server';

/**
 * The footer's school line (issue 14 "Site settings"): the logo, the school's name and contact, and its
 * social links, from the site options. Rendered here as HTML and placed by the layout after the footer
 * template, so the public pages carry no new JavaScript for it.
 */

/**
 * The Lucide icon shown beside each network's name. Lucide carries no brand logos, so each network
 * gets a plain sign of what it is for; the name is always written next to it.
 */
export const SOCIAL_ICONS: Record<SocialNetwork, string> = {
  facebook: 'thumbs-up',
  instagram: 'camera',
  youtube: 'circle-play',
  tiktok: 'music-2',
  x: 'at-sign',
  whatsapp: 'message-circle',
};

/** The logo's height in the footer, in CSS pixels; the width follows the picture. */
const LOGO_HEIGHT = 64;

/**
 * The line's HTML: `site` as stored, `logo` the logo's media (null: none), `icon` the inline SVG of an
 * icon by name (features/menu/icons.server.ts, passed in: a feature does not import another).
 */
export function footerIdentityHtml(
  site: Pick<SiteInfo, 'title' | 'address' | 'phone' | 'email' | 'social'>,
  logo: MediaView | null,
  icon: (name: string) => string | null,
): string {
  const parts: string[] = [];
  const image = logo && logoImage(logo, site.title);
  if (image) parts.push(image);
  const contact: string[] = [];
  if (site.address) contact.push(`<span>${escapeHtml(site.address)}</span>`);
  const tel = telHref(site.phone);
  if (site.phone) {
    contact.push(
      tel ? `<a href="${escapeHtml(tel)}">${escapeHtml(site.phone)}</a>` : `<span>${escapeHtml(site.phone)}</span>`,
    );
  }
  if (site.email) contact.push(`<a href="mailto:${escapeHtml(site.email)}">${escapeHtml(site.email)}</a>`);
  parts.push(
    `<div class="site-footer__school"><p class="site-footer__name">${escapeHtml(site.title)}</p>${
      contact.length > 0 ? `<address class="site-footer__contact">${contact.join('')}</address>` : ''
    }</div>`,
  );
  const links = SOCIAL_NETWORKS.flatMap((network) => {
    const href = site.social[network];
    if (!href) return [];
    const svg = icon(SOCIAL_ICONS[network]) ?? '';
    return [
      `<li><a href="${escapeHtml(href)}" rel="me noopener" data-social="${network}">${svg}<span>${SOCIAL_LABELS[network]}</span></a></li>`,
    ];
  });
  if (links.length > 0) {
    parts.push(
      `<nav class="site-footer__social" aria-label="Media sosial ${escapeHtml(site.title)}"><ul>${links.join('')}</ul></nav>`,
    );
  }
  return `<div class="site-footer__identity">${parts.join('')}</div>`;
}

/** The logo at the smallest stored width that is sharp at the footer's height on a 2x screen. */
function logoImage(logo: MediaView, title: string): string | null {
  const format = logo.formats[0];
  const sizes = logo.sizes.length > 0 ? logo.sizes : [{ width: logo.width, height: logo.height }];
  const size = sizes.find((s) => s.height >= LOGO_HEIGHT * 2) ?? sizes[sizes.length - 1];
  if (!format || !size || size.height <= 0) return null;
  const width = Math.max(1, Math.round((size.width * LOGO_HEIGHT) / size.height));
  return `<img class="site-footer__logo" src="${escapeHtml(mediaUrl(logo.file, size.width, format))}" alt="${escapeHtml(
    `Logo ${title}`,
  )}" width="${width}" height="${LOGO_HEIGHT}" loading="lazy" decoding="async">`;
}
