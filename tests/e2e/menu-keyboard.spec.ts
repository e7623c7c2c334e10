import { expect, test } from './fixtures';
import { SiteHeader } from './pages/site';

// issue 2 §7: submenus open on keyboard focus (:focus-within) as well as on hover.
test('tabbing to "Profil" in the main menu opens its submenu, whose links come next in the tab order', async ({
  page,
}) => {
  await page.goto('/');
  const header = new SiteHeader(page);
  const profil = header.menuLink('Profil');
  const submenu = ['Profil Sekolah', 'Visi & Misi', 'Guru & Staf'].map((name) => header.menuLink(name));
  for (const link of submenu) await expect(link).toBeHidden();

  // Tab from the top of the page until "Profil" has the focus (skip link, logo, … come first).
  for (let presses = 0; presses < 10; presses++) {
    if (await profil.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(profil).toBeFocused();
  for (const link of submenu) await expect(link).toBeVisible();

  for (const link of submenu) {
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
  }
});
