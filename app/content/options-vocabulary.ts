/**
 * The words of the stored site options (content/options.ts), without zod: the settings screen's
 * bundle and the public footer import these lists, the schemas import them from here too.
 */

/** The filter URL types (spec 001 §9): plain query parameters, or permalink segments. */
export const FILTER_URL_TYPES = ['plain', 'permalink'] as const;

/** Where the header field's results float (the settings screen offers the same). */
export const RESULTS_POSITIONS = ['left', 'center', 'right'] as const;

/** The social networks the footer links to (issue 14 "Site settings"), in the footer's order. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube', 'tiktok', 'x', 'whatsapp'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Each network's name as the footer and the settings screen write it. */
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  x: 'X (Twitter)',
  whatsapp: 'WhatsApp',
};

/** A social link as stored: an https address; the settings form refuses anything else (staff-form.ts). */
export function isHttpsUrl(text: string): boolean {
  if (text.length > 300 || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A phone number as a `tel:` address: digits only, a leading 0 as Indonesia's +62; null without digits. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  if (!/\d{3,}/.test(digits)) return null;
  if (digits.startsWith('+')) return `tel:${digits}`;
  return digits.startsWith('0') ? `tel:+62${digits.slice(1)}` : `tel:${digits}`;
}
