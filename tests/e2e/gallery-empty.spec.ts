import { expect, emptyGalleryTest as test } from './fixtures';
import { Gallery } from './pages/gallery';

test('an empty gallery says so and offers nothing to load', async ({ page }) => {
  await page.goto('/galeri/');
  const gallery = new Gallery(page);
  await expect(gallery.notFound).toBeVisible();
  await expect(gallery.items).toHaveCount(0);
  await expect(gallery.loadMore).toHaveCount(0);
});
