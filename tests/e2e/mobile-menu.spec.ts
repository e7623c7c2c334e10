import { expect, test } from './fixtures';
import { MobileMenu } from './pages/mobile-menu';
import { waitForHydration } from './pages/site';

// Issue 12 "Mobile (below 1025 px)", spec 000 §4 "Mobile menu": a phone-sized window.
test.use({ viewport: { width: 390, height: 844 } });

test.describe('with JavaScript', () => {
  test('the slide-out menu goes two levels deep, breadcrumbs and Escape go back up, a link navigates and closes it', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const menu = new MobileMenu(page);
    await expect(menu.toggle).toHaveAttribute('aria-expanded', 'false');
    // The loader shows until call 4 has answered.
    await expect(menu.loader).toHaveCount(0);

    await menu.open();
    await expect(menu.toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('body')).toHaveAttribute('data-menu-open', 'slide-out');
    const panelId = await menu.toggle.getAttribute('aria-controls');
    await expect(menu.panel).toHaveAttribute('id', panelId ?? '');
    // Slides in from the right (the seeded setting) and takes the page's scrolling away.
    await expect
      .poll(async () => {
        const box = await menu.panel.boundingBox();
        return Math.round((box?.x ?? 0) + (box?.width ?? 0));
      })
      .toBe(390);
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
    // The current page is marked; badges and descriptions show as the settings say.
    await expect(menu.link('Beranda')).toHaveAttribute('aria-current', 'page');
    await expect(menu.link('PPDB')).toContainText('Baru');
    await expect(menu.link('PPDB')).toContainText('Penerimaan peserta didik baru');

    await menu.level('Berita').click();
    await expect(menu.back).toBeVisible();
    await menu.level('Prestasi').click();
    await expect(menu.link('Olimpiade Sains')).toBeVisible();
    expect(await menu.crumbLabels()).toEqual(['Menu', 'Berita', 'Prestasi']);

    // A breadcrumb click truncates the trail.
    await menu.crumb('Berita').click();
    await expect(menu.link('Olimpiade Sains')).toBeHidden();
    await expect(menu.level('Prestasi')).toBeVisible();
    expect(await menu.crumbLabels()).toEqual(['Menu', 'Berita']);

    // Escape goes back one level, and closes only at the top.
    await menu.level('Prestasi').click();
    await expect(menu.link('Olimpiade Sains')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu.level('Prestasi')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu.level('Berita')).toBeVisible();
    await expect(menu.back).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(menu.panel).toBeHidden();
    await expect(menu.toggle).toBeFocused();
    await expect(page.locator('body')).not.toHaveAttribute('data-menu-open');

    // The back button; then a link navigates and the menu closes (closeAfterNavigate).
    await menu.open();
    await menu.level('Berita').click();
    await menu.back.click();
    await expect(menu.level('Berita')).toBeVisible();
    await menu.level('Berita').click();
    await menu.level('Prestasi').click();
    await menu.link('Olimpiade Sains').click();
    await expect(page).toHaveURL(/\/category\/olimpiade\/$/);
    await expect(menu.panel).toBeHidden();
    await expect(menu.toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('body')).not.toHaveAttribute('data-menu-open');
  });

  test('"Profil" shows its mega template, loaded once over call 3', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/get-elementor-template-content')) calls.push(r.url());
    });
    await page.goto('/');
    await waitForHydration(page);
    const menu = new MobileMenu(page);
    await menu.open();
    await menu.level('Profil').click();
    const mega = menu.panel.locator('.mobile-menu__mega');
    await expect(mega).toContainText('SMP Tunas Bangsa mendampingi remaja');
    await expect(mega.getByRole('link', { name: 'Guru & Staf' })).toBeVisible();
    await page.keyboard.press('Escape');
    await menu.level('Profil').click();
    await expect(mega).toContainText('SMP Tunas Bangsa mendampingi remaja');
    expect(calls).toHaveLength(1);
  });

  test('the menu closes when the window is resized', async ({ page }) => {
    await page.goto('/galeri/');
    await waitForHydration(page);
    const menu = new MobileMenu(page);
    await menu.open();
    await expect(menu.link('Galeri')).toHaveAttribute('aria-current', 'page');
    await page.setViewportSize({ width: 800, height: 844 });
    await expect(menu.panel).toBeHidden();
    await expect(menu.toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('keyboard: the toggle opens the panel, Tab stays inside it, Escape gives the focus back to the toggle', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const menu = new MobileMenu(page);
    await menu.toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu.panel).toBeVisible();
    const inPanel = () => menu.panel.evaluate((panel) => panel.contains(document.activeElement));
    expect(await inPanel()).toBe(true);
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      expect(await inPanel()).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inPanel()).toBe(true);
    }
    // Enter on an item with children opens its level and keeps the focus in the panel.
    await menu.level('Berita').focus();
    await page.keyboard.press('Enter');
    await expect(menu.back).toBeVisible();
    expect(await inPanel()).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(menu.panel).toBeHidden();
    await expect(menu.toggle).toBeFocused();
  });

  test('a tap on the toggle while the page script is still loading is kept: the menu is open once it runs', async ({
    page,
  }) => {
    // Hold every script until the tap is made, as on a slow phone.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js(\?|$)/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const menu = new MobileMenu(page);
    await menu.fallbackToggle.click();
    // The <details> opens natively: the whole menu is there before any script runs.
    await expect(menu.fallbackMenu.getByRole('link', { name: 'Guru & Staf' })).toBeVisible();
    release();
    await waitForHydration(page);
    await expect(menu.panel).toBeVisible();
    await expect(menu.toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.fallbackToggle).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(menu.panel).toBeHidden();
    await expect(menu.toggle).toBeFocused();
  });

  test('a tap before the menu code has come (CPU throttled 4x) opens the menu when it arrives', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Hold the mobile menu's own chunk until after the tap.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/mobile-menu-[^/]*\.js/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    await waitForHydration(page);
    const menu = new MobileMenu(page);
    await menu.fallbackToggle.click();
    release();
    await expect(menu.panel).toBeVisible();
    await expect(menu.toggle).toHaveAttribute('aria-expanded', 'true');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the toggle reveals every item and sub-item, and a sub-page link works', async ({ page }) => {
    await page.goto('/');
    const menu = new MobileMenu(page);
    await expect(menu.fallbackMenu).toBeHidden();
    await menu.fallbackToggle.click();
    await expect(menu.fallbackMenu).toBeVisible();
    for (const name of ['Beranda', 'Profil', 'Guru & Staf', 'Prestasi', 'Olimpiade Sains', 'Kontak']) {
      await expect(menu.fallbackMenu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.fallbackMenu.getByRole('link', { name: 'Guru & Staf', exact: true }).click();
    await expect(page).toHaveURL(/\/guru-staf\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Guru');
  });
});
