import { describe, expect, test } from 'vitest';
import { mediaViewOf } from '~/content/media.fixtures';
import { footerIdentityHtml } from './footer.server';

describe('the footer’s school line', () => {
  const icon = (name: string) => `<svg data-icon="${name}"></svg>`;
  const site = {
    title: 'SMP <Uji> & "Kawan"',
    address: 'Jl. Melati 1',
    phone: '(022) 555-0142',
    email: 'info@uji.sch.id',
    social: { instagram: 'https://www.instagram.com/uji?a=1&b="2"', x: 'https://x.com/uji' },
  };

  test('name, contact and the links set, escaped; networks without a link left out', () => {
    const html = footerIdentityHtml(site, null, icon);
    expect(html).toContain('SMP &#60;Uji&#62; &#38; &#34;Kawan&#34;');
    expect(html).toContain('href="tel:+62225550142"');
    expect(html).toContain('href="mailto:info@uji.sch.id"');
    expect(html).toContain('href="https://www.instagram.com/uji?a=1&#38;b=&#34;2&#34;"');
    expect(html).toContain('<svg data-icon="camera"></svg><span>Instagram</span>');
    expect(html).toContain('<span>X (Twitter)</span>');
    expect(html).not.toContain('Facebook');
    expect(html).not.toContain('<img');
  });

  test('without links or contact: only the name', () => {
    const html = footerIdentityHtml({ title: 'SMP Uji', address: '', phone: '', email: '', social: {} }, null, icon);
    expect(html).toBe(
      '<div class="site-footer__identity"><div class="site-footer__school"><p class="site-footer__name">SMP Uji</p></div></div>',
    );
  });

  test('the logo at a copy sharp enough for the footer, sized to keep its shape', () => {
    const logo = mediaViewOf({
      id: 3,
      alt: 'Logo',
      width: 1200,
      height: 600,
      file: '2026/11/logo',
      copies: [480, 800],
    });
    const html = footerIdentityHtml(site, logo, icon);
    expect(html).toMatch(/<img class="site-footer__logo" src="[^"]*2026\/11\/logo[^"]*480[^"]*" alt="Logo SMP/);
    expect(html).toContain('width="128" height="64"');
  });
});
