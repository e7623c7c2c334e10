import { expect, type Locator, type Page } from '@playwright/test';
import { waitForHydration } from './site';

/**
 * The staff's filter screens (issue 14 "Filters"): the list at /admin/filter/ and a filter's form,
 * located by role and label as an editor finds them.
 */
export class StaffFilters {
  readonly heading: Locator;
  readonly label: Locator;
  readonly type: Locator;
  readonly save: Locator;
  readonly saved: Locator;
  /** The list's table (every stored filter). */
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.label = page.getByLabel('Label', { exact: true });
    this.type = page.getByLabel('Jenis filter');
    this.save = page.getByRole('button', { name: 'Simpan filter' });
    this.saved = page.getByRole('status');
    this.table = page.getByRole('table');
  }

  /** Opens the list from the staff area's navigation. */
  async openList(): Promise<void> {
    await this.page.goto('/admin/');
    await this.page
      .getByRole('navigation', { name: 'Bagian ruang staf' })
      .getByRole('link', { name: 'Filter' })
      .click();
    await expect(this.heading).toHaveText('Filter');
  }

  /** Opens a filter's form from the list by its name; resolves once the form is hydrated. */
  async edit(name: string): Promise<void> {
    await this.table.getByRole('link', { name, exact: true }).click();
    await expect(this.heading).toHaveText('Ubah filter');
    await waitForHydration(this.page);
  }

  /** A field of the form by its label. */
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** Sets the label and saves; resolves once the saved notice shows. */
  async saveLabel(label: string): Promise<void> {
    await this.label.fill(label);
    // An earlier save's notice may still show (a page restored by Back): wait for this save's answer.
    const answered = this.page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/admin/filter/'),
    );
    await this.save.click();
    await answered;
    await expect(this.saved).toContainText('Filter disimpan.');
    await expect(this.label).toHaveValue(label);
  }
}
