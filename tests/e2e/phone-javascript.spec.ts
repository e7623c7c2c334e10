import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FilterPanel, Filters, waitForFilterWidgets } from './pages/filters';
import { FeaturedSlider } from './pages/listing';
import { MobileMenu } from './pages/mobile-menu';
import { waitForHydration } from './pages/site';
import { SmartListing } from './pages/smart-listing';
import { holdRequests, throttleCpu } from './support/slow-phone';

// Issue 24 "JavaScript and phones": a phone's first view downloads and hydrates only what it shows;
// the mobile menu comes with its first use, a slider, the store code and the widgets' behaviours when
// they come near the window, the filters when their folded panel opens. A tap made meanwhile is kept.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const MENU_CODE = /\/assets\/mobile-menu-[^/]*\.js/;
const SLIDER_CODE = /\/assets\/(listing-carousel|embla-carousel-react)[^/]*\.js/;
const STORE_CODE = /\/assets\/enhance-[^/]*\.js/;
const SMART_LISTING_CODE = /\/assets\/smart-listing\.client-[^/]*\.js/;
/** The filters themselves (select, date picker, slider); the group's widgets are a chunk of their own. */
const FILTERS_CODE = /\/assets\/widgets-[^/]*\.js/;

/** The gallery's category filter (content/filters.yaml): checkboxes applied at once. */
const GALLERY_CATEGORY_FILTER = 11;

/** Every script the page asks for from now on (paths). */
function scriptsAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') asked.push(new URL(r.url()).pathname);
  });
  return asked;
}

const matching = (asked: string[], pattern: RegExp) => asked.filter((path) => pattern.test(path));

test('the home page loads neither the mobile menu, the slider, the store code nor the smart listing until they are used or near', async ({
  page,
}) => {
  const asked = scriptsAsked(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await waitForHydration(page);
  for (const code of [MENU_CODE, SLIDER_CODE, STORE_CODE, SMART_LISTING_CODE])
    expect(matching(asked, code), String(code)).toEqual([]);

  // Scrolled near, the slider hydrates with its code; further down the smart listing is taken over.
  const slider = new FeaturedSlider(page);
  await slider.expectLive();
  expect(matching(asked, SLIDER_CODE)).not.toEqual([]);
  await new SmartListing(page).enhanced();
  expect(matching(asked, SMART_LISTING_CODE)).not.toEqual([]);
  expect(matching(asked, MENU_CODE)).toEqual([]);

  // The menu's code comes with the first tap, which opens the menu.
  const menu = new MobileMenu(page);
  await menu.fallbackToggle.tap();
  await expect(menu.panel).toBeVisible();
  await expect(menu.toggle).toHaveAttribute('aria-expanded', 'true');
  expect(matching(asked, MENU_CODE)).toHaveLength(1);
});

test('a tap on the menu while its code is on its way (CPU throttled 4x) opens the menu once it has come', async ({
  page,
}) => {
  const fullSpeed = await throttleCpu(page, 4);
  const asked = scriptsAsked(page);
  const release = await holdRequests(page, MENU_CODE);
  await page.goto('/', { waitUntil: 'networkidle' });
  await waitForHydration(page);
  expect(matching(asked, MENU_CODE)).toEqual([]);
  const menu = new MobileMenu(page);
  await menu.fallbackToggle.tap();
  // Asked for by the tap, and held: the server's <details> shows the whole menu meanwhile.
  await expect.poll(() => matching(asked, MENU_CODE)).toHaveLength(1);
  await expect(menu.fallbackMenu.getByRole('link', { name: 'Guru & Staf' })).toBeVisible();
  release();
  await expect(menu.panel).toBeVisible();
  await expect(menu.toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.fallbackToggle).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(menu.panel).toBeHidden();
  await fullSpeed();
});

test('on /galeri/ the folded filters’ code comes when the Filter panel opens, and a filter then works', async ({
  page,
  siteData,
}) => {
  const asked = scriptsAsked(page);
  await page.goto('/galeri/', { waitUntil: 'networkidle' });
  await waitForFilterWidgets(page);
  expect(matching(asked, FILTERS_CODE)).toEqual([]);

  const panel = new FilterPanel(page);
  await panel.openByTap();
  await waitForFilterWidgets(page);
  expect(matching(asked, FILTERS_CODE)).toHaveLength(1);
  const categoryFilter = siteData.filter(GALLERY_CATEGORY_FILTER);
  const category = siteData.terms(categoryFilter.queryVar)[0];
  if (!category) throw new Error('no gallery category');
  const box = new Filters(page).checkbox(categoryFilter.label, category.name);
  await box.tap();
  await expect(box).toBeChecked();
  await expect(panel.count).toHaveText('1 aktif');
  await expect(page).toHaveURL(/jsf|jet-smart-filters/);
});
