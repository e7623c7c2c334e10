import type { Locator, Page } from '@playwright/test';
import { expect, staffTest as test } from './fixtures';
import { DesktopMenu } from './pages/desktop-menu';

// Issue 14 "Menus": an editor adds a custom link under Profil and sees it in the public header's
// submenu; reorders the footer menu with the keyboard alone; the screens fit a phone.

/** Opens a menu's tree from the staff area's navigation, as an editor would. */
async function openMenu(page: Page, name: string) {
  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Bagian ruang staf' }).getByRole('link', { name: 'Menu' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Menu situs');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

/** An item's row in the tree, found by its buttons' names. */
const rowOf = (page: Page, title: string): Locator =>
  page
    .locator('.staff-menu-tree__row')
    .filter({ has: page.getByRole('button', { name: `Naik: ${title}`, exact: true }) });

/** The titles of a list's items, in order (the first level only). */
const titlesIn = (list: Locator) => list.locator(':scope > li > .staff-menu-tree__row strong').allTextContents();

test('an editor adds a custom link under Profil and sees it in the public header’s submenu', async ({
  page,
  browser,
  staffSite,
}) => {
  await openMenu(page, 'Menu Utama');
  await page.getByRole('link', { name: 'Tambah item' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Item menu baru');

  await page.getByLabel('Judul').fill('Jadwal Ujian');
  await page.getByLabel('Letakkan di bawah').selectOption({ label: 'Profil' });
  await page.getByLabel('Jenis tautan').selectOption({ label: 'Tautan khusus' });
  // With JavaScript only the chosen type's field shows.
  await expect(page.getByLabel('Halaman', { exact: true })).toBeHidden();
  // A javascript: link and an unknown icon: refused, each message by its field, nothing typed lost.
  await page.getByLabel('Alamat tautan').fill('javascript:alert(1)');
  await page.getByLabel('Ikon').fill('kalender-ujian');
  await page.getByLabel('Teks lencana').fill('Baru');
  await page.getByRole('button', { name: 'Simpan item' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Tautan khusus berupa alamat di situs ini');
  await expect(alert).toBeFocused();
  await expect(page.getByLabel('Alamat tautan')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Alamat tautan')).toHaveAccessibleDescription(/Tautan khusus berupa alamat/);
  await expect(page.getByLabel('Judul')).toHaveValue('Jadwal Ujian');
  await expect(page.getByLabel('Teks lencana')).toHaveValue('Baru');

  await page.getByLabel('Alamat tautan').fill('/agenda/');
  await page.getByRole('button', { name: 'Simpan item' }).click();
  await expect(page.getByRole('alert')).toContainText('tidak ada dalam set ikon Lucide');
  await expect(page.getByLabel('Ikon')).toHaveAccessibleDescription(/tidak ada dalam set ikon Lucide/);
  await page.getByLabel('Ikon').fill('calendar-check');
  await page.getByLabel('Teks lencana').fill('');
  await page.getByRole('button', { name: 'Simpan item' }).click();

  // Back on the tree: saved, nested under Profil, its row focused.
  await expect(page.getByRole('status')).toHaveText('Item disimpan dan langsung tampil di menu situs.');
  await expect(rowOf(page, 'Jadwal Ujian')).toBeFocused();
  const profil = page.getByRole('list', { name: 'Subitem Profil' });
  expect(await titlesIn(profil)).toEqual([
    'Profil Sekolah',
    'Visi & Misi',
    'Guru & Staf',
    'Video Sekolah',
    'Jadwal Ujian',
  ]);

  // Profil shows a mega panel on wide screens; without its template the desktop shows the submenu.
  await page.getByRole('link', { name: 'Ubah: Profil', exact: true }).click();
  await expect(page.getByLabel('Templat mega menu')).not.toHaveValue('');
  await page.getByLabel('Templat mega menu').selectOption({ label: 'Tanpa templat' });
  await page.getByRole('button', { name: 'Simpan item' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  // A visitor (a fresh context, no staff cookie) sees the new link in Profil's submenu at once.
  const visitor = await browser.newContext({ baseURL: staffSite.url, viewport: { width: 1280, height: 800 } });
  try {
    const home = await visitor.newPage();
    const menu = await DesktopMenu.openHome(home);
    await menu.toggle('Profil').click();
    const submenu = await menu.panelOf('Profil');
    await expect(submenu).toBeVisible();
    const link = submenu.getByRole('link', { name: 'Jadwal Ujian' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/agenda/');
  } finally {
    await visitor.close();
  }
});

test('an editor reorders the footer menu with the keyboard alone', async ({ page }) => {
  await openMenu(page, 'Menu Footer');
  const list = page.getByRole('list', { name: 'Item Menu Footer' });
  const before = await titlesIn(list);
  const at = before.indexOf('Galeri');
  expect(at).toBeGreaterThan(1);

  // Tab to "Naik: Galeri" (keyboard only), then press Enter.
  const naik = page.getByRole('button', { name: 'Naik: Galeri', exact: true });
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await naik.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(naik).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('“Galeri” dinaikkan.');
  // The focus comes back to Galeri's row; its first button is the next stop.
  await expect(rowOf(page, 'Galeri')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(naik).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rowOf(page, 'Galeri')).toBeFocused();

  const expected = [...before];
  expected.splice(at, 1);
  expected.splice(at - 2, 0, 'Galeri');
  await expect.poll(() => titlesIn(list)).toEqual(expected);

  // The public footer shows the new order.
  await page.goto('/');
  const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Menu footer' });
  await expect(footer.getByRole('link')).toHaveText(expected);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the tree and the item form fit the screen: no sideways scrolling', async ({ page }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await openMenu(page, 'Menu Utama');
    await expect(page.getByRole('button', { name: 'Naik: Olimpiade Sains' })).toBeAttached();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Ubah: Olimpiade Sains' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ubah item menu');
    await expect(page.getByLabel('Kategori')).not.toHaveValue('');
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
