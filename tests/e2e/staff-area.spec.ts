import { ADMIN_SECTIONS } from '../../app/staff/admin/model';
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

  // One test per section, so its screens (and the fixture's axe audits of them) spread over the workers.
  for (const section of ADMIN_SECTIONS) {
    test(`${section.label}: every screen answers and is audited by axe (list, first row's form and confirmation)`, async ({
      page,
    }) => {
      const screens: string[] = [section.path, ...(MORE_SCREENS[section.path] ?? [])];
      await page.goto(section.path);
      // The list's first row: its form (or a menu's tree) and its delete confirmation.
      const first = page.locator('main table tbody tr').first().locator('a[href^="/admin/"]');
      const rowLinks = await first.all();
      if (!ROWS_WITHOUT_SCREENS.includes(section.path))
        expect(rowLinks.length, 'the first row’s links').toBeGreaterThan(0);
      for (const link of rowLinks) screens.push((await link.getAttribute('href')) ?? '');
      for (const path of new Set(screens)) {
        const answer = await page.goto(path);
        expect(answer?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      }
      // The fixture audits each of them with axe after the test (signed in, as the test saw them).
    });
  }
});

/** Lists whose rows link to no screen of their own: subscribers, and the sections that are not a table. */
const ROWS_WITHOUT_SCREENS = ['/admin/pelanggan/', '/admin/menu/', '/admin/pengaturan/'];

/** Screens no list row links to: the staff home, the new-item forms, the month view, settings, invitations. */
const MORE_SCREENS: Record<string, string[]> = {
  '/admin/berita/': ['/admin/', '/admin/berita/baru/'],
  '/admin/agenda/': ['/admin/agenda/baru/', '/admin/agenda/kalender/'],
  '/admin/galeri/': ['/admin/galeri/baru/'],
  '/admin/ulasan/': ['/admin/ulasan/pengaturan/'],
  '/admin/filter/': ['/admin/filter/baru/'],
  '/admin/pengguna/': ['/admin/pengguna/undang/'],
};

// Issue 21: the 403 page is no dead end. A signed-in visitor who is not staff is led out of the staff
// area; staff who lack one section's role keep the way back into it.
test.describe('as a student (not staff)', () => {
  test.use({ staffLogin: 'siswa' });

  test('the staff area refuses, and its page leads to the site’s home and the account’s own page', async ({ page }) => {
    const answer = await page.reload();
    expect(answer?.status()).toBe(403);
    const refusal = page.getByRole('alert');
    await expect(refusal.getByRole('heading', { level: 1 })).toHaveText('Tidak diizinkan');
    await expect(refusal).toContainText('Ruang staf hanya untuk guru dan staf sekolah.');
    // Not back into the same refusal.
    await expect(page.getByRole('link', { name: 'Kembali ke ruang staf' })).toHaveCount(0);
    await expect(page.locator('a[href="/admin/"]')).toHaveCount(0);
    await expect(refusal.getByRole('link', { name: 'Simpanan Anda' })).toHaveAttribute('href', '/simpanan/');
    await expect(refusal.getByRole('button', { name: 'Keluar' })).toBeVisible();

    await refusal.getByRole('link', { name: 'Kembali ke beranda' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner')).toBeVisible();
    await page.goBack();
    await page.getByRole('alert').getByRole('link', { name: 'Simpanan Anda' }).click();
    await expect(page).toHaveURL(/\/simpanan\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simpanan Anda');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('"Keluar" on the refusal signs the student out', async ({ page }) => {
      await page.getByRole('alert').getByRole('button', { name: 'Keluar' }).click();
      await page.goto('/admin/');
      await expect(page).toHaveURL(/\/masuk\/\?redirect_to=%2Fadmin%2F$/);
    });
  });
});

test('an editor refused a section keeps the way back to the staff area', async ({ page }) => {
  const answer = await page.goto('/admin/pengguna/');
  expect(answer?.status()).toBe(403);
  await page.getByRole('alert').getByRole('link', { name: 'Kembali ke ruang staf' }).click();
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Selamat datang');
});
