import { expect, type Locator, type Page } from '@playwright/test';

/** The page editor of the staff area (issue 14 "Pages"): the list, one page's tree, its forms and preview. */
export class StaffPagesEditor {
  constructor(readonly page: Page) {}

  /** Opens a page's editor from the staff area's navigation and the list's search. */
  async open(title: string) {
    await this.page.goto('/admin/');
    await this.page
      .getByRole('navigation', { name: 'Bagian ruang staf' })
      .getByRole('link', { name: 'Halaman' })
      .click();
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Halaman dan templat');
    await this.page.getByRole('searchbox', { name: 'Judul' }).fill(title);
    await this.page.getByRole('button', { name: 'Cari' }).click();
    await this.page.getByRole('link', { name: title, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(title);
  }

  /** The row of an element, found by the name its buttons carry (e.g. `Judul “Petunjuk Arah”`). */
  row(name: string): Locator {
    return this.page
      .locator('.staff-menu-tree__row')
      .filter({ has: this.page.getByRole('button', { name: `Naik: ${name}`, exact: true }) });
  }

  /** The labels and summaries of a column's widgets, in order. */
  widgetsOf(column: string): Locator {
    return this.page.getByRole('list', { name: `Isi ${column}`, exact: true }).locator(':scope > li strong + span');
  }

  /** Chooses a widget type for a column and opens the new widget's form. */
  async addWidget(column: string, type: string) {
    await this.page.getByLabel(`Jenis widget baru di ${column}`, { exact: true }).selectOption({ label: type });
    await this.page.getByRole('button', { name: `Tambah widget di ${column}`, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText(`Widget baru: ${type}`);
  }

  notice(): Locator {
    return this.page.getByRole('status');
  }
}
