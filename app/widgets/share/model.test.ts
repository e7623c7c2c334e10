import { describe, expect, test } from 'vitest';
import { DEFAULT_SHARE_NETWORKS, SHARE_NETWORKS, shareHref, shareLinks } from './model';

describe('shareLinks (the one share rule: widget, news article, gallery lightbox)', () => {
  const url = 'https://smp.sch.id/galeri/final-futsal/#foto-3';
  const title = 'Final Futsal & Piala';
  const links = shareLinks(url, title);
  const href = (network: string) => links.find((l) => l.network === network)?.href ?? '';

  test('the default set, WhatsApp first, each once', () => {
    expect(links.map((l) => l.network)).toEqual(['whatsapp', 'facebook', 'telegram', 'twitter', 'linkedin', 'email']);
    expect(shareLinks(url, title, ['email', 'whatsapp', 'email']).map((l) => l.network)).toEqual(['email', 'whatsapp']);
  });

  test('every network carries the address encoded, never raw', () => {
    for (const network of SHARE_NETWORKS) {
      const h = shareHref(network, url, title);
      expect(h).toContain(encodeURIComponent(url));
      expect(h).not.toContain('#foto-3');
      expect(h).not.toContain(' ');
    }
  });

  test.each([
    ['whatsapp', `https://wa.me/?text=Final%20Futsal%20%26%20Piala%20${encodeURIComponent(url)}`],
    ['facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`],
    ['telegram', `https://t.me/share/url?url=${encodeURIComponent(url)}&text=Final%20Futsal%20%26%20Piala`],
    ['twitter', `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=Final%20Futsal%20%26%20Piala`],
    ['linkedin', `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`],
    [
      'email',
      `mailto:?subject=Final%20Futsal%20%26%20Piala&body=Final%20Futsal%20%26%20Piala%0A${encodeURIComponent(url)}`,
    ],
  ])('%s → %s', (network, expected) => expect(href(network)).toBe(expected));

  test('every link opens in a new tab but e-mail, which opens the mail program', () => {
    const all = shareLinks(url, title, SHARE_NETWORKS);
    expect(all.filter((l) => !l.newTab).map((l) => l.network)).toEqual(['email']);
    expect(all.every((l) => l.label.length > 0)).toBe(true);
  });

  test('the default set is part of the networks', () => {
    for (const n of DEFAULT_SHARE_NETWORKS) expect(SHARE_NETWORKS).toContain(n);
  });
});
