import type { Locator } from '@playwright/test';
import { expect, staffTest as test } from './fixtures';
import { Filters } from './pages/filters';
import { waitForHydration } from './pages/site';
import { ALL_SCRIPTS, holdRequests, throttleCpu } from './support/slow-phone';

/** A checkbox's label text (its name, and a filter's counter "(12)"). */
const labelOf = (checkbox: Locator) =>
  checkbox.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? '');

// Issue 14, news in the staff area: an editor writes, illustrates and publishes a post and finds it on
// the site; bad input is answered with clear messages and nothing typed is lost.

test('an editor writes and publishes a news post with a featured image and sees it on the home page and in the feed', async ({
  page,
}) => {
  const title = `Siswa Juara Lomba Robotik ${Date.now()}`;
  await page.getByRole('navigation', { name: 'Bagian ruang staf' }).getByRole('link', { name: 'Berita' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Berita' })).toBeVisible();
  await page.getByRole('link', { name: 'Tulis berita baru' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Berita baru' })).toBeVisible();
  await waitForHydration(page);

  await page.getByLabel('Judul (wajib').fill(title);
  await page.getByLabel('Ringkasan').fill('Tim robotik sekolah meraih juara pertama tingkat provinsi.');
  const body = page.getByRole('textbox', { name: 'Isi berita' });
  await body.click();
  await page.getByRole('button', { name: 'Tebal' }).click();
  await body.pressSequentially('Selamat');
  await page.getByRole('button', { name: 'Tebal' }).click();
  await body.pressSequentially(' kepada tim robotik kita.');
  await expect(body.locator('strong')).toHaveText('Selamat');
  const category = page.getByRole('group', { name: 'Kategori' }).getByRole('checkbox').first();
  const categoryName = (await labelOf(category)).trim();
  // The news filters' count of that category before (in another tab: the editor keeps its form).
  const visitor = await page.context().newPage();
  const counted = async () => {
    await visitor.goto('/berita/');
    const label = await labelOf(new Filters(visitor).checkbox('Kategori', categoryName));
    return Number(/\((\d+)\)/.exec(label)?.[1]);
  };
  const before = await counted();
  expect(before).toBeGreaterThanOrEqual(0);
  await category.check();
  const picker = page.getByRole('group', { name: 'Gambar utama' });
  const image = picker.getByRole('radio').nth(1);
  await image.check();
  await page.getByLabel('Judul SEO').fill('Juara Lomba Robotik');
  await page.getByRole('button', { name: 'Terbitkan' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Tulisan diterbitkan' })).toBeVisible();
  await expect(page.getByText('Status: Terbit')).toBeVisible();
  await expect(picker.getByRole('radio').nth(1)).toBeChecked();

  // The list shows it first, published.
  await page.getByRole('link', { name: '← Semua berita' }).click();
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow).toContainText(title);
  await expect(firstRow).toContainText('Terbit');

  await page.goto('/');
  const onHome = page.getByRole('link', { name: title }).first();
  await expect(onHome).toBeVisible();
  await onHome.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('strong', { hasText: 'Selamat' })).toBeVisible();

  const feed = await page.request.get('/feed/');
  expect(feed.ok()).toBe(true);
  expect(await feed.text()).toContain(title);

  // The news filters count it at once.
  expect(await counted()).toBe(before + 1);
  await visitor.close();
});

test('bad input gets clear messages and keeps what was typed: an over-long title, a taken slug', async ({ page }) => {
  await page.goto('/admin/berita/');
  const existing = page.getByRole('table').getByRole('row').nth(1).getByRole('link');
  await existing.click();
  const takenSlug = await page.getByLabel('Slug (alamat tulisan)').inputValue();
  expect(takenSlug).not.toBe('');

  await page.goto('/admin/berita/baru/');
  await waitForHydration(page);
  const longTitle = `Judul ${'sangat '.repeat(40)}panjang`;
  await page.getByLabel('Judul (wajib').fill(longTitle);
  await page.getByLabel('Slug (alamat tulisan)').fill(takenSlug);
  await page.getByLabel('Ringkasan').fill('Ringkasan yang tidak boleh hilang.');
  await page.getByRole('textbox', { name: 'Isi berita' }).click();
  await page.getByRole('textbox', { name: 'Isi berita' }).pressSequentially('Paragraf yang tidak boleh hilang.');
  await page.getByRole('button', { name: 'Simpan draf' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Tulisan belum disimpan');
  await expect(alert).toContainText('Judul paling banyak 200 karakter.');
  await expect(page.getByLabel('Judul (wajib')).toHaveValue(longTitle);
  await expect(page.getByLabel('Judul (wajib')).toHaveAccessibleDescription('Judul paling banyak 200 karakter.');
  await expect(page.getByLabel('Ringkasan')).toHaveValue('Ringkasan yang tidak boleh hilang.');
  await expect(page.getByRole('textbox', { name: 'Isi berita' })).toContainText('Paragraf yang tidak boleh hilang.');

  // The title fixed, the slug is still taken: said so, next to the slug.
  await page.getByLabel('Judul (wajib').fill('Judul yang pas');
  await page.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(page.getByRole('alert')).toContainText(`Slug “${takenSlug}” sudah dipakai`);
  await expect(page.getByLabel('Slug (alamat tulisan)')).toHaveValue(takenSlug);

  // Emptied, the slug is made from the title.
  await page.getByLabel('Slug (alamat tulisan)').fill('');
  await page.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Perubahan disimpan.' })).toBeVisible();
  await expect(page.getByLabel('Slug (alamat tulisan)')).toHaveValue('judul-yang-pas');
  await expect(page.getByText('Status: Draf')).toBeVisible();
  await expect(page.getByLabel('Ringkasan')).toHaveValue('Ringkasan yang tidak boleh hilang.');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a script in the text never survives; the form still posts, and delete asks first', async ({ page }) => {
    await page.goto('/admin/berita/baru/');
    await page.getByLabel('Judul (wajib').fill('Pengumuman tanpa skrip');
    await page
      .getByLabel('Isi berita (HTML)')
      .fill(
        '<p>Libur <em>semester</em> dimulai Senin.</p><script>alert("xss")</script><p onclick="alert(1)">Sampai jumpa.</p>',
      );
    await page.getByRole('button', { name: 'Simpan draf' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Perubahan disimpan.' })).toBeVisible();
    const stored = await page.getByLabel('Isi berita (HTML)').inputValue();
    expect(stored).toContain('<em>semester</em>');
    expect(stored).toContain('Sampai jumpa.');
    expect(stored).not.toMatch(/script|onclick|alert/);

    await page.getByRole('link', { name: 'Hapus' }).click();
    await expect(page.getByRole('heading', { name: 'Hapus tulisan ini?' })).toBeVisible();
    await page.getByRole('button', { name: 'Ya, hapus' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Tulisan dihapus.' })).toBeVisible();
    await page.getByLabel('Cari judul').fill('Pengumuman tanpa skrip');
    await page.getByRole('button', { name: 'Saring' }).click();
    await expect(page.getByText('Tidak ada berita yang cocok.')).toBeVisible();
  });
});

test('a new post saves itself before its first save, and the browser checks the form by the server’s rules', async ({
  page,
}) => {
  await page.goto('/admin/berita/baru/');
  await waitForHydration(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
  });
  // The schema refuses an empty title in the browser: the message is the server's, and nothing is sent.
  await page.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(page.getByRole('alert')).toContainText('Judul wajib diisi.');
  await expect(page.getByLabel('Judul (wajib')).toHaveAccessibleDescription('Judul wajib diisi.');
  expect(sent).toEqual([]);

  const title = `Draf baru tanpa tombol ${Date.now()}`;
  await page.getByLabel('Judul (wajib').fill(title);
  const body = page.getByRole('textbox', { name: 'Isi berita' });
  await body.click();
  await body.pressSequentially('Ditulis sebelum disimpan.');
  await expect(page.getByText(/Draf tersimpan otomatis/)).toBeVisible({ timeout: 10_000 });
  expect(sent).toContain('/admin/berita/baru/autosimpan');
  // The address is the draft's: a reload opens what was typed.
  await expect(page).toHaveURL(/\/admin\/berita\/\d+\/$/);
  await page.reload();
  await expect(page.getByLabel('Judul (wajib')).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Isi berita' })).toContainText('Ditulis sebelum disimpan.');
  await expect(page.getByText('Status: Draf')).toBeVisible();

  // Saved by the button after that, it is still one post.
  await waitForHydration(page);
  await page.getByLabel('Ringkasan').fill('Ringkasan sesudah simpan otomatis.');
  await page.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Perubahan disimpan.' })).toBeVisible();
  await page.goto(`/admin/berita/?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
});

test('a scheduled post appears on the site at its time (the schedule’s clock moved on, not waited for)', async ({
  page,
  browser,
  staffSite,
}) => {
  const title = `Pengumuman Terjadwal ${Date.now()}`;
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
  // The form's time is the school's (UTC+7).
  const schoolLocal = new Date(inThreeDays.getTime() + 7 * 3_600_000).toISOString().slice(0, 16);
  await page.goto('/admin/berita/baru/');
  await waitForHydration(page);
  await page.getByLabel('Judul (wajib').fill(title);
  await page.getByLabel('Tanggal terbit (WIB)').fill(schoolLocal);
  await page.getByRole('button', { name: 'Terbitkan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tulisan dijadwalkan' })).toBeVisible();
  await expect(page.getByText('Status: Terjadwal')).toBeVisible();
  const slug = await page.getByLabel('Slug (alamat tulisan)').inputValue();

  const visitor = await (await browser.newContext()).newPage();
  try {
    await visitor.goto('/berita/');
    await expect(visitor.getByRole('main')).not.toContainText(title);
    expect((await visitor.goto(`/${slug}/`))?.status()).toBe(404);

    // Three days and a minute later by the schedule's clock, the publisher (every 5 s) makes it public.
    staffSite.setScheduleClock(3 * 86_400_000 + 60_000);
    await expect(async () => {
      expect((await visitor.goto(`/${slug}/`))?.status()).toBe(200);
    }).toPass({ timeout: 20_000 });
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
    await visitor.goto('/berita/');
    await expect(visitor.getByRole('main')).toContainText(title);
    await page.reload();
    await expect(page.getByText('Status: Terbit')).toBeVisible();
  } finally {
    staffSite.setScheduleClock(0);
    await visitor.context().close();
  }
});

test('a save tapped while the editor’s scripts are still loading (CPU throttled 4x) is not lost', async ({ page }) => {
  const title = `Ditulis sebelum skrip ${Date.now()}`;
  const fullSpeed = await throttleCpu(page, 4);
  const release = await holdRequests(page, ALL_SCRIPTS);
  try {
    await page.goto('/admin/berita/baru/', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Judul (wajib').fill(title);
    // Before its scripts the body is the plain HTML field the rich-text editor takes over.
    await page.getByLabel('Isi berita (HTML)').fill('<p>Diketik sebelum skrip termuat.</p>');
    await page.getByRole('button', { name: 'Simpan draf' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Perubahan disimpan.' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/berita\/\d+\/\?pesan=disimpan$/);
  } finally {
    release();
    await fullSpeed();
  }
  await waitForHydration(page);
  await expect(page.getByLabel('Judul (wajib')).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Isi berita' })).toContainText('Diketik sebelum skrip termuat.');
});

test('a draft saves itself while the editor types, and a save by someone else in between is not overwritten', async ({
  page,
  browser,
}) => {
  await page.goto('/admin/berita/baru/');
  await page.getByLabel('Judul (wajib').fill('Draf simpan otomatis');
  await page.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Perubahan disimpan.' })).toBeVisible();
  await waitForHydration(page);
  const address = page.url();

  const body = page.getByRole('textbox', { name: 'Isi berita' });
  await body.click();
  await body.pressSequentially('Tersimpan tanpa menekan tombol.');
  await expect(page.getByText(/Draf tersimpan otomatis/)).toBeVisible({ timeout: 10_000 });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Isi berita' })).toContainText('Tersimpan tanpa menekan tombol.');

  // A second editor's tab opened before a save by the first …
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const second = await other.newPage();
  await second.goto(address);
  await page.getByLabel('Judul (wajib').fill('Judul dari tab pertama');
  await page.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Perubahan disimpan.' })).toBeVisible();
  // … is told about it, and keeps what it typed.
  await second.getByLabel('Judul (wajib').fill('Judul dari tab kedua');
  await second.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(second.getByRole('alert')).toContainText('sudah diubah oleh');
  await expect(second.getByLabel('Judul (wajib')).toHaveValue('Judul dari tab kedua');
  await other.close();
  await page.reload();
  await expect(page.getByLabel('Judul (wajib')).toHaveValue('Judul dari tab pertama');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the list and the editor fit the screen: no sideways scrolling', async ({ page }) => {
    for (const address of ['/admin/berita/', '/admin/berita/baru/']) {
      await page.goto(address);
      await waitForHydration(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, address).toBeLessThanOrEqual(0);
    }
    await expect(page.getByRole('button', { name: 'Terbitkan' })).toBeVisible();
  });
});
