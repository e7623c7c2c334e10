import { expect, test } from './fixtures';
import { Filters, optionName } from './pages/filters';
import { Gallery, GalleryItem } from './pages/gallery';
import type { SiteData } from './support/site-data';
import { holdRequests } from './support/slow-phone';

// Issue 13 "Gallery items": a gallery item shows all its photos in the gallery slider with
// thumbnails (120x80) and a lightbox (counter, fullscreen, zoom, share, swipe from 50 px, keyboard);
// its category links lead to the gallery filtered by that category (spec 000 §2, §9 "Slider defaults",
// "Share networks"; spec 001 §2 "Filter state in the address").

/** Filter 11 of content/filters.yaml: the gallery's categories. */
const GALLERY_CATEGORIES = 11;

/** The gallery item with the most photos (the newest of those), and its photos in slider order. */
function itemWithPhotos(siteData: SiteData) {
  const items = siteData.listedItems('galeri').map((i) => ({ ...i, photos: siteData.galleryPhotos(i.slug) }));
  const most = Math.max(...items.map((i) => i.photos.length));
  const item = items.find((i) => i.photos.length === most);
  if (!item || most < 3) throw new Error('no gallery item has three photos or more');
  return { ...item, path: `/galeri/${item.slug}/` };
}

test("open a gallery item's lightbox and step through it", async ({ page, siteData }) => {
  const { path, photos } = itemWithPhotos(siteData);
  const n = photos.length;
  const item = new GalleryItem(page);
  await item.open(path);
  await expect(item.counter).toHaveText(`Foto 1 dari ${n}`);
  await expect(item.previous).toHaveAttribute('aria-disabled', 'true');

  await item.next.click();
  await expect(item.counter).toHaveText(`Foto 2 dari ${n}`);
  await expect(item.currentSlide.getByRole('img')).toHaveAttribute('alt', photos[1]?.alt ?? '');

  await item.currentSlide.getByRole('link').click();
  await expect(item.lightbox).toBeVisible();
  await expect(item.lightboxCounter).toHaveText(`2 / ${n}`);
  await expect(item.lightboxImage).toHaveAttribute('alt', photos[1]?.alt ?? '');
  await expect(item.lightbox.getByRole('button', { name: 'Perbesar' })).toBeVisible();

  await item.lightbox.getByRole('button', { name: 'Foto berikutnya' }).click();
  await expect(item.lightboxCounter).toHaveText(`3 / ${n}`);
  await expect(item.lightboxImage).toHaveAttribute('alt', photos[2]?.alt ?? '');
  await item.lightbox.getByRole('button', { name: 'Foto sebelumnya' }).click();
  await expect(item.lightboxCounter).toHaveText(`2 / ${n}`);

  await item.lightbox.getByRole('button', { name: 'Tutup' }).click();
  await expect(item.lightbox).toHaveCount(0);
  await expect(item.currentSlide.getByRole('link')).toBeFocused();
});

test('the keyboard moves the slider, opens the lightbox, steps through it and Escape returns to the photo', async ({
  page,
  siteData,
}) => {
  const { path, photos } = itemWithPhotos(siteData);
  const n = photos.length;
  const item = new GalleryItem(page);
  await item.open(path);

  await item.photoLinks.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(item.counter).toHaveText(`Foto 2 dari ${n}`);
  // The photo in view takes the focus; the others are out of the tab order.
  const opener = item.photoLinks.nth(1);
  await expect(opener).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(item.counter).toHaveText(`Foto 1 dari ${n}`);
  await page.keyboard.press('ArrowRight');
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(item.lightbox).toBeVisible();
  await expect(item.lightboxCounter).toHaveText(`2 / ${n}`);
  await page.keyboard.press('ArrowRight');
  await expect(item.lightboxCounter).toHaveText(`3 / ${n}`);
  // One step at a time: a key pressed while the lightbox still slides may be dropped, as a visitor sees.
  await page.keyboard.press('ArrowLeft');
  await expect(item.lightboxCounter).toHaveText(`2 / ${n}`);
  await page.keyboard.press('ArrowLeft');
  await expect(item.lightboxCounter).toHaveText(`1 / ${n}`);
  await expect(item.lightboxImage).toHaveAttribute('alt', photos[0]?.alt ?? '');

  await page.keyboard.press('Escape');
  await expect(item.lightbox).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Open again and leave it open: the fixture's axe audit reads the page with the lightbox showing.
  await page.keyboard.press('Enter');
  await expect(item.lightbox).toBeVisible();
  await expect(item.lightboxCounter).toHaveText(`2 / ${n}`);
});

test('a click on the third thumbnail shows photo 3 and marks that thumbnail', async ({ page, siteData }) => {
  const { path, photos } = itemWithPhotos(siteData);
  const n = photos.length;
  const item = new GalleryItem(page);
  await item.open(path);
  await expect(item.thumbnails).toHaveCount(n);
  await expect(item.currentThumbnail).toHaveAccessibleName(`Foto 1 dari ${n}`);

  const third = item.thumbnails.nth(2);
  await expect(third).toHaveAccessibleName(`Foto 3 dari ${n}`);
  // A thumbnail is the photo's smallest copy, 120x80.
  const size = await third.boundingBox();
  expect([size?.width, size?.height]).toEqual([120, 80]);
  await expect(third.locator('img')).toHaveAttribute(
    'src',
    new RegExp(`/wp-content/uploads/${photos[2]?.file}-480w\\.jpg$`),
  );

  await third.click();
  await expect(item.counter).toHaveText(`Foto 3 dari ${n}`);
  await expect(item.currentSlide.getByRole('img')).toHaveAttribute('alt', photos[2]?.alt ?? '');
  await expect(third).toHaveAttribute('aria-current', 'true');
  await expect(item.currentThumbnail).toHaveCount(1);
  // The page stays where it is: no jump to the anchor, no new history entry.
  await expect(page).toHaveURL(new RegExp(`${path}$`));

  // The slider's own buttons move the mark along.
  await item.previous.click();
  await expect(item.counter).toHaveText(`Foto 2 dari ${n}`);
  await expect(item.currentThumbnail).toHaveAccessibleName(`Foto 2 dari ${n}`);
});

test('the thumbnails are one tab stop that the arrow keys, Home and End move along', async ({ page, siteData }) => {
  const { path, photos } = itemWithPhotos(siteData);
  const n = photos.length;
  const item = new GalleryItem(page);
  await item.open(path);

  await item.photoLinks.first().focus();
  await page.keyboard.press('Tab');
  await expect(item.thumbnails.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(item.counter).toHaveText(`Foto 2 dari ${n}`);
  await expect(item.thumbnails.nth(1)).toBeFocused();
  await expect(item.thumbnails.nth(1)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('End');
  await expect(item.counter).toHaveText(`Foto ${n} dari ${n}`);
  await expect(item.thumbnails.last()).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(item.counter).toHaveText(`Foto ${n - 1} dari ${n}`);
  await page.keyboard.press('Home');
  await expect(item.counter).toHaveText(`Foto 1 dari ${n}`);
  await expect(item.thumbnails.first()).toBeFocused();

  // One stop: Tab leaves the strip for the slider's buttons, Shift+Tab comes back to the current one.
  await page.keyboard.press('Tab');
  await expect(item.previous).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(item.counter).toHaveText(`Foto 3 dari ${n}`);
  await page.keyboard.press('Shift+Tab');
  await expect(item.thumbnails.nth(2)).toBeFocused();
  await expect(item.thumbnails.nth(2)).toHaveAttribute('aria-current', 'true');
});

test("a photo's address opens the slider at that photo", async ({ page, siteData }) => {
  const { path, photos } = itemWithPhotos(siteData);
  const n = photos.length;
  const item = new GalleryItem(page);
  await item.open(`${path}#foto-3`);
  await expect(item.counter).toHaveText(`Foto 3 dari ${n}`);
  await expect(item.currentSlide.getByRole('img')).toHaveAttribute('alt', photos[2]?.alt ?? '');
  await expect(item.currentThumbnail).toHaveAccessibleName(`Foto 3 dari ${n}`);
});

test.describe('sharing a photo from the lightbox', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('without a share sheet: a list of share links and "Salin tautan", by keyboard', async ({
    page,
    siteData,
    baseURL,
  }) => {
    // A desktop browser without the Web Share API, whatever this Chromium build has.
    await page.addInitScript(() => {
      for (const key of ['share', 'canShare'] as const) delete (Navigator.prototype as Partial<Navigator>)[key];
    });
    const { path, photos } = itemWithPhotos(siteData);
    const item = new GalleryItem(page);
    await item.open(path);
    await item.next.click();
    await expect(item.counter).toHaveText(`Foto 2 dari ${photos.length}`);
    await item.currentSlide.getByRole('link').click();
    await expect(item.lightbox).toBeVisible();
    const photoUrl = `${baseURL}${path}#foto-2`;

    await expect(item.shareList).toBeHidden();
    await item.share.focus();
    await page.keyboard.press('Enter');
    await expect(item.share).toHaveAttribute('aria-expanded', 'true');
    await expect(item.shareList).toBeVisible();
    const whatsApp = item.shareList.getByRole('link', { name: 'WhatsApp' });
    await expect(whatsApp).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/\\?text=.*${literal(encodeURIComponent(photoUrl))}$`),
    );
    await expect(whatsApp).toHaveAttribute('target', '_blank');
    for (const name of ['Facebook', 'Telegram', 'X (Twitter)', 'E-mail']) {
      await expect(item.shareList.getByRole('link', { name })).toHaveAttribute(
        'href',
        new RegExp(literal(encodeURIComponent(photoUrl))),
      );
    }

    await page.keyboard.press('Tab');
    await expect(whatsApp).toBeFocused();
    // The arrow keys move along the list; the lightbox keeps its photo.
    await page.keyboard.press('ArrowDown');
    await expect(item.shareList.getByRole('link', { name: 'Facebook' })).toBeFocused();
    await page.keyboard.press('End');
    const copy = item.shareList.getByRole('button', { name: 'Salin tautan' });
    await expect(copy).toBeFocused();
    await expect(item.lightboxCounter).toHaveText(`2 / ${photos.length}`);
    await page.keyboard.press('Enter');
    await expect(item.lightbox.getByRole('status')).toHaveText('Tautan disalin');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(photoUrl);

    // Escape closes the list (not the lightbox) and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(item.shareList).toBeHidden();
    await expect(item.share).toBeFocused();
    await expect(item.share).toHaveAttribute('aria-expanded', 'false');
    await expect(item.lightbox).toBeVisible();

    // Left open for the fixture's axe audit.
    await item.share.click();
    await expect(item.shareList).toBeVisible();
  });

  test("with a share sheet: the system's sheet gets the photo's address", async ({ page, siteData, baseURL }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shared: ShareData[] };
      w.shared = [];
      Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: () => true });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          w.shared.push(data);
        },
      });
    });
    const { path, photos } = itemWithPhotos(siteData);
    const item = new GalleryItem(page);
    await item.open(path);
    await item.photoLinks.first().click();
    await expect(item.lightbox).toBeVisible();
    await item.lightbox.getByRole('button', { name: 'Foto berikutnya' }).click();
    await expect(item.lightboxCounter).toHaveText(`2 / ${photos.length}`);
    await item.share.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([expect.objectContaining({ url: `${baseURL}${path}#foto-2` })]);
    await expect(item.shareList).toHaveCount(0);
  });
});

test('a tap made while the lightbox code loads opens it once the code is in', async ({ page, siteData }) => {
  const { path, photos } = itemWithPhotos(siteData);
  const item = new GalleryItem(page);
  const chunk = /\/assets\/photo-lightbox-[^/]*\.js(\?|$)/;
  const release = await holdRequests(page, chunk);
  const requested = page.waitForRequest(chunk);
  await item.open(path);
  await item.photoLinks.first().click();
  // The code was asked for and is held; the tap stayed on the page (not the image file) and waits.
  await requested;
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(item.lightbox).toHaveCount(0);
  release();
  await expect(item.lightbox).toBeVisible();
  await expect(item.lightboxCounter).toHaveText(`1 / ${photos.length}`);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a swipe moves the slider and, from 50 px, the lightbox', async ({ page, siteData }) => {
    const { path, photos } = itemWithPhotos(siteData);
    const n = photos.length;
    const item = new GalleryItem(page);
    await item.open(path);

    // The strip never widens the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await item.swipe(item.slider.locator('.gallery-slider__viewport'), -200);
    await expect(item.counter).toHaveText(`Foto 2 dari ${n}`);

    await item.currentSlide.getByRole('link').tap();
    await expect(item.lightbox).toBeVisible();
    await expect(item.lightboxCounter).toHaveText(`2 / ${n}`);
    const stage = item.lightbox.locator('.yarl__container');
    // Under 50 px the photo stays.
    await item.swipe(stage, -40);
    await item.swipe(stage, 45);
    await expect(item.lightboxCounter).toHaveText(`2 / ${n}`);
    await item.swipe(stage, -150);
    await expect(item.lightboxCounter).toHaveText(`3 / ${n}`);
    await expect(item.lightboxImage).toHaveAttribute('alt', photos[2]?.alt ?? '');
    await item.swipe(stage, 150);
    await expect(item.lightboxCounter).toHaveText(`2 / ${n}`);
  });

  test('the thumbnails scroll to keep the current one in view', async ({ page, siteData }) => {
    const { path, photos } = itemWithPhotos(siteData);
    const n = photos.length;
    const item = new GalleryItem(page);
    await item.open(path);
    // Wider than the phone: the strip scrolls, the page does not.
    await expect(item.thumbnails.last()).not.toBeInViewport();
    await item.next.tap();
    await item.next.tap();
    await expect(item.counter).toHaveText(`Foto 3 dari ${n}`);
    for (let i = 3; i < n; i++) await item.next.tap();
    await expect(item.counter).toHaveText(`Foto ${n} dari ${n}`);
    await expect(item.currentThumbnail).toHaveAccessibleName(`Foto ${n} dari ${n}`);
    await expect(item.thumbnails.last()).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await item.thumbnails.first().tap();
    await expect(item.counter).toHaveText(`Foto 1 dari ${n}`);
    await expect(item.thumbnails.first()).toBeInViewport({ ratio: 1 });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every photo is shown and opens its full-size file', async ({ page, siteData }) => {
    const { path, photos } = itemWithPhotos(siteData);
    const item = new GalleryItem(page);
    await page.goto(path);
    await expect(item.photoLinks).toHaveCount(photos.length);
    await expect(item.counter).toHaveText(`${photos.length} foto`);
    for (const [i, photo] of photos.entries()) {
      const link = item.photoLinks.nth(i);
      await expect(link).toHaveAttribute('href', new RegExp(`/wp-content/uploads/${photo.file}-\\d+w\\.jpg$`));
      await expect(link.getByRole('img')).toHaveAttribute('alt', photo.alt);
    }
    const href = await item.photoLinks.last().getAttribute('href');
    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/jpeg');
  });

  test("a thumbnail links to its photo's anchor, which scrolls the strip to that photo", async ({ page, siteData }) => {
    const { path, photos } = itemWithPhotos(siteData);
    const item = new GalleryItem(page);
    await page.goto(path);
    await expect(item.thumbnails).toHaveCount(photos.length);
    const third = item.thumbnails.nth(2);
    await expect(third).toHaveAttribute('href', '#foto-3');
    await expect(item.photoLinks.nth(2)).not.toBeInViewport({ ratio: 0.9 });
    await third.click();
    await expect(page).toHaveURL(new RegExp(`${path}#foto-3$`));
    await expect(item.photoLinks.nth(2)).toBeInViewport({ ratio: 0.9 });
  });

  test('a category link leads to the gallery filtered by that category, checked and counted', async ({
    page,
    siteData,
  }) => {
    const filter = siteData.filter(GALLERY_CATEGORIES);
    const terms = siteData.terms(filter.queryVar);
    const items = siteData.listedItems('galeri');
    const { path, termIds } = itemWithPhotos(siteData);
    const category = terms.find((t) => termIds.includes(t.id));
    if (!category) throw new Error('the gallery item has no category');
    const grid = siteData.listingSettings('galeri', 'galeri');
    const cap = (k: number) => Math.min(k, Number(grid.maxPostsNum) || k);
    const inCategory = items.filter((i) => i.termIds.includes(category.id));

    await page.goto(path);
    await page.getByRole('link', { name: category.name, exact: true }).click();
    await expect(page).toHaveURL(/\/galeri\//);
    const filters = new Filters(page);
    await expect(filters.checkbox(filter.label, category.name)).toBeChecked();
    await expect(filters.checkbox(filter.label, category.name)).toHaveAccessibleName(
      optionName(category.name, cap(inCategory.length)),
    );
    expect(await new Gallery(page).itemLinks()).toEqual(
      inCategory.slice(0, Math.min(Number(grid.postsNum), cap(inCategory.length))).map((i) => `/galeri/${i.slug}/`),
    );
  });
});

/** `text` as a regular expression that matches it literally. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
