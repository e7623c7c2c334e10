import { expect, test } from './fixtures';
import { FilteredListing, Filters, optionName, waitForFilterWidgets } from './pages/filters';
import type { ListedItem, SiteData } from './support/site-data';

// Issue 3 "Tests": on /galeri/ check two categories and see items and counts change, reload and see
// the same state from the address, remove-all; Back restores the state before a filter was applied.

/** The gallery's filters (content/filters.yaml): activity categories and year. */
const CATEGORY_FILTER = 11;
const YEAR_FILTER = 12;

/** What the gallery's filters should show, computed from the seeded database. */
function galleryFacts(siteData: SiteData) {
  const items = siteData.listedItems('galeri');
  const grid = siteData.listingSettings('galeri', 'galeri');
  const perPage = Number(grid.postsNum);
  const maxItems = Number(grid.maxPostsNum ?? 0);
  const categoryFilter = siteData.filter(CATEGORY_FILTER);
  const yearFilter = siteData.filter(YEAR_FILTER);
  const categories = siteData.terms(categoryFilter.queryVar);
  const years = [...new Set(items.map((i) => Number(i.meta[yearFilter.queryVar])))].sort((a, b) => a - b);
  // The grid shows at most maxPostsNum items in all (spec 001 §2), and no count exceeds it.
  const cap = (n: number) => (maxItems > 0 ? Math.min(n, maxItems) : n);
  const inCategories = (ids: number[]) =>
    ids.length === 0 ? items : items.filter((i) => i.termIds.some((t) => ids.includes(t)));
  return {
    categoryLabel: categoryFilter.label,
    yearLabel: yearFilter.label,
    categories,
    /** The first page of the grid for these categories (none: unfiltered), newest first. */
    firstPage: (ids: number[]) =>
      inCategories(ids)
        .slice(0, Math.min(perPage, cap(inCategories(ids).length)))
        .map((i) => `/galeri/${i.slug}/`),
    found: (ids: number[]) => cap(inCategories(ids).length),
    /** Each category's counter: its items under the other filters (none here; its own filter left out). */
    categoryNames: () => categories.map((c) => optionName(c.name, cap(inCategories([c.id]).length))),
    /** Each year's counter: the items of the chosen categories in that year. */
    yearNames: (ids: number[]) =>
      years.map((y) =>
        optionName(
          String(y),
          cap(inCategories(ids).filter((i: ListedItem) => Number(i.meta[yearFilter.queryVar]) === y).length),
        ),
      ),
    /** The two categories with the most items (name order breaking ties). */
    twoBiggest: () => [...categories].sort((a, b) => inCategories([b.id]).length - inCategories([a.id]).length),
  };
}

test('checking two categories narrows the grid and the counts; reload keeps it; remove-all clears it', async ({
  page,
  siteData,
}) => {
  const facts = galleryFacts(siteData);
  const [first, second] = facts.twoBiggest();
  if (!first || !second) throw new Error('the gallery needs two activity categories');
  const filters = new Filters(page);
  const listing = new FilteredListing(page);

  await page.goto('/galeri/');
  await waitForFilterWidgets(page);
  await filters.expectCheckboxes(facts.categoryLabel, facts.categoryNames());
  await filters.expectSelectOptions(facts.yearLabel, facts.yearNames([]));
  const unfiltered = facts.firstPage([]);
  expect(await listing.itemLinks()).toEqual(unfiltered);
  await expect(filters.removeAll).toBeHidden();

  await filters.checkbox(facts.categoryLabel, first.name).check();
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage([first.id]));
  await filters.checkbox(facts.categoryLabel, second.name).check();
  const both = facts.firstPage([first.id, second.id]);
  // The two categories together hold more than either alone: the check changed the grid again.
  expect(both).not.toEqual(facts.firstPage([first.id]));
  await expect.poll(() => listing.itemLinks()).toEqual(both);
  await expect(filters.resultCount).toHaveText(`${facts.found([first.id, second.id])} hasil ditemukan`);
  // The year counts follow the chosen categories; the categories' own counts leave their filter out.
  expect(facts.yearNames([first.id, second.id])).not.toEqual(facts.yearNames([]));
  await filters.expectSelectOptions(facts.yearLabel, facts.yearNames([first.id, second.id]));
  await filters.expectCheckboxes(facts.categoryLabel, facts.categoryNames());
  await expect(page).toHaveURL(/[?&]jet-smart-filters=/);
  await expect(filters.removeAll).toBeVisible();

  const filteredUrl = page.url();
  await page.reload();
  await waitForFilterWidgets(page);
  await expect(page).toHaveURL(filteredUrl);
  for (const c of facts.categories) {
    const box = filters.checkbox(facts.categoryLabel, c.name);
    if (c.id === first.id || c.id === second.id) await expect(box).toBeChecked();
    else await expect(box).not.toBeChecked();
  }
  expect(await listing.itemLinks()).toEqual(both);
  await filters.expectSelectOptions(facts.yearLabel, facts.yearNames([first.id, second.id]));
  await filters.expectCheckboxes(facts.categoryLabel, facts.categoryNames());

  await filters.removeAll.click();
  await expect.poll(() => listing.itemLinks()).toEqual(unfiltered);
  await expect(page).toHaveURL('/galeri/');
  for (const c of facts.categories) await expect(filters.checkbox(facts.categoryLabel, c.name)).not.toBeChecked();
  await filters.expectSelectOptions(facts.yearLabel, facts.yearNames([]));
  await expect(filters.removeAll).toBeHidden();
});

test('Back after applying a filter restores the state before it, Forward the one after', async ({ page, siteData }) => {
  const facts = galleryFacts(siteData);
  const [first, second] = facts.twoBiggest();
  if (!first || !second) throw new Error('the gallery needs two activity categories');
  const filters = new Filters(page);
  const listing = new FilteredListing(page);
  const firstBox = filters.checkbox(facts.categoryLabel, first.name);
  const secondBox = filters.checkbox(facts.categoryLabel, second.name);

  await page.goto('/galeri/');
  await waitForFilterWidgets(page);
  await firstBox.check();
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage([first.id]));
  const oneUrl = page.url();
  await secondBox.check();
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage([first.id, second.id]));
  const twoUrl = page.url();
  expect(twoUrl).not.toBe(oneUrl);

  await page.goBack();
  await expect(page).toHaveURL(oneUrl);
  await expect(firstBox).toBeChecked();
  await expect(secondBox).not.toBeChecked();
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage([first.id]));
  await filters.expectSelectOptions(facts.yearLabel, facts.yearNames([first.id]));

  await page.goBack();
  await expect(page).toHaveURL('/galeri/');
  await expect(firstBox).not.toBeChecked();
  await expect(secondBox).not.toBeChecked();
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage([]));
  await filters.expectSelectOptions(facts.yearLabel, facts.yearNames([]));

  await page.goForward();
  await expect(page).toHaveURL(oneUrl);
  await expect(firstBox).toBeChecked();
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage([first.id]));
});
