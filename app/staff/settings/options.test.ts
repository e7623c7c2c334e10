import { describe, expect, test } from 'vitest';
import { parseSiteOptions, SITE_OPTIONS } from '~/content/options';
import { isHttpsUrl } from '~/content/options-vocabulary';

/** The site options the settings screen adds (issue 14 "Site settings"): logo, social links, page cache. */

const stored = (entries: Record<string, unknown>) =>
  new Map(Object.entries(entries).map(([k, v]) => [k, JSON.stringify(v)]));

describe('the site options', () => {
  test('missing options read as their fallbacks: no logo, no links, the page cache on', () => {
    const options = parseSiteOptions(new Map());
    expect(options.logo).toBeNull();
    expect(options.pageCache).toBe(true);
    expect(options.site.social).toEqual({});
  });

  test('a stored logo, page cache switch and social links are read', () => {
    const options = parseSiteOptions(
      stored({
        [SITE_OPTIONS.logo.name]: 12,
        [SITE_OPTIONS.pageCache.name]: false,
        site: { title: 'SMP Uji', social: { instagram: 'https://www.instagram.com/smpuji', youtube: '' } },
      }),
    );
    expect(options.logo).toBe(12);
    expect(options.pageCache).toBe(false);
    expect(options.site.title).toBe('SMP Uji');
    expect(options.site.social).toEqual({ instagram: 'https://www.instagram.com/smpuji' });
  });

  test('one bad stored link is dropped, not the school’s name with it', () => {
    const options = parseSiteOptions(
      stored({
        site: {
          title: 'SMP Uji',
          social: { facebook: 'https://facebook.com/smpuji', instagram: 'javascript:alert(1)', x: 5 },
        },
      }),
    );
    expect(options.site.title).toBe('SMP Uji');
    expect(options.site.social).toEqual({ facebook: 'https://facebook.com/smpuji' });
    expect(parseSiteOptions(stored({ site: { title: 'SMP Uji', social: 'rusak' } })).site.social).toEqual({});
  });

  test('a malformed logo or switch reads as its fallback', () => {
    const options = parseSiteOptions(
      stored({ [SITE_OPTIONS.logo.name]: 'logo.png', [SITE_OPTIONS.pageCache.name]: 1 }),
    );
    expect(options.logo).toBeNull();
    expect(options.pageCache).toBe(true);
  });

  test('only https addresses with a host are links', () => {
    expect(isHttpsUrl('https://wa.me/6281234567890')).toBe(true);
    expect(isHttpsUrl('https://www.tiktok.com/@smpuji')).toBe(true);
    for (const bad of [
      'http://facebook.com/smpuji',
      'javascript:alert(1)',
      'https://localhost/x',
      'https://user:pw@facebook.com/',
      'https://facebook.com/a b',
      'facebook.com/smpuji',
      `https://x.com/${'a'.repeat(300)}`,
      '',
    ]) {
      expect(isHttpsUrl(bad), bad).toBe(false);
    }
  });
});
