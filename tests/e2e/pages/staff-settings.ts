import type { Locator, Page } from '@playwright/test';

/** The site settings screen (issue 14 "Site settings", administrators): /admin/pengaturan/. */
export class StaffSettingsPage {
  readonly heading: Locator;
  readonly save: Locator;
  readonly purge: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.save = page.getByRole('button', { name: 'Simpan pengaturan' });
    this.purge = page.getByRole('button', { name: 'Kosongkan cache sekarang' });
  }

  async open() {
    await this.page.goto('/admin/');
    await this.page
      .getByRole('navigation', { name: 'Bagian ruang staf' })
      .getByRole('link', { name: 'Pengaturan' })
      .click();
  }

  /** A field by its label, e.g. "Nama sekolah" or "TikTok". */
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }
}

/** The school's line in the public footer: logo, name, contact and social links. */
export class FooterIdentity {
  readonly root: Locator;
  readonly social: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('contentinfo').locator('.site-footer__identity');
    this.social = this.root.getByRole('navigation', { name: /^Media sosial/ });
  }
}
