import { expect, test } from './fixtures';
import { Gallery } from './pages/gallery';
import { waitForHydration } from './pages/site';

// spec 001 §2-3: 6 items a page, at most 9 in all, 3 columns on desktop and 2 on mobile.
test('the gallery shows 6 items in 3 columns; load more shows 9 and no button', async ({ page }) => {
  await page.goto('/galeri/');
  await waitForHydration(page);
  const gallery = new Gallery(page);
  await expect(gallery.items).toHaveCount(6);
  await expect.poll(() => gallery.columnCount()).toBe(3);

  await gallery.loadMore.click();
  await expect(gallery.items).toHaveCount(9);
  await expect(gallery.loadMore).toHaveCount(0);
  expect(new Set(await gallery.itemLinks()).size).toBe(9);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the gallery items sit in 2 columns', async ({ page }) => {
    await page.goto('/galeri/');
    const gallery = new Gallery(page);
    await expect(gallery.items).toHaveCount(6);
    await expect.poll(() => gallery.columnCount()).toBe(2);
  });
});

test('the gallery tolerates a query string', async ({ page }) => {
  const response = await page.goto('/galeri/?nocache=123');
  expect(response?.status()).toBe(200);
  await expect(new Gallery(page).items).toHaveCount(6);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('load more is a link to /galeri/page/2/, which shows the remaining 3 items', async ({ page }) => {
    await page.goto('/galeri/');
    const gallery = new Gallery(page);
    await expect(gallery.items).toHaveCount(6);
    const firstPage = await gallery.itemLinks();
    await expect(gallery.loadMore).toHaveAttribute('href', '/galeri/page/2/');

    await gallery.loadMore.click();
    await expect(page).toHaveURL('/galeri/page/2/');
    await expect(gallery.items).toHaveCount(3);
    const secondPage = await gallery.itemLinks();
    expect(secondPage.filter((link) => firstPage.includes(link))).toEqual([]);
    // Nine in all (spec 001 §2): nothing further to load.
    await expect(gallery.loadMore).toHaveCount(0);
  });
});
