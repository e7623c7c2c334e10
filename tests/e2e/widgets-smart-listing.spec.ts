import type { Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { categoryNewsTitles, SmartListing } from './pages/smart-listing';
import { expectNoA11yProblems } from './support/axe';
import { ALL_SCRIPTS, holdRequests, throttleCpu } from './support/slow-phone';

// Issue 22: the smart listing on the home page (spec 001 §3-§4, §7-§8): 2 columns × 2 rows + a featured
// post = 5 posts a page on desktops, 1 × 2 + 1 = 3 on phones; its arrows and category filter page it in
// place over `jet_blog_smart_listing_get_posts`, and work as links without JavaScript.

const PER_DESKTOP = 5;
const PER_PHONE = 3;
const CALL = '**/wp-admin/admin-ajax.php';
const isListingCall = (route: Route) =>
  (route.request().postData() ?? '').includes('action=jet_blog_smart_listing_get_posts');

test('the arrows page the latest news in place; the arrow at an end is disabled and does nothing', async ({
  page,
  siteData,
}) => {
  const all = siteData.newsTitles();
  const pages = Math.ceil(all.length / PER_DESKTOP);
  expect(pages).toBeGreaterThanOrEqual(3);
  await page.goto('/');
  const listing = new SmartListing(page);
  await expect(listing.titles).toHaveText(all.slice(0, PER_DESKTOP));
  await expect(listing.featuredTitle).toHaveText(all[0] as string);
  await listing.enhanced();
  // The first page: the prev arrow is disabled (no address, marked for readers), a click on it does nothing.
  await expect(listing.prev).toHaveAttribute('aria-disabled', 'true');
  // (forced: Playwright waits for a control marked disabled to be enabled before a plain click)
  await listing.prev.click({ force: true });
  await expect(listing.titles).toHaveText(all.slice(0, PER_DESKTOP));

  await listing.next.click();
  await expect(listing.titles).toHaveText(all.slice(PER_DESKTOP, 2 * PER_DESKTOP));
  await expect(listing.featuredTitle).toHaveText(all[PER_DESKTOP] as string);
  await expect(listing.status).toHaveText(`Halaman 2 dari ${pages}`);
  // In place: the page's address and its other lists stay as they were.
  await expect(page).toHaveURL('/');
  await expect(listing.prev).not.toHaveAttribute('aria-disabled');

  // By keyboard to the last page: Enter on the next arrow, which keeps the focus as its page arrives.
  await listing.next.focus();
  for (let p = 3; p <= pages; p++) {
    await page.keyboard.press('Enter');
    await expect(listing.status).toHaveText(`Halaman ${p} dari ${pages}`);
    if (p < pages) await expect(listing.next).toBeFocused();
  }
  await expect(listing.titles).toHaveText(all.slice((pages - 1) * PER_DESKTOP));
  await expect(listing.next).toHaveAttribute('aria-disabled', 'true');
  // At the end the focus moves to the other arrow, which still leads somewhere.
  await expect(listing.prev).toBeFocused();
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('admin-ajax.php')) calls++;
  });
  await listing.next.click({ force: true });
  await expect(listing.titles).toHaveText(all.slice((pages - 1) * PER_DESKTOP));
  expect(calls).toBe(0);

  // (the mouse click on the disabled arrow took the focus away: the keyboard comes back to prev)
  await listing.prev.press('Enter');
  await expect(listing.status).toHaveText(`Halaman ${pages - 1} dari ${pages}`);
  await expect(listing.titles).toHaveText(all.slice((pages - 2) * PER_DESKTOP, (pages - 1) * PER_DESKTOP));
});

test('the category filter shows the newest news of a category, paged within it, and back to all', async ({
  page,
  site,
  siteData,
}) => {
  const all = siteData.newsTitles();
  const school = categoryNewsTitles(site.templateFile, 'kegiatan-sekolah');
  expect(school.length).toBeGreaterThan(PER_DESKTOP);
  await page.goto('/');
  const listing = new SmartListing(page);
  await listing.enhanced();
  await expect(listing.category('Semua')).toHaveAttribute('aria-current', 'true');

  await listing.category('Kegiatan Sekolah').click();
  await expect(listing.titles).toHaveText(school.slice(0, PER_DESKTOP));
  await expect(listing.category('Kegiatan Sekolah')).toHaveAttribute('aria-current', 'true');
  await expect(listing.category('Semua')).not.toHaveAttribute('aria-current');
  await expect(listing.status).toHaveText(`Kegiatan Sekolah: halaman 1 dari ${Math.ceil(school.length / PER_DESKTOP)}`);
  await expect(page).toHaveURL('/');

  await listing.next.click();
  await expect(listing.titles).toHaveText(school.slice(PER_DESKTOP, 2 * PER_DESKTOP));
  // Without JavaScript the arrows' links say the same: the page and the category.
  await expect(listing.prev).toHaveAttribute('href', /^\?term=\d+#sl1list$/);

  await listing.category('Semua').click();
  await expect(listing.titles).toHaveText(all.slice(0, PER_DESKTOP));
  await expect(listing.prev).toHaveAttribute('aria-disabled', 'true');
});

test('clicks while a page is on its way are ignored; a failed request only ends the processing', async ({
  page,
  siteData,
}) => {
  const all = siteData.newsTitles();
  await page.goto('/');
  const listing = new SmartListing(page);
  await listing.enhanced();

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sent = 0;
  await page.route(CALL, async (route) => {
    if (!isListingCall(route)) return route.continue();
    sent++;
    await held;
    await route.continue();
  });
  await listing.next.click();
  await expect(listing.root).toHaveAttribute('aria-busy', 'true');
  // A second arrow click and a filter click while processing: neither followed nor sent.
  await listing.next.click();
  await listing.category('Pengumuman').click();
  await expect(page).toHaveURL('/');
  expect(sent).toBe(1);
  release();
  await expect(listing.root).not.toHaveAttribute('aria-busy');
  // Page 2, not 3, and not the category.
  await expect(listing.titles).toHaveText(all.slice(PER_DESKTOP, 2 * PER_DESKTOP));
  await expect(listing.category('Semua')).toHaveAttribute('aria-current', 'true');
  expect(sent).toBe(1);

  // A server error, then no network: the listing stays as it was, without a message, ready again.
  await page.unroute(CALL);
  let failures = 0;
  await page.route(CALL, async (route) => {
    if (!isListingCall(route)) return route.continue();
    failures++;
    if (failures === 1) await route.fulfill({ status: 500, body: '{"success":false}' });
    else await route.abort('internetdisconnected');
  });
  for (const attempt of [1, 2]) {
    await listing.next.click();
    await expect.poll(() => failures).toBe(attempt);
    await expect(listing.root).not.toHaveAttribute('aria-busy');
    await expect(listing.titles).toHaveText(all.slice(PER_DESKTOP, 2 * PER_DESKTOP));
    await expect(listing.status).toHaveText(`Halaman 2 dari ${Math.ceil(all.length / PER_DESKTOP)}`);
    await expect(listing.root.getByRole('alert')).toHaveCount(0);
  }
  // Once the server answers again, the same click works.
  await page.unroute(CALL);
  await listing.next.click();
  await expect(listing.titles).toHaveText(all.slice(2 * PER_DESKTOP, 3 * PER_DESKTOP));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the arrows and the filter are links to ?paged= and ?term= that the server answers', async ({
    page,
    site,
    siteData,
  }) => {
    const all = siteData.newsTitles();
    const school = categoryNewsTitles(site.templateFile, 'kegiatan-sekolah');
    await page.goto('/');
    const listing = new SmartListing(page);
    await expect(listing.titles).toHaveText(all.slice(0, PER_DESKTOP));
    await expect(listing.prev).not.toHaveAttribute('href');

    await listing.next.click();
    await expect(page).toHaveURL('/?paged=2#sl1list');
    await expect(listing.titles).toHaveText(all.slice(PER_DESKTOP, 2 * PER_DESKTOP));
    // The page comes back to the listing (its id is the link's hash).
    await expect(listing.root).toBeInViewport();

    await listing.category('Kegiatan Sekolah').click();
    await expect(page).toHaveURL(/\/\?term=\d+#sl1list$/);
    await expect(listing.titles).toHaveText(school.slice(0, PER_DESKTOP));
    await expect(listing.category('Kegiatan Sekolah')).toHaveAttribute('aria-current', 'true');
    await listing.next.click();
    await expect(page).toHaveURL(/\/\?paged=2&term=\d+#sl1list$/);
    await expect(listing.titles).toHaveText(school.slice(PER_DESKTOP, 2 * PER_DESKTOP));

    // A bad address shows the listing's start, a page past the end its last page: never an error.
    const bad = await page.goto('/?paged=abc&term=xyz');
    expect(bad?.status()).toBe(200);
    await expect(listing.titles).toHaveText(all.slice(0, PER_DESKTOP));
    await page.goto('/?paged=9999');
    await expect(listing.next).not.toHaveAttribute('href');
    await expect(listing.titles).toHaveText(all.slice(Math.floor((all.length - 1) / PER_DESKTOP) * PER_DESKTOP));
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on an arrow before any script has come is kept; then the phone’s page size keeps the place', async ({
    page,
    siteData,
  }) => {
    const all = siteData.newsTitles();
    const endThrottle = await throttleCpu(page, 4);
    const release = await holdRequests(page, ALL_SCRIPTS);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const listing = new SmartListing(page);
    await listing.next.tap();
    // The tap followed the link: the server's next page (at the desktop's size the server renders).
    await expect(page).toHaveURL('/?paged=2#sl1list');
    await expect(listing.featuredTitle).toHaveText(all[PER_DESKTOP] as string);
    release();
    await listing.enhanced();
    // Enhanced on a phone: 3 a page, the page that holds the post shown first (the 6th newest: page 2, posts 4-6).
    await expect(listing.titles).toHaveText(all.slice(PER_PHONE, 2 * PER_PHONE));
    await expect(listing.titles).toContainText([all[PER_DESKTOP] as string]);
    await endThrottle();
    await listing.next.tap();
    await expect(listing.titles).toHaveText(all.slice(2 * PER_PHONE, 3 * PER_PHONE));
  });

  test('at 390 px: one column, nothing wider than the screen, the filter wraps, paging works', async ({
    page,
    siteData,
  }) => {
    const all = siteData.newsTitles();
    await page.goto('/');
    const listing = new SmartListing(page);
    await listing.enhanced();
    await expect(listing.titles).toHaveText(all.slice(0, PER_PHONE));
    await listing.root.scrollIntoViewIfNeeded();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
    // One column: the small posts stand one under the other, and under the featured post.
    const [a, b] = await Promise.all([
      listing.smallPosts.nth(0).boundingBox(),
      listing.smallPosts.nth(1).boundingBox(),
    ]);
    const featured = await listing.root.locator('.jet-smart-listing__featured').boundingBox();
    expect(a && b && featured).toBeTruthy();
    expect(Math.abs((a?.x ?? 0) - (b?.x ?? 1))).toBeLessThan(1);
    expect(b?.y ?? 0).toBeGreaterThan((a?.y ?? 0) + (a?.height ?? 0) - 1);
    expect(a?.y ?? 0).toBeGreaterThan((featured?.y ?? 0) + (featured?.height ?? 0) - 1);
    for (const box of [a, b, featured, await listing.filter.boundingBox(), await listing.arrows.boundingBox()]) {
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    }
    // Scrolled down to the arrows, the featured post's title above the screen.
    await listing.arrows.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 120));
    await expect(listing.featuredTitle).not.toBeInViewport();
    await listing.next.tap();
    await expect(listing.titles).toHaveText(all.slice(PER_PHONE, 2 * PER_PHONE));
    // The new page is brought into view from its start.
    await expect(listing.featuredTitle).toBeInViewport();
  });
});

test('a window that becomes a phone asks for the phone’s page size, keeping the place', async ({ page, siteData }) => {
  const all = siteData.newsTitles();
  await page.goto('/?paged=3#sl1list');
  const listing = new SmartListing(page);
  await listing.enhanced();
  await expect(listing.titles).toHaveText(all.slice(2 * PER_DESKTOP, 3 * PER_DESKTOP));
  await page.setViewportSize({ width: 390, height: 844 });
  // Page 3 at 5 began with the 11th newest: at 3 a page, page 4 (posts 10-12) holds it.
  await expect(listing.titles).toHaveText(all.slice(3 * PER_PHONE, 4 * PER_PHONE));
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(listing.titles).toHaveText(all.slice(PER_DESKTOP, 2 * PER_DESKTOP));
});

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`axe finds nothing on the listing, paged and filtered, with reduced motion ${motion}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion });
    await page.goto('/');
    const listing = new SmartListing(page);
    await listing.enhanced();
    await listing.category('Prestasi').click();
    await expect(listing.status).toHaveText(/^Prestasi: halaman 1 dari \d+$/);
    await expectNoA11yProblems(page);
    await listing.category('Semua').click();
    await expect(listing.status).toHaveText(/^Halaman 1 dari \d+$/);
    await listing.next.click();
    await expect(listing.status).toHaveText(/^Halaman 2 dari \d+$/);
    await expectNoA11yProblems(page);
    // The fade while processing is a transition, none under reduced motion.
    const fade = await listing.root
      .locator('.jet-smart-listing')
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(fade).toBe(motion === 'reduce' ? '0s' : '0.2s');
  });
}
