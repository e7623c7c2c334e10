import SQLite from 'better-sqlite3';
import { expect, staffTest as test } from './fixtures';
import { DesktopMenu } from './pages/desktop-menu';
import { MobileMenu } from './pages/mobile-menu';
import { waitForHydration } from './pages/site';

// Issue 21: an editor sets the main menu's submenus to open on click and the phone's menu to push the
// page aside at /admin/menu/{id}/pengaturan/; a visitor's header follows at once.

test('an editor sets submenus on click and the push layout; the public header follows', async ({
  page,
  browser,
  staffSite,
}) => {
  test.setTimeout(120_000);
  const db = new SQLite(staffSite.databaseFile, { timeout: 10_000 });
  const seeded = db.prepare(`select id, settings from menu where location = 'main'`).get() as {
    id: number;
    settings: string;
  };
  db.close();
  try {
    await page.goto('/admin/menu/');
    await page.getByRole('link', { name: 'Menu Utama' }).click();
    await page.getByRole('link', { name: 'Pengaturan menu' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pengaturan Menu Utama');
    await page.getByLabel('Submenu terbuka saat').selectOption({ label: 'Item diklik' });
    await page.getByLabel('Tata letak menu ponsel').selectOption({ label: 'Panel samping yang menggeser halaman' });
    // A bad colour: refused with its message by its field, nothing typed lost.
    await page.getByLabel('Warna tanda memuat').fill('merah');
    await page.getByRole('button', { name: 'Simpan pengaturan menu' }).click();
    await expect(page.getByRole('alert')).toContainText('Tulis warna sebagai #rgb atau #rrggbb');
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByLabel('Warna tanda memuat')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Submenu terbuka saat')).toHaveValue('click');
    await page.getByLabel('Warna tanda memuat').fill('#1a5fb4');
    await page.getByRole('button', { name: 'Simpan pengaturan menu' }).click();
    await expect(page.getByRole('status')).toContainText('Pengaturan menu disimpan');
    await expect(page.getByLabel('Tata letak menu ponsel')).toHaveValue('push');

    // The screen fits a phone.
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(390);

    // A visitor (no staff cookie) on a wide window: submenus open on click.
    const wide = await browser.newContext({ baseURL: staffSite.url, viewport: { width: 1280, height: 800 } });
    try {
      const home = await wide.newPage();
      const menu = await DesktopMenu.openHome(home);
      await expect(menu.enhanced).toHaveAttribute('data-sub-event', 'click');
      await menu.link('Berita').click();
      await expect(menu.toggle('Berita')).toHaveAttribute('aria-expanded', 'true');
      await expect(home).toHaveURL(/\/$/);
    } finally {
      await wide.close();
    }
    // And on a phone: the menu pushes the page aside.
    const phone = await browser.newContext({ baseURL: staffSite.url, viewport: { width: 390, height: 800 } });
    try {
      const home = await phone.newPage();
      await home.goto('/');
      await waitForHydration(home);
      const mobile = new MobileMenu(home);
      await mobile.open();
      await expect(home.locator('body')).toHaveAttribute('data-menu-open', 'push');
    } finally {
      await phone.close();
    }

    // Back to the seeded settings through the form, so every cached page ends with the change.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Submenu terbuka saat').selectOption('hover');
    await page.getByLabel('Tata letak menu ponsel').selectOption('slide-out');
    await page.getByLabel('Warna tanda memuat').fill('#3a3a3a');
    await page.getByRole('button', { name: 'Simpan pengaturan menu' }).click();
    await expect(page.getByRole('status')).toContainText('Pengaturan menu disimpan');
  } finally {
    // The worker's other staff specs expect the seeded menu.
    const restore = new SQLite(staffSite.databaseFile, { timeout: 10_000 });
    restore.prepare('update menu set settings = ? where id = ?').run(seeded.settings, seeded.id);
    restore.close();
  }
});
