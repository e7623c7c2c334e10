import type { Locator, Page } from '@playwright/test';

/** Pengaturan → Impor (issue 26, administrators): /admin/pengaturan/impor/, the upload and the earlier runs. */
export class StaffImportPage {
  readonly heading: Locator;
  readonly file: Locator;
  readonly submit: Locator;
  readonly runs: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.file = page.getByLabel('Berkas ekspor WordPress (.xml)');
    this.submit = page.getByRole('button', { name: 'Unggah dan mulai' });
    this.runs = page.getByRole('table', { name: 'Impor terbaru dahulu' }).getByRole('row');
  }

  /** From the staff area's home, as an administrator finds it: Pengaturan, then its link to Impor. */
  async open() {
    await this.page.goto('/admin/');
    await this.page
      .getByRole('navigation', { name: 'Bagian ruang staf' })
      .getByRole('link', { name: 'Pengaturan' })
      .click();
    await this.page.getByRole('link', { name: 'Buka Impor' }).click();
  }

  /** A radio choice by its label's start ("Uji coba", "Impor sungguhan", "Dari folder uploads" …). */
  choice(label: string | RegExp): Locator {
    return this.page.getByRole('radio', { name: label });
  }
}

/** One run's page (/admin/pengaturan/impor/{id}/): its progress bar and, once it ends, its report. */
export class StaffImportRunPage {
  readonly progress: Locator;
  readonly progressText: Locator;
  readonly report: Locator;

  constructor(readonly page: Page) {
    this.progress = page.getByRole('progressbar');
    this.progressText = page.locator('#impor-kemajuan-teks');
    this.report = page.getByRole('region', { name: 'Laporan' });
  }

  /** The count of a kind in the report ("item galeri" → "14"). */
  count(label: string): Locator {
    return this.report
      .locator('.staff-import__count')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator('dd');
  }
}
