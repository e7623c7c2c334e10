/**
 * The share rule (spec 000 §9 "Share networks"): each network's documented share address for a page's
 * address and title. THE one rule: the share buttons widget, the news article's buttons and the gallery
 * lightbox's share menu (widgets/gallery-slider/share-menu.tsx) all build their links here. Share
 * addresses only: nothing from a network is loaded, no third-party script runs.
 */

/**
 * The networks with a working share address, in the order the widget's settings offer them. Of the
 * spec's list, skype, stumbleupon and digg are left out: their share addresses no longer exist
 * (StumbleUpon became Mix, which is here). `print` is the widget's own button, not a network.
 */
export const SHARE_NETWORKS = [
  'whatsapp',
  'facebook',
  'telegram',
  'twitter',
  'linkedin',
  'email',
  'pinterest',
  'reddit',
  'tumblr',
  'pocket',
  'xing',
  'vk',
  'odnoklassniki',
  'mix',
] as const;

export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/**
 * The set an Indonesian school shares to by default: WhatsApp first (the family group chat), then the
 * usual ones; the list above starts with them, in this order.
 */
export const DEFAULT_SHARE_NETWORKS: readonly ShareNetwork[] = SHARE_NETWORKS.slice(0, 6);

/** What each network's link says. */
export const SHARE_LABELS: Record<ShareNetwork, string> = {
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  telegram: 'Telegram',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  email: 'E-mail',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  tumblr: 'Tumblr',
  pocket: 'Pocket',
  xing: 'XING',
  vk: 'VK',
  odnoklassniki: 'Odnoklassniki',
  mix: 'Mix',
};

/** Where a share link leads. */
export interface ShareLink {
  network: ShareNetwork;
  /** What the link shows. */
  label: string;
  href: string;
  /** Opened in a new tab (every network but e-mail, which opens the visitor's mail program). */
  newTab: boolean;
}

/** The share address of `url` with `title` on one network. */
export function shareHref(network: ShareNetwork, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (network) {
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'email':
      return `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n${url}`)}`;
    case 'pinterest':
      return `https://pinterest.com/pin/create/button/?url=${u}&description=${t}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
    case 'tumblr':
      return `https://www.tumblr.com/widgets/share/tool?canonicalUrl=${u}&title=${t}`;
    case 'pocket':
      return `https://getpocket.com/save?url=${u}&title=${t}`;
    case 'xing':
      return `https://www.xing.com/spi/shares/new?url=${u}`;
    case 'vk':
      return `https://vk.com/share.php?url=${u}&title=${t}`;
    case 'odnoklassniki':
      return `https://connect.ok.ru/offer?url=${u}&title=${t}`;
    case 'mix':
      return `https://mix.com/add?url=${u}`;
  }
}

/** The share links of `url` on `networks` (each once, in the given order). */
export function shareLinks(
  url: string,
  title: string,
  networks: readonly ShareNetwork[] = DEFAULT_SHARE_NETWORKS,
): ShareLink[] {
  return [...new Set(networks)].map((network) => ({
    network,
    label: SHARE_LABELS[network],
    href: shareHref(network, url, title),
    newTab: network !== 'email',
  }));
}

/** How long "Tautan disalin" shows before it clears, so that a second copy is announced again (ms). */
export const COPIED_STATUS_MS = 4000;
