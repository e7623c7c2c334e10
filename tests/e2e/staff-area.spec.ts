import { ADMIN_SECTIONS } from '../../app/features/admin/model';
import { expect, staffTest as test } from './fixtures';

// Issue 14: the staff area's frame, as an editor meets it after signing in.

test('an editor signs in to the staff area, sees the sections an editor may open, and goes back to the site', async ({
  page,
}) => {
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Selamat datang');
  const sections = page.getByRole('navigation', { name: 'Bagian ruang staf' }).getByRole('link');
  // Every section an editor may open, in the order of ADMIN_SECTIONS (users and site settings are the administrators').
  await expect(sections).toHaveText(
    ADMIN_SECTIONS.filter((s) => s.capability !== 'users' && s.capability !== 'settings').map((s) => s.label),
  );
  await expect(sections.filter({ hasText: 'Pengguna' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Lihat situs' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the frame fits the screen: no sideways scrolling, every section reachable', async ({ page }) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const link of await page.getByRole('navigation', { name: 'Bagian ruang staf' }).getByRole('link').all()) {
      await expect(link).toBeInViewport({ ratio: 1 });
    }
  });
});

test.describe('as an administrator', () => {
  test.use({ staffLogin: 'admin' });

  test('every staff screen answers, and is audited by axe: lists, forms, month view, confirmations', async ({
    page,
  }) => {
    test.slow();
    const screens: string[] = ['/admin/'];
    for (const section of ADMIN_SECTIONS) {
      screens.push(section.path);
      await page.goto(section.path);
      // The list's first row: its form (or a menu's tree) and its delete confirmation.
      const first = page.locator('main table tbody tr').first().locator('a[href^="/admin/"]');
      for (const link of await first.all()) screens.push((await link.getAttribute('href')) ?? '');
    }
    screens.push(
      '/admin/berita/baru/',
      '/admin/agenda/baru/',
      '/admin/agenda/kalender/',
      '/admin/galeri/baru/',
      '/admin/ulasan/pengaturan/',
      '/admin/filter/baru/',
      '/admin/pengguna/undang/',
    );
    const unique = [...new Set(screens)];
    expect(unique.length).toBeGreaterThan(20);
    for (const path of unique) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    }
    // The fixture audits each of them with axe after the test (signed in, as the test saw them).
  });
});
