import { expect, staffTest as test } from './fixtures';
import { FooterIdentity, StaffSettingsPage } from './pages/staff-settings';

// Issue 14 "Site settings": an administrator changes the school's name and a social link and sees both on
// the public home page at once; a link that is not https is refused with the form kept; the page cache is
// emptied from the keyboard. The screen and the footer fit a phone.

test.use({ staffLogin: 'admin' });

test('an administrator changes the school name and a social link and sees them on the home page', async ({ page }) => {
  const settings = new StaffSettingsPage(page);
  await settings.open();
  await expect(settings.heading).toHaveText('Pengaturan situs');
  const original = await settings.field('Nama sekolah').inputValue();
  const name = `SMP Tunas Bangsa Nusantara ${Date.now().toString(36)}`;

  // A link that is not https: refused on the server, the message tied to its field, nothing typed lost.
  await settings.field('Nama sekolah').fill(name);
  await settings.field('TikTok').fill('http://www.tiktok.com/@smptunasbangsa');
  await settings.save.click();
  await expect(page.getByRole('alert')).toContainText('diawali https://');
  await expect(settings.field('TikTok')).toHaveAttribute('aria-invalid', 'true');
  await expect(settings.field('TikTok')).toHaveAccessibleDescription(/diawali https:\/\//);
  await expect(settings.field('Nama sekolah')).toHaveValue(name);

  await settings.field('TikTok').fill('https://www.tiktok.com/@smptunasbangsa');
  await settings.save.click();
  await expect(page.getByRole('status')).toContainText('Pengaturan disimpan');
  await expect(settings.field('TikTok')).toHaveValue('https://www.tiktok.com/@smptunasbangsa');

  try {
    await page.getByRole('link', { name: 'Lihat beranda' }).click();
    await expect(page.getByRole('banner')).toContainText(name);
    const footer = new FooterIdentity(page);
    await expect(footer.root).toContainText(name);
    await expect(footer.social.getByRole('link', { name: 'TikTok' })).toHaveAttribute(
      'href',
      'https://www.tiktok.com/@smptunasbangsa',
    );
    // The seed's links are still there.
    await expect(footer.social.getByRole('link', { name: 'Instagram' })).toBeVisible();
  } finally {
    // The staff specs share one database: the school's name goes back to what it was.
    await settings.open();
    await settings.field('Nama sekolah').fill(original);
    await settings.save.click();
    await expect(page.getByRole('status')).toContainText('Pengaturan disimpan');
  }
});

test('the page cache is emptied from the keyboard', async ({ page }) => {
  const settings = new StaffSettingsPage(page);
  await settings.open();
  await settings.purge.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Cache halaman dikosongkan di semua proses server');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the settings screen and the public footer fit the screen', async ({ page }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const settings = new StaffSettingsPage(page);
    await page.goto('/admin/pengaturan/');
    await expect(settings.field('Nama sekolah')).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await settings.save.scrollIntoViewIfNeeded();
    await expect(settings.save).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto('/');
    const footer = new FooterIdentity(page);
    await footer.social.scrollIntoViewIfNeeded();
    await expect(footer.social.getByRole('link', { name: 'Instagram' })).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
