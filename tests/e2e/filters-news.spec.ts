import { expect, test } from './fixtures';
import { DatePicker, dayNumber, Filters, schoolDay, waitForFilterWidgets, writtenDay } from './pages/filters';
import { NewsList } from './pages/news-list';
import type { ListedItem } from './support/site-data';

// Issue 3 "Tests": on /berita/ pick a date range with the keyboard, change the sort, page to 2 and back.

/** The news filters (content/filters.yaml): date range (applied with the button) and sorting. */
const DATE_RANGE_FILTER = 23;
const SORT_FILTER = 26;

/** Title order as "Judul A–Z" means it: letters regardless of case. */
const byTitle = (a: ListedItem, b: ListedItem) => {
  const [x, y] = [a.title.toLowerCase(), b.title.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

test('a date range picked with the keyboard, then sorting and paging, list exactly the posts in the range', async ({
  page,
  siteData,
}) => {
  test.setTimeout(90_000);
  const posts = siteData.listedItems('post');
  const perPage = Number(siteData.listingSettings('berita', 'berita').perPage);
  const rangeFilter = siteData.filter(DATE_RANGE_FILTER);
  const format = String(rangeFilter.settings.dateFormat);
  const sortChoices = siteData.filter(SORT_FILTER).settings.sortOptions as Array<{
    label: string;
    orderby: string;
    order: string;
  }>;
  const oldestFirst = sortChoices.find((o) => o.orderby === 'date' && o.order === 'ASC');
  const titleAsc = sortChoices.find((o) => o.orderby === 'title' && o.order === 'ASC');
  if (!oldestFirst || !titleAsc) throw new Error('the news sorting needs "oldest first" and "title A-Z"');

  // A range that leaves posts out on both sides and still holds more than one page.
  const from = schoolDay(posts[Math.floor(posts.length * 0.75)]!.publishedAt);
  const to = schoolDay(posts[Math.floor(posts.length * 0.15)]!.publishedAt);
  const inRange = posts.filter((p) => {
    const n = dayNumber(schoolDay(p.publishedAt));
    return n >= dayNumber(from) && n <= dayNumber(to);
  });
  if (inRange.length <= perPage || inRange.length === posts.length)
    throw new Error(`the range ${JSON.stringify([from, to])} does not suit: ${inRange.length} posts`);
  const titles = (list: ListedItem[], page = 1) => list.slice((page - 1) * perPage, page * perPage).map((p) => p.title);

  const filters = new Filters(page);
  const news = new NewsList(page);
  await page.goto('/berita/');
  await waitForFilterWidgets(page);
  const range = filters.group(rangeFilter.label);
  const fromBox = range.getByRole('textbox', { name: 'Dari', exact: true });
  const toBox = range.getByRole('textbox', { name: 'Sampai', exact: true });

  const fromPicker = new DatePicker(page, 'Dari');
  await fromPicker.open();
  await fromPicker.chooseWithKeyboard(from);
  await expect(fromPicker.dialog).toBeHidden();
  await expect(fromBox).toHaveValue(writtenDay(format, from));

  const toPicker = new DatePicker(page, 'Sampai');
  await toPicker.open();
  await toPicker.chooseWithKeyboard(to);
  await expect(toPicker.dialog).toBeHidden();
  await expect(toBox).toHaveValue(writtenDay(format, to));
  // Opened again and closed with Done, the picker changes nothing.
  await toPicker.open();
  await toPicker.done.click();
  await expect(toPicker.dialog).toBeHidden();
  await expect(toBox).toHaveValue(writtenDay(format, to));

  // The range applies with the group's button (mixed apply type): until then the list stays.
  await expect(news.titles).toHaveText(titles(posts));
  await filters.apply.click();
  await expect(news.titles).toHaveText(titles(inRange));
  await expect(filters.resultCount).toHaveText(`${inRange.length} hasil ditemukan`);
  await expect(filters.pageLink('Halaman 2')).toBeVisible();

  await filters.select('Urutkan').selectOption({ label: oldestFirst.label });
  const oldest = [...inRange].reverse();
  await expect(news.titles).toHaveText(titles(oldest));

  await filters.select('Urutkan').selectOption({ label: titleAsc.label });
  const alphabetical = [...inRange].sort(byTitle);
  await expect(news.titles).toHaveText(titles(alphabetical));
  const sortedUrl = page.url();

  await filters.pageLink('Halaman 2').click();
  await expect(news.titles).toHaveText(titles(alphabetical, 2));
  await expect(filters.pageLink('Halaman 2')).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/[?&/](pagenum|jet_paged)[=/]2(\/|&|$)/);
  // The range and the sort still hold on page 2.
  await expect(fromBox).toHaveValue(writtenDay(format, from));
  await expect(toBox).toHaveValue(writtenDay(format, to));
  await expect(filters.select('Urutkan')).toHaveValue(/title/);

  await filters.pageLink('Halaman 1').click();
  await expect(news.titles).toHaveText(titles(alphabetical));
  await expect(filters.pageLink('Halaman 1')).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(sortedUrl);
});
