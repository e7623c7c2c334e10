import { expect, test } from './fixtures';
import { FilteredListing, FilterPanel, Filters, waitForFilterWidgets } from './pages/filters';
import { waitForHydration } from './pages/site';
import type { SiteData } from './support/site-data';
import { ALL_SCRIPTS, holdRequests, throttleCpu } from './support/slow-phone';

// Issue 13 "Filters on phones": below 768 px the filters fold into one "Filter" control with the
// number of active filters, the first result shows on the first screen, and a filter tapped while
// the page's script is still loading is applied once it has loaded.

/** The /ekskul/ day filter (content/filters.yaml): checkboxes applied at once. */
const DAY_FILTER = 37;
/** The filters' code: a chunk of its own, loaded after the page's (app/features/filters/ui/lazy-widgets.tsx). */
const FILTER_WIDGETS_CHUNK = /\/assets\/widgets-[^/]*\.js/;

/** A day that some activity has, with the activities' links on the listing's first page (newest first). */
function dayWithActivities(siteData: SiteData) {
  const dayFilter = siteData.filter(DAY_FILTER);
  const items = siteData.listedItems('ekskul');
  const perPage = Number(siteData.listingSettings('ekskul', 'ekskul').postsNum);
  const onDay = (day: string) => items.filter((i) => i.meta[dayFilter.queryVar] === day);
  const day = (dayFilter.source.options ?? []).find((d) => onDay(d.value).length > 0);
  if (!day) throw new Error('no day has an activity');
  const list = onDay(day.value);
  if (list.length === items.length) throw new Error(`every activity is on ${day.label}: the filter narrows nothing`);
  return {
    filterLabel: dayFilter.label,
    label: day.label,
    count: list.length,
    firstPage: list.slice(0, perPage).map((i) => `/ekskul/${i.slug}/`),
  };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the filters panel on a phone: folded, the first result on the first screen, opened by a tap', async ({
    page,
    siteData,
  }) => {
    const day = dayWithActivities(siteData);
    const filters = new Filters(page);
    const panel = new FilterPanel(page);
    const listing = new FilteredListing(page);
    const box = filters.checkbox(day.filterLabel, day.label);

    for (const path of ['/berita/', '/galeri/']) {
      await page.goto(path);
      await expect(panel.toggle, path).toBeVisible();
      await expect(page.locator('.jet-filter').first(), `${path}: the filters are folded`).toBeHidden();
      await expect(page.locator('article, .jet-listing-grid__item').first(), `${path}: first result`).toBeInViewport();
    }

    await page.goto('/ekskul/');
    await waitForFilterWidgets(page);
    await expect(panel.toggle).toHaveText('Filter');
    await expect(box).toBeHidden();
    // The introduction's photo is for wide screens only, and the folded filters add only the control.
    await expect(listing.items.first()).toBeInViewport();

    await panel.openByTap();
    await expect(box).toBeVisible();
    await box.tap();
    await expect(box).toBeChecked();
    await expect.poll(() => listing.itemLinks()).toEqual(day.firstPage);
    await expect(filters.resultCount).toHaveText(`${day.count} hasil ditemukan`);
    await expect(panel.count).toHaveText('1 aktif');
    await expect(panel.toggle).toHaveAccessibleName('Filter 1 aktif');
    // Left open: the fixture's axe audit reads the page with the panel open.
  });

  test('a filter tapped while the filters’ code is loading (CPU throttled 4x) is applied once it has loaded', async ({
    page,
    siteData,
  }) => {
    test.setTimeout(90_000);
    const day = dayWithActivities(siteData);
    const filters = new Filters(page);
    const panel = new FilterPanel(page);
    const listing = new FilteredListing(page);
    const box = filters.checkbox(day.filterLabel, day.label);

    const fullSpeed = await throttleCpu(page, 4);
    // The filters' chunk is held until after the tap, so the tap is surely made before it runs.
    const release = await holdRequests(page, FILTER_WIDGETS_CHUNK);
    await page.goto('/ekskul/', { waitUntil: 'domcontentloaded' });
    await panel.openByTap();
    await box.tap();
    await expect(box).toBeChecked();
    release();
    await waitForFilterWidgets(page);
    await expect(box).toBeChecked();
    await expect.poll(() => listing.itemLinks(), { timeout: 20_000 }).toEqual(day.firstPage);
    await expect(filters.resultCount).toHaveText(`${day.count} hasil ditemukan`);
    await expect(page).toHaveURL(/jsf|jet-smart-filters/);
    await expect(panel.count).toHaveText('1 aktif');
    await fullSpeed();
  });

  test('a filter tapped before any script has run is applied once the page has loaded', async ({ page, siteData }) => {
    const day = dayWithActivities(siteData);
    const filters = new Filters(page);
    const panel = new FilterPanel(page);
    const listing = new FilteredListing(page);
    const box = filters.checkbox(day.filterLabel, day.label);

    const release = await holdRequests(page, ALL_SCRIPTS);
    await page.goto('/ekskul/', { waitUntil: 'domcontentloaded' });
    await panel.openByTap();
    await box.tap();
    await expect(box).toBeChecked();
    release();
    await waitForHydration(page);
    await waitForFilterWidgets(page);
    await expect(box).toBeChecked();
    await expect.poll(() => listing.itemLinks()).toEqual(day.firstPage);
    await expect(panel.count).toHaveText('1 aktif');
  });
});

test.describe('on a phone without JavaScript', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, javaScriptEnabled: false });

  test('the Filter control opens, and its filters submit the filtered listing', async ({ page, siteData }) => {
    const day = dayWithActivities(siteData);
    const filters = new Filters(page);
    const panel = new FilterPanel(page);
    const listing = new FilteredListing(page);
    const box = filters.checkbox(day.filterLabel, day.label);

    await page.goto('/ekskul/');
    await expect(box).toBeHidden();
    await panel.openByTap();
    await box.tap();
    await filters.submitOf(day.filterLabel).tap();
    await expect(page).toHaveURL(/jet-smart-filters|jsf/);
    expect(await listing.itemLinks()).toEqual(day.firstPage);
    await expect(panel.count).toHaveText('1 aktif');
  });
});

test('from 768 px the filters stay in place and the Filter control is not shown', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/ekskul/');
  const panel = new FilterPanel(page);
  await expect(panel.panel).toBeHidden();
  await expect(page.locator('.jet-filter').first()).toBeVisible();
});
