import { expect, staffTest as test } from './fixtures';
import { Filters, optionName } from './pages/filters';
import { GalleryItem } from './pages/gallery';
import { waitForHydration } from './pages/site';
import { optionCount, photoFile, StaffAlbumPage } from './pages/staff-gallery';

// Issue 14 "Tests": an editor uploads 5 photos to a new album (per-file progress ending in done), reorders
// them with the keyboard, is refused publication until every photo has alt text, publishes, and sees the
// album on /galeri/ with the category filter's count raised by one. The cover's caption shows under it and in
// the lightbox.

const CATEGORY = 'Kunjungan';
const CATEGORY_FILTER = 'Kategori kegiatan';

test('an editor uploads five photos to a new album, reorders and describes them, and publishes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Kunjungan ke Observatorium ${Date.now().toString(36)}`;
  const filters = new Filters(page);
  await page.goto('/galeri/');
  const before = await optionCount(filters.checkbox(CATEGORY_FILTER, CATEGORY));

  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Bagian ruang staf' }).getByRole('link', { name: 'Galeri' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Galeri');
  await page.getByRole('link', { name: 'Tambah album' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Album baru');
  const album = new StaffAlbumPage(page);
  await album.title.fill(title);
  await page.getByLabel('Tahun kegiatan').fill('2030');
  await page.getByRole('checkbox', { name: CATEGORY }).check();
  await album.button('Simpan album').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ubah album');
  await expect(page.getByRole('status').first()).toContainText('Album dibuat sebagai draf');

  // Five photos through the file input, one request each, each ending in "Selesai".
  await album.ready();
  const names = ['kubah.jpg', 'teleskop.jpg', 'peta-bintang.jpg', 'ruang-kendali.jpg', 'foto-bersama.jpg'];
  await album.fileInput.setInputFiles(await Promise.all(names.map((n, i) => photoFile(n, 900 + i * 50, 700))));
  await expect(album.uploads).toHaveCount(5);
  await expect(album.uploads).toHaveText(
    names.map((n) => new RegExp(`${n.replace('.', '\\.')}.*Selesai`)),
    { timeout: 60_000 },
  );
  await expect(page.getByText('5 dari 5 foto selesai.')).toBeVisible();
  await expect(album.order).toHaveCount(5);

  // Reorder with the keyboard: the first photo one place down.
  const order = await album.photoNames();
  const first = order[0] as string;
  const down = album.button(`Turun: Foto 1 (${first})`);
  await down.focus();
  await page.keyboard.press('Enter');
  const turned = [order[1], first, ...order.slice(2)] as string[];
  await expect.poll(() => album.photoNames()).toEqual(turned);

  // Dragged with the keyboard alone (each row's drag button): the last photo to the top.
  const last = turned[4] as string;
  await album.button(`Seret Foto 5 (${last})`).focus();
  await page.keyboard.press('Enter');
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  // The drag starts a moment after the key (React Aria then focuses the first drop place).
  await expect.poll(focused).toMatch(/^Insert /);
  const dropPlaces: string[] = [];
  for (let i = 0; i < 10; i++) {
    const place = await focused();
    dropPlaces.push(place);
    // React Aria names the drop places ("Insert before …", "Insert between … and …"); the first is the top.
    if (/^Insert before/.test(place)) break;
    await page.keyboard.press('ArrowUp');
  }
  // The places name the photos by their place now (no stale number from before the move).
  expect(dropPlaces.at(-1)).toBe(`Insert before Foto 1 (${turned[0]})`);
  for (const place of dropPlaces) {
    for (const [, n, name] of place.matchAll(/Foto (\d) \(([^)]+)\)/g)) expect(turned[Number(n) - 1], place).toBe(name);
  }
  await page.keyboard.press('Enter');
  const moved = [last, ...turned.slice(0, 4)];
  await expect.poll(() => album.photoNames()).toEqual(moved);

  // Publishing without alt texts is refused, naming the photos; the new order is kept.
  await album.button('Terbitkan').click();
  await expect(page.getByRole('alert')).toContainText(`isi teks alternatif untuk Foto 1 (${moved[0]})`);
  await expect.poll(() => album.photoNames()).toEqual(moved);

  await expect(album.altFields).toHaveCount(5);
  for (const [i, name] of moved.entries()) {
    await page.getByLabel(`Teks alternatif Foto ${i + 1} (${name})`).fill(`Siswa di observatorium: ${name}`);
  }
  const caption = 'Kubah observatorium dilihat dari halaman depan';
  await page.getByLabel(`Keterangan Foto 1 (${moved[0]})`).fill(caption);
  await album.button('Terbitkan').click();
  await expect(page.getByRole('status').first()).toContainText('Album diterbitkan dan sudah tampil di galeri.');

  // The album's page shows the photos in the new order: its cover is the photo that was second.
  await page.getByRole('link', { name: 'Lihat di galeri' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('img', { name: `Siswa di observatorium: ${moved[0]}` }).first()).toBeAttached();
  const item = new GalleryItem(page);
  await waitForHydration(page);
  await item.expectLive();
  await expect(item.currentSlide.getByRole('figure', { name: caption })).toBeVisible();
  await item.currentSlide.getByRole('link').click();
  await expect(item.lightbox).toBeVisible();
  await expect(item.lightboxImage).toHaveAttribute('alt', `Siswa di observatorium: ${moved[0]}`);
  await expect(item.lightbox.locator('.yarl__slide_current')).toContainText(caption);
  await item.lightbox.getByRole('button', { name: 'Tutup' }).click();

  // The gallery lists it, and the category's counter counts it.
  await page.goto('/galeri/');
  await expect(page.getByRole('link', { name: title }).first()).toBeAttached();
  await expect(filters.checkbox(CATEGORY_FILTER, CATEGORY)).toHaveAccessibleName(optionName(CATEGORY, before + 1));
});

test('photos chosen together are listed in the order chosen, even when a later one lands first', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/galeri/baru/');
  const album = new StaffAlbumPage(page);
  await album.title.fill(`Pentas Seni ${Date.now().toString(36)}`);
  await page.getByLabel('Tahun kegiatan').fill('2030');
  await album.button('Simpan album').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ubah album');
  await album.ready();

  // The first file's upload is held until the two after it have landed (three are sent at once).
  const names = ['pembukaan.jpg', 'tari-saman.jpg', 'paduan-suara.jpg'];
  let landed = 0;
  let releaseFirst = () => {};
  const othersLanded = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  await page.route('**/unggah/', async (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    if (body.includes(`filename="${names[0]}"`)) {
      await othersLanded;
      await route.continue();
      return;
    }
    await route.fulfill({ response: await route.fetch() });
    if (++landed === 2) releaseFirst();
  });
  await album.fileInput.setInputFiles(await Promise.all(names.map((n) => photoFile(n, 600, 450))));
  await expect(album.uploads).toHaveText(
    names.map((n) => new RegExp(`${n.replace('.', '\\.')}.*Selesai`)),
    { timeout: 60_000 },
  );
  expect(landed).toBe(2);
  // The album lists them as chosen: the first chosen is Foto 1, the album's cover.
  await expect.poll(() => album.photoNames()).toEqual(names);
  await expect(page.getByText('Foto pertama menjadi foto sampul.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the album list and an album’s screen fit the screen; the upload is within reach', async ({ page }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto('/admin/galeri/');
    await expect(page.getByRole('link', { name: 'Tambah album' })).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Upacara Bendera Hari Senin' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ubah album');
    const album = new StaffAlbumPage(page);
    await album.ready();
    await expect(album.order).toHaveCount(4);
    await album.fileInput.scrollIntoViewIfNeeded();
    await expect(album.fileInput).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
