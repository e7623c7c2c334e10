import { expect, test } from './fixtures';
import { FeaturedSlider, ListingGrid } from './pages/listing';
import { NewsList } from './pages/news-list';
import { waitForHydration, waitForRouterIdle } from './pages/site';
import { holdRequests } from './support/slow-phone';

// Issue 13 "Listings": infinite scroll, a failed load more and its retry, the pager after load more,
// and the featured-news slider with the keyboard and a swipe.

test('the news archive pages by infinite scroll to its end, each post once', async ({ page, siteData }) => {
  await page.goto('/arsip-berita/');
  await waitForHydration(page);
  const grid = new ListingGrid(page, 'Muat berita lainnya');
  const all = siteData.newsTitles();
  await expect(grid.titles).toHaveText(all.slice(0, 12));
  // Scrolling to the control loads the next page, until the last one, where the control goes.
  await expect(async () => {
    if (await grid.loadMore.isVisible()) await grid.loadMore.scrollIntoViewIfNeeded();
    await expect(grid.titles).toHaveCount(all.length, { timeout: 1_000 });
  }).toPass();
  await expect(grid.titles).toHaveText(all);
  await expect(grid.loadMore).toHaveCount(0);
  await expect(page.getByText('Halaman 4 dimuat')).toBeAttached();
});

test('a failed load more keeps the control and says so; a retry that works loads the page', async ({
  page,
  siteData,
}) => {
  await page.goto('/arsip-berita/');
  await waitForHydration(page);
  const grid = new ListingGrid(page, /Muat berita lainnya|Coba lagi/);
  // The first load-more request fails with a server error, the second with no network at all.
  let failures = 0;
  await page.route('**/wp-admin/admin-ajax.php', async (route) => {
    failures++;
    if (failures === 1) await route.fulfill({ status: 503, body: 'Service Unavailable' });
    else await route.abort('internetdisconnected');
  });
  await grid.loadMore.scrollIntoViewIfNeeded();
  await expect(grid.error).toHaveText(/Gagal memuat/);
  await expect(grid.loadMore).toHaveText('Coba lagi');
  await expect(grid.titles).toHaveCount(12);
  // Loading state cleared (spec 000 §8): the control takes clicks again.
  await expect(grid.root).not.toHaveAttribute('data-loading');
  await grid.loadMore.click();
  await expect.poll(() => failures).toBe(2);
  await expect(grid.error).toHaveText(/Gagal memuat/);

  await page.unroute('**/wp-admin/admin-ajax.php');
  await grid.loadMore.click();
  // Page 2 arrives after the first 12, in order (the control still in view may fetch more after it).
  const first24 = siteData.newsTitles({ limit: 24 });
  await expect.poll(async () => (await grid.titles.allInnerTexts()).slice(0, 24)).toEqual(first24);
  await expect(grid.root.getByText(/Gagal memuat/)).toHaveCount(0);
});

test('after load more on /berita/ the pager marks page 2, its "2" repeats nothing, Back shows page 1 again', async ({
  page,
  siteData,
}) => {
  await page.goto('/berita/');
  await waitForHydration(page);
  const news = new NewsList(page);
  const pager = page.getByRole('navigation', { name: 'Halaman hasil' });
  await expect(pager.locator('[aria-current="page"]')).toHaveText('1');

  await news.loadMore.click();
  await expect(news.titles).toHaveText(siteData.newsTitles({ limit: 20 }));
  await expect(page).toHaveURL('/berita/page/2/');
  await expect(pager.locator('[aria-current="page"]')).toHaveText('2');

  // "2" is the page shown last: nothing is sent and no post shows twice.
  let requests = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('admin-ajax.php')) requests++;
  });
  await pager.getByRole('link', { name: 'Halaman 2', exact: true }).click();
  await expect(news.titles).toHaveText(siteData.newsTitles({ limit: 20 }));
  expect(requests).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL('/berita/');
  await waitForRouterIdle(page);
  await expect(news.titles).toHaveText(siteData.newsTitles({ limit: 10 }));
  await expect(pager.locator('[aria-current="page"]')).toHaveText('1');
});

test.describe('the featured-news slider', () => {
  test.use({ reducedMotion: 'reduce' });

  test('moves with its buttons and the arrow keys; hidden slides leave the tab order', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const slider = new FeaturedSlider(page);
    await slider.expectLive();
    // Reduced motion: nothing moves by itself, so there is nothing to pause.
    await expect(slider.pause).toHaveCount(0);
    await slider.expectPosition(1);
    await slider.next.focus();
    await page.keyboard.press('Enter');
    await slider.expectPosition(2);
    await page.keyboard.press('ArrowRight');
    await slider.expectPosition(3);
    await page.keyboard.press('ArrowLeft');
    await slider.expectPosition(2);
    // Three of six slides show: the first is out of view now and out of the tab order.
    await expect(slider.slides.first()).toHaveJSProperty('inert', true);
    await expect(slider.slides.nth(1)).toHaveJSProperty('inert', false);
    await slider.dots.first().click();
    await slider.expectPosition(1);
    // Endless (spec 001 §3 "infinite"): before the first comes the last.
    await slider.previous.click();
    await slider.expectPosition(await slider.dots.count());
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('a swipe moves it one slide on and back', async ({ page }) => {
      await page.goto('/');
      const slider = new FeaturedSlider(page);
      await slider.expectLive();
      await slider.viewport.scrollIntoViewIfNeeded();
      await slider.expectPosition(1);
      await slider.swipe(-220);
      await slider.expectPosition(2);
      await slider.swipe(220);
      await slider.expectPosition(1);
    });
  });
});

test('with motion allowed the slider turns by itself; the pause button stops it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const slider = new FeaturedSlider(page);
  await slider.expectLive();
  await page.mouse.move(0, 0);
  // While it turns, the slides are not announced (aria-live off); it moves on after 5 s.
  await expect(slider.viewport).toHaveAttribute('aria-live', 'off');
  await expect(slider.dots.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 10_000 });
  await slider.pause.click();
  await expect(slider.pause).toHaveText('Putar otomatis');
  // Focus and pointer gone, it stays stopped: a stopped slider announces its slides.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  await expect(slider.viewport).toHaveAttribute('aria-live', 'polite');
  await slider.pause.click();
  await expect(slider.pause).toHaveText('Jeda');
});

test('a load more clicked while the grid’s code is still on its way is carried out when it arrives', async ({
  page,
}) => {
  const release = await holdRequests(page, /\/assets\/listing-grid-body-[^/]*\.js/);
  await page.goto('/galeri/');
  await waitForHydration(page);
  const gallery = new ListingGrid(page, 'Muat lebih banyak');
  await expect(gallery.root.locator('.jet-listing-grid__item')).toHaveCount(6);
  await gallery.loadMore.click();
  // The click neither followed the link nor got lost.
  await expect(page).toHaveURL('/galeri/');
  release();
  await expect(gallery.root.locator('.jet-listing-grid__item')).toHaveCount(9);
  await expect(page).toHaveURL('/galeri/');
});

test('in a listing, a delete link asks first, and an action link without a handler does nothing', async ({ page }) => {
  // The archive's first card gets the links an editor's template would give it (spec 000 §2, §5).
  await page.route('**/arsip-berita/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '<article class="post-card',
      '<a class="jet-engine-delete-post" href="/berita/" data-delete-message="Hapus berita ini?">Hapus</a>' +
        '<a href="#jet-engine-action&amp;action=tidak-ada&amp;event=click">Aksi</a><article class="post-card',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/arsip-berita/');
  await waitForHydration(page);
  const grid = new ListingGrid(page, 'Muat berita lainnya');
  const remove = grid.root.getByRole('link', { name: 'Hapus' });

  await expect(grid.root).toHaveAttribute('data-item-links', '');

  // No handler is registered for the action: the click runs nothing and the address stays.
  await grid.root.getByRole('link', { name: 'Aksi' }).click();
  await expect(page).toHaveURL('/arsip-berita/');

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Hapus berita ini?');
    void dialog.dismiss();
  });
  await remove.click();
  await expect(page).toHaveURL('/arsip-berita/');

  page.once('dialog', (dialog) => void dialog.accept());
  await remove.click();
  await expect(page).toHaveURL('/berita/');
});
