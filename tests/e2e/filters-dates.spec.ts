import { MONTH_NAMES } from '../../app/features/filters/date-format';
import { expect, test } from './fixtures';
import { DatePicker, Filters, waitForFilterWidgets, writtenDay } from './pages/filters';

// Issue 13, filter defects in the browser: on /berita/ a start date typed and left with Tab is the
// end picker's minimum at once; a month chosen never shows the week filter as active.

/** The news filters (content/filters.yaml): date range (applied with the button), per week, per month. */
const DATE_RANGE_FILTER = 23;
const WEEK_FILTER = 24;
const MONTH_FILTER = 25;

test('a start date typed, then Tab, is the end picker’s minimum at once', async ({ page, siteData }) => {
  const rangeFilter = siteData.filter(DATE_RANGE_FILTER);
  const format = String(rangeFilter.settings.dateFormat);
  const filters = new Filters(page);
  await page.goto('/berita/');
  await waitForFilterWidgets(page);
  const range = filters.group(rangeFilter.label);
  const fromBox = range.getByRole('textbox', { name: 'Dari', exact: true });

  // A day of the month the end picker opens on (today's), with a day before it.
  const now = new Date();
  const from = { year: now.getFullYear(), month: now.getMonth() + 1, day: 15 };
  const dayName = (day: number) => new RegExp(`\\b${day} ${MONTH_NAMES[from.month - 1]} ${from.year}\\b`);
  await fromBox.click();
  await fromBox.fill(writtenDay(format, from));
  await page.keyboard.press('Tab');
  await expect(fromBox).not.toBeFocused();
  // Tab closes the start picker (spec filters-and-widgets §4) and commits the date.
  await expect(page.locator('.jsf-datepicker-popover')).toHaveCount(0);

  const toPicker = new DatePicker(page, 'Sampai');
  await toPicker.open();
  await expect(toPicker.dialog.getByRole('button', { name: dayName(14) })).toHaveAttribute('aria-disabled', 'true');
  await expect(toPicker.dialog.getByRole('button', { name: dayName(15) })).not.toHaveAttribute('aria-disabled', 'true');
  await toPicker.done.click();
  await expect(toPicker.dialog).toBeHidden();
});

test('a month chosen never shows the week filter as active', async ({ page, siteData }) => {
  const week = siteData.filter(WEEK_FILTER);
  const month = siteData.filter(MONTH_FILTER);
  await page.goto('/berita/');
  await waitForFilterWidgets(page);
  const frameOf = (id: number) => page.locator(`[data-filter-id="${id}"]`);
  const weekLabel = frameOf(week.id).locator('.jet-date-period__label');
  const monthLabel = frameOf(month.id).locator('.jet-date-period__label');
  await expect(weekLabel).toHaveText(String(week.settings.placeholder));

  await frameOf(month.id).getByRole('button', { name: 'Periode berikutnya' }).click();
  await expect(monthLabel).not.toHaveText(String(month.settings.placeholder));
  await expect(page).toHaveURL(/date/);
  // The week filter still offers its placeholder; the active list names the month.
  await expect(weekLabel).toHaveText(String(week.settings.placeholder));
  const active = page.locator('.jet-active-filters');
  await expect(active.locator('.jet-active-filter__label')).toHaveText([`${month.activeLabel}:`]);
});

test('a two-digit year typed for `yy` is refused, as jQuery UI 1.13.2 refuses it', async ({ page, siteData }) => {
  const rangeFilter = siteData.filter(DATE_RANGE_FILTER);
  const format = String(rangeFilter.settings.dateFormat);
  const filters = new Filters(page);
  await page.goto('/berita/');
  await waitForFilterWidgets(page);
  const range = filters.group(rangeFilter.label);
  const fromBox = range.getByRole('textbox', { name: 'Dari', exact: true });

  // The 15th of this month with the year's last two digits ("15/11/26" for dd/mm/yy).
  const now = new Date();
  const from = { year: now.getFullYear(), month: now.getMonth() + 1, day: 15 };
  const short = writtenDay(format, from).replace(String(from.year), String(from.year % 100).padStart(2, '0'));
  await fromBox.click();
  await fromBox.fill(short);
  await page.keyboard.press('Tab');
  await expect(fromBox).not.toBeFocused();
  // The text stays as typed and the box says it is wrong; no date was taken from it.
  await expect(fromBox).toHaveAttribute('aria-invalid', 'true');
  await expect(fromBox).toHaveValue(short);
  const toPicker = new DatePicker(page, 'Sampai');
  await toPicker.open();
  const day14 = new RegExp(`\\b14 ${MONTH_NAMES[from.month - 1]} ${from.year}\\b`);
  await expect(toPicker.dialog.getByRole('button', { name: day14 })).not.toHaveAttribute('aria-disabled', 'true');
  await toPicker.done.click();
  await expect(toPicker.dialog).toBeHidden();

  // The four-digit year is taken.
  await fromBox.fill(writtenDay(format, from));
  await page.keyboard.press('Tab');
  await expect(fromBox).not.toHaveAttribute('aria-invalid', 'true');
  await toPicker.open();
  await expect(toPicker.dialog.getByRole('button', { name: day14 })).toHaveAttribute('aria-disabled', 'true');
});
