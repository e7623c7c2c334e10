import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AgendaCalendar } from './pages/agenda';

// Issue 21: the category filter over the agenda calendar (widget `agenda-category-filter` on /agenda/):
// a GET form; the calendar, its month links and the live widget's month switches (call 8) keep it.

/** The categories of the events the month's days list (`agenda-cat-…`), without repeats. */
const shownCategories = (page: Page) =>
  page
    .locator('.jet-calendar-week__day-event')
    .evaluateAll((events) => [...new Set(events.map((e) => /agenda-cat-([a-z-]+)/.exec(e.className)?.[1] ?? ''))]);

const filterForm = (page: Page) => page.getByRole('form', { name: 'Kategori kegiatan' });

async function choose(page: Page, category: string) {
  await filterForm(page).getByLabel('Kategori kegiatan').selectOption({ label: category });
  await filterForm(page).getByRole('button', { name: 'Tampilkan' }).click();
}

test('with JavaScript: a category narrows the calendar, months switched in place keep it', async ({ page }) => {
  const calendar = new AgendaCalendar(page);
  await page.goto('/agenda/?bulan=2026-11');
  await calendar.waitLive();
  expect((await shownCategories(page)).length).toBeGreaterThan(1);

  await choose(page, 'Kegiatan siswa');
  await expect(page).toHaveURL(/\/agenda\/\?bulan=2026-11&kategori=kegiatan#kalender-ag1cal$/);
  await calendar.waitLive();
  await calendar.expectMonth('November 2026');
  expect(await shownCategories(page)).toEqual(['kegiatan']);
  await expect(filterForm(page).getByLabel('Kategori kegiatan')).toHaveValue('kegiatan');

  // The next month in place (call 8 with the filter): still only the chosen category.
  await calendar.monthLink('Desember 2026').click();
  await calendar.expectMonth('Desember 2026');
  await expect(page).toHaveURL(/\?bulan=2026-12&kategori=kegiatan$/);
  await expect(page.locator('.jet-calendar-week__day-event').first()).toBeVisible();
  expect(await shownCategories(page)).toEqual(['kegiatan']);

  // Every category again, in the month now shown.
  await choose(page, 'Semua kategori');
  await expect(page).toHaveURL(/\?bulan=2026-12&kategori=#kalender-ag1cal$/);
  await calendar.expectMonth('Desember 2026');
  expect((await shownCategories(page)).length).toBeGreaterThan(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter is a form and the month links keep the category', async ({ page }) => {
    const calendar = new AgendaCalendar(page);
    await page.goto('/agenda/?bulan=2026-11');
    await choose(page, 'Orang tua');
    await expect(page).toHaveURL(/\?bulan=2026-11&kategori=orang-tua#kalender-ag1cal$/);
    await calendar.expectMonth('November 2026');
    expect(await shownCategories(page)).toEqual(['orang-tua']);
    await calendar.monthLink('Desember 2026').click();
    await calendar.expectMonth('Desember 2026');
    expect(await shownCategories(page)).toEqual(['orang-tua']);
    await expect(filterForm(page).getByLabel('Kategori kegiatan')).toHaveValue('orang-tua');
  });
});

test('at phone width the filter fits the window', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/agenda/?bulan=2026-11&kategori=upacara');
  await expect(filterForm(page)).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(390);
  const box = await filterForm(page).getByRole('button', { name: 'Tampilkan' }).boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
});
