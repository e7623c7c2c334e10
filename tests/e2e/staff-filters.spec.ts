import { expect, staffTest as test } from './fixtures';
import { Filters, waitForFilterWidgets } from './pages/filters';
import { StaffFilters } from './pages/staff-filters';

// Issue 14 "Filters": an editor renames a filter that /berita/ shows and sees the new label on the
// public page at once; the form shows only the fields of the chosen type. The label is put back at the
// end, so other specs on this worker's staff site see the seeded page.

const FILTER = 'Berita: abjad';
const LABEL = 'Abjad judul';

test('an editor changes the label of a /berita/ filter and sees it on the public page', async ({ page }) => {
  const staff = new StaffFilters(page);
  await staff.openList();
  const row = staff.table.getByRole('row').filter({ hasText: FILTER });
  await expect(row).toContainText('alphabet');
  await expect(row.getByRole('link', { name: 'Berita', exact: true })).toHaveAttribute('href', '/berita/');
  await staff.edit(FILTER);
  await expect(staff.label).toHaveValue(LABEL);

  // Only the alphabet's own settings show; another type shows its own instead (nothing saved).
  await expect(staff.field('Huruf')).toBeVisible();
  await expect(staff.field('Nilai terkecil')).toBeHidden();
  await staff.type.selectOption({ label: 'Rentang angka' });
  await expect(staff.field('Nilai terkecil')).toBeVisible();
  await expect(staff.field('Huruf')).toBeHidden();
  await staff.type.selectOption({ label: 'Abjad' });
  await expect(staff.field('Huruf')).toBeVisible();

  const renamed = `Judul berawal huruf ${Date.now().toString(36)}`;
  await staff.saveLabel(renamed);

  await page.goto('/berita/');
  await waitForFilterWidgets(page);
  const filters = new Filters(page);
  await expect(filters.group(renamed)).toBeVisible();
  await expect(filters.group(LABEL)).toHaveCount(0);

  // Put back for the other specs on this site.
  await page.goBack();
  await staff.saveLabel(LABEL);
  await page.goto('/berita/');
  await expect(filters.group(LABEL)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the list and the form fit the screen: the table scrolls in its box, the page does not', async ({ page }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const staff = new StaffFilters(page);
    await page.goto('/admin/filter/');
    await expect(staff.heading).toHaveText('Filter');
    await expect(page.getByRole('link', { name: 'Tambah filter' })).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await staff.edit(FILTER);
    await expect(staff.label).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto('/admin/filter/baru/');
    await expect(staff.heading).toHaveText('Filter baru');
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
