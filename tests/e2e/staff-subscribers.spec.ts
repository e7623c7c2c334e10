import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, staffTest as test } from './fixtures';
import { NewsletterData } from './pages/subscribe';

// Issue 14 "Subscribers": an editor finds a subscriber, exports the list as CSV and opens the file, and
// unsubscribes the subscriber from the list. The subscriber signs up first on the public form.

/** An address no other test uses. */
const newAddress = (label: string) =>
  `${label}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;

/** Subscribes on the public form (/berlangganan/), as a parent would. */
async function subscribe(page: Page, email: string) {
  await page.goto('/berlangganan/');
  await page.getByRole('main').getByRole('textbox', { name: 'Alamat e-mail' }).fill(email);
  await page.getByRole('main').getByRole('button', { name: 'Berlangganan' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(email);
}

test('an editor exports the subscribers as CSV, opens it, and unsubscribes one', async ({ page, staffSite }) => {
  const data = new NewsletterData(staffSite.databaseFile);
  const email = newAddress('ortu');
  await subscribe(page, email);
  expect(data.status(email)).toBe('pending');

  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Bagian ruang staf' }).getByRole('link', { name: 'Pelanggan' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pelanggan berita');
  await page.getByRole('searchbox', { name: 'Cari e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Cari' }).click();
  await expect(page).toHaveURL(/\?q=/);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText('Menunggu konfirmasi');

  // The export: a dated CSV file, UTF-8 with a BOM, a header and the subscriber found.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Ekspor CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pelanggan-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('"E-mail","Status","Daftar","Terdaftar","Dikonfirmasi","Berhenti"');
  expect(lines.filter(Boolean)).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^"${email.replace(/\./g, '\\.')}","Menunggu konfirmasi",`));

  // Unsubscribed from the list: the message says so, the row too, and the focus is on the message.
  await row.getByRole('button', { name: `Berhenti berlangganan: ${email}` }).click();
  const notice = page.getByRole('status');
  await expect(notice).toHaveText(`${email} telah berhenti berlangganan.`);
  await expect(notice).toBeFocused();
  await expect(row.getByRole('cell').first()).toHaveText('Berhenti');
  await expect(row.getByRole('button')).toHaveCount(0);
  expect(data.status(email)).toBe('unsubscribed');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the list fits the screen: no sideways scrolling of the page', async ({ page }) => {
    const email = newAddress('wali-yang-alamatnya-cukup-panjang');
    await subscribe(page, email);
    await page.goto('/admin/pelanggan/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pelanggan berita');
    await expect(page.getByRole('rowheader', { name: email })).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
