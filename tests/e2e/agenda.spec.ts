import { expect, test } from './fixtures';
import { AgendaCalendar } from './pages/agenda';
import { settledBox } from './pages/site';
import { ALL_SCRIPTS, holdRequests } from './support/slow-phone';

// Issue 13, the agenda: months switch without a reload (links without JavaScript), one day's events
// open at a time and a second click closes them, and on a phone they open in a row under the week.
// Dates are those of content/agenda.yaml (school year 2026/2027); every test names its month in the
// address, so none depends on today's date. The fixture audits each page with axe as the test leaves
// it: the tests end with a day open.

const ASAS = 'Asesmen Sumatif Akhir Semester (ASAS) ganjil';

test('at 1280 px months switch in place and one day opens at a time', async ({ page }) => {
  const calendar = new AgendaCalendar(page);
  await page.goto('/agenda/?bulan=2026-11');
  await calendar.waitLive();
  await calendar.expectMonth('November 2026');
  // Set in this document: still there after the switch, so the page was not reloaded.
  await page.evaluate(() => Object.assign(window, { agendaMarker: true }));

  await calendar.monthLink('Desember 2026').click();
  await calendar.expectMonth('Desember 2026');
  await expect(page).toHaveURL(/\/agenda\/\?bulan=2026-12$/);
  expect(await page.evaluate(() => 'agendaMarker' in window)).toBe(true);
  // On a wide screen the days show their events' titles.
  await expect(calendar.grid.getByText(ASAS).first()).toBeVisible();

  const exams = calendar.day('Kamis, 3 Desember 2026');
  await exams.click();
  await expect(calendar.eventTitles('Kamis, 3 Desember 2026')).toHaveText([ASAS]);
  await expect(exams).toHaveAttribute('aria-expanded', 'true');
  await expect(page).toHaveURL(/\?tanggal=2026-12-03$/);
  await expect(calendar.rowUnderWeekOf('2026-12-03')).toContainText('Ruang kelas');

  // Another day closes the first; a second click on it closes it too.
  const report = calendar.day('Sabtu, 19 Desember 2026');
  await report.click();
  await expect(calendar.eventTitles('Sabtu, 19 Desember 2026')).toHaveText(['Pembagian rapor semester ganjil']);
  await expect(calendar.openDay).toHaveCount(1);
  await expect(exams).toHaveAttribute('aria-expanded', 'false');
  await report.click();
  await expect(calendar.openDay).toHaveCount(0);
  await expect(report).toHaveAttribute('aria-expanded', 'false');

  // Back to the month before, and a day of several days open for the audit.
  await calendar.monthLink('November 2026').click();
  await calendar.expectMonth('November 2026');
  await calendar.day('Rabu, 18 November 2026').click();
  await expect(calendar.eventTitles('Rabu, 18 November 2026')).toHaveText(['Pekan Literasi dan Bulan Bahasa']);
  await expect(calendar.dayEvents('Rabu, 18 November 2026')).toContainText('16–20 November 2026');
  expect(await page.evaluate(() => 'agendaMarker' in window)).toBe(true);

  // Back returns to the month the address named before.
  await page.goBack();
  await calendar.expectMonth('Desember 2026');
});

test('the grid is used with the keyboard', async ({ page }) => {
  const calendar = new AgendaCalendar(page);
  await page.goto('/agenda/?bulan=2026-12');
  await calendar.waitLive();
  await calendar.day('Sabtu, 19 Desember 2026').click();
  await expect(calendar.openDay).toHaveCount(1);
  // The open day holds the grid's one tab stop; arrows move it, Enter and Space open and close.
  await expect(calendar.day('Sabtu, 19 Desember 2026')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(calendar.grid.locator('[data-date="2026-12-20"]')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(calendar.day('Minggu, 27 Desember 2026')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(calendar.day('Senin, 21 Desember 2026')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar.eventTitles('Senin, 21 Desember 2026')).toHaveText(['Libur semester ganjil']);
  // The events' row is outside the arrow keys' reach: a screen reader hears them as the day opens.
  await expect(calendar.announcement).toHaveText(/^Senin, 21 Desember 2026: Libur semester ganjil, 21 Desember 2026/);
  await page.keyboard.press('Space');
  await expect(calendar.openDay).toHaveCount(0);
  await page.keyboard.press('PageDown');
  await calendar.expectMonth('Januari 2027');
  await expect(calendar.announcement).toHaveText(/^Januari 2027: \d+ kegiatan$/);
  await expect(calendar.grid.locator('[data-date="2027-01-21"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar.eventTitles('Kamis, 21 Januari 2027')).toHaveText(['Pekan olahraga antarkelas']);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the open day’s events take a row under its week', async ({ page }) => {
    const calendar = new AgendaCalendar(page);
    await page.goto('/agenda/?bulan=2026-12');
    await calendar.waitLive();
    await calendar.monthLink('November 2026').click();
    await calendar.expectMonth('November 2026');
    await expect(page).toHaveURL(/\?bulan=2026-11$/);
    // Days show a count, not titles.
    await expect(calendar.grid.locator('.jet-calendar-week__day-content').first()).toBeHidden();

    await calendar.day('Rabu, 25 November 2026').tap();
    const row = calendar.rowUnderWeekOf('2026-11-25');
    await expect(row).toHaveClass('jet-calendar-week__details');
    await expect(row).toContainText('Upacara Hari Guru Nasional');
    await expect(row).toContainText('Lapangan upacara');
    const rowBox = await settledBox(row);
    const gridBox = await settledBox(calendar.grid);
    const dayBox = await settledBox(calendar.day('Rabu, 25 November 2026'));
    // The row spans the grid, below the day, and the grid fits the phone.
    expect(rowBox && gridBox && dayBox).toBeTruthy();
    if (!rowBox || !gridBox || !dayBox) return;
    expect(Math.abs(rowBox.width - gridBox.width)).toBeLessThan(2);
    expect(rowBox.y).toBeGreaterThanOrEqual(dayBox.y + dayBox.height - 1);
    expect(gridBox.width).toBeLessThanOrEqual(390);

    // Another day moves the row under its own week; the first closes.
    await calendar.day('Jumat, 27 November 2026').tap();
    await expect(calendar.openDay).toHaveCount(1);
    await expect(calendar.rowUnderWeekOf('2026-11-27')).toContainText('persiapan jenjang SMA/SMK');
    await calendar.monthLink('Desember 2026').tap();
    await calendar.expectMonth('Desember 2026');
    await calendar.day('Selasa, 1 Desember 2026').tap();
    await expect(calendar.rowUnderWeekOf('2026-12-01')).toContainText(ASAS);
  });

  test('a tap on a month made while the page’s scripts load is not lost', async ({ page }) => {
    const calendar = new AgendaCalendar(page);
    // Every script held, as on a slow phone: the tap is made on the server's HTML.
    const release = await holdRequests(page, ALL_SCRIPTS);
    await page.goto('/agenda/?bulan=2026-12', { waitUntil: 'commit' });
    await calendar.monthLink('Januari 2027').tap();
    await calendar.expectMonth('Januari 2027');
    await expect(page).toHaveURL(/\?bulan=2027-01#kalender-ag1cal$/);
    release();
    await calendar.waitLive();
    await calendar.day('Senin, 4 Januari 2027').tap();
    await expect(calendar.eventTitles('Senin, 4 Januari 2027')).toHaveText(['Hari pertama semester genap']);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('months and days are links that the server answers', async ({ page }) => {
    const calendar = new AgendaCalendar(page);
    await page.goto('/agenda/?bulan=2026-11');
    await calendar.expectMonth('November 2026');
    await calendar.monthLink('Desember 2026').click();
    await expect(page).toHaveURL(/\/agenda\/\?bulan=2026-12#kalender-ag1cal$/);
    await calendar.expectMonth('Desember 2026');

    await calendar.day('Sabtu, 19 Desember 2026').click();
    await expect(page).toHaveURL(/\?tanggal=2026-12-19#kalender-ag1cal$/);
    await expect(calendar.eventTitles('Sabtu, 19 Desember 2026')).toHaveText(['Pembagian rapor semester ganjil']);
    // The open day's link closes it.
    await calendar.day('Sabtu, 19 Desember 2026').click();
    await expect(page).toHaveURL(/\?bulan=2026-12#kalender-ag1cal$/);
    await expect(calendar.openDay).toHaveCount(0);

    await calendar.day('Kamis, 24 Desember 2026').click();
    await expect(calendar.eventTitles('Kamis, 24 Desember 2026')).toHaveText(['Libur semester ganjil']);
  });
});
