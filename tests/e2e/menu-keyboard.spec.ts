import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DesktopMenu } from './pages/desktop-menu';
import { SiteHeader } from './pages/site';

/** Presses Tab until `target` has the focus (at most `limit` presses); the focus order decides. */
async function tabTo(page: Page, target: Locator, limit = 20): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('with JavaScript', () => {
  // Issue 12 "Desktop": the WAI-ARIA disclosure navigation pattern (original-wire.md §9 item 5: the
  // original's mega menu could not be used with the keyboard).
  test('the whole menu with the keyboard: Tab to a toggle, Enter opens, arrows move, Escape closes and gives the focus back, Tab out closes', async ({
    page,
  }) => {
    // Narrower than 1280 px, where every item fits: some items wait in '⋯'.
    await page.setViewportSize({ width: 1100, height: 800 });
    const menu = await DesktopMenu.openHome(page);
    const expanded = menu.nav.locator('[aria-expanded="true"]');

    // The mega panel: a link, then its toggle. Focusing the link opens nothing.
    await tabTo(page, menu.link('Profil'));
    await expect(expanded).toHaveCount(0);
    await page.keyboard.press('Tab');
    const profil = menu.toggle('Profil');
    await expect(profil).toBeFocused();
    await expect(profil).toHaveAttribute('aria-expanded', 'false');
    const mega = await menu.panelOf('Profil');
    await expect(mega).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(profil).toHaveAttribute('aria-expanded', 'true');
    await expect(mega).toContainText('SMP Tunas Bangsa mendampingi remaja');
    await page.keyboard.press('ArrowDown');
    await expect(mega.getByRole('link', { name: 'Profil Sekolah' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(mega.getByRole('link', { name: 'Visi & Misi' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(mega).toBeHidden();
    await expect(profil).toBeFocused();
    await expect(profil).toHaveAttribute('aria-expanded', 'false');

    // A submenu: Enter opens it, the focus stays on the toggle; arrows, Home and End move inside it.
    await page.keyboard.press('Tab');
    await expect(menu.link('Berita')).toBeFocused();
    await page.keyboard.press('Tab');
    const berita = menu.toggle('Berita');
    await expect(berita).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(berita).toHaveAttribute('aria-expanded', 'true');
    await expect(berita).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.link('Prestasi')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.link('Prestasi')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.toggle('Prestasi')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.link('Kegiatan Sekolah')).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.link('Artikel Guru')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(menu.link('Prestasi')).toBeFocused();

    // A nested submenu: Space on its toggle opens it; Escape closes that level only.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect(menu.toggle('Prestasi')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(menu.link('Olimpiade Sains')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu.toggle('Prestasi')).toBeFocused();
    await expect(menu.link('Olimpiade Sains')).toBeHidden();
    await expect(berita).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(berita).toBeFocused();
    await expect(menu.link('Prestasi')).toBeHidden();

    // Tab runs through an open submenu; leaving it for the next item closes it.
    await page.keyboard.press('Space');
    await expect(berita).toHaveAttribute('aria-expanded', 'true');
    const inSubmenu = ['Prestasi', 'Kegiatan Sekolah', 'Pengumuman', 'Akademik', 'Ekstrakurikuler', 'Artikel Guru'];
    // Berita's own "Ekstrakurikuler" (a category), not the top item of that name.
    const beritaSubmenu = await menu.panelOf('Berita');
    for (const name of inSubmenu) {
      await page.keyboard.press('Tab');
      await expect(beritaSubmenu.getByRole('link', { name, exact: true })).toBeFocused();
      // Prestasi's toggle comes after its link.
      if (name === 'Prestasi') {
        await page.keyboard.press('Tab');
        await expect(menu.toggle('Prestasi')).toBeFocused();
      }
    }
    await page.keyboard.press('Tab');
    await expect(berita).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.nav.locator(':focus')).toHaveCount(1);

    // Tab out of the menu with a submenu open: it closes.
    await tabTo(page, menu.overflowToggle);
    await page.keyboard.press('Enter');
    await expect(menu.overflowToggle).toHaveAttribute('aria-expanded', 'true');
    const moved = await menu.overflowNames();
    expect(moved.length).toBeGreaterThan(0);
    await page.keyboard.press('ArrowDown');
    await expect(menu.overflowLink(moved[0] as string)).toBeFocused();
    for (let presses = 0; presses < 20; presses++) {
      if (!(await menu.nav.evaluate((nav) => nav.contains(document.activeElement)))) break;
      await page.keyboard.press('Tab');
    }
    expect(await menu.nav.evaluate((nav) => nav.contains(document.activeElement))).toBe(false);
    await expect(expanded).toHaveCount(0);

    // Enter on a submenu's link follows it; the new page's menu is closed.
    await menu.toggle('Berita').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(menu.link('Prestasi')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/category\/prestasi\/$/);
    await expect(expanded).toHaveCount(0);
  });

  test('Escape closes a submenu the pointer opened, wherever the focus is', async ({ page }) => {
    const menu = await DesktopMenu.openHome(page);
    await menu.link('Berita').hover();
    await expect(menu.toggle('Berita')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu.toggle('Berita')).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.link('Prestasi')).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // Issue 2 §7: submenus open on keyboard focus (:focus-within) as well as on hover.
  test('tabbing to "Profil" opens its submenu, whose links come next in the tab order', async ({ page }) => {
    await page.goto('/');
    const header = new SiteHeader(page);
    const profil = header.menuLink('Profil');
    const submenu = ['Profil Sekolah', 'Visi & Misi', 'Guru & Staf'].map((name) => header.menuLink(name));
    for (const link of submenu) await expect(link).toBeHidden();

    await tabTo(page, profil, 10);
    for (const link of submenu) await expect(link).toBeVisible();
    for (const link of submenu) {
      await page.keyboard.press('Tab');
      await expect(link).toBeFocused();
    }
  });
});
