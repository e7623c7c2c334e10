import { expect, staffTest as test } from './fixtures';
import { StaffPagesEditor } from './pages/staff-pages';

// Issue 14 "Pages": an editor adds a heading to a page's column in the draft, fills it, moves it up,
// previews the draft as the public page, publishes it and sees it on the public page, then takes the
// replaced version back as the draft; the keyboard
// alone moves it back; the editor fits a phone.

const COLUMN = 'Kolom 1 (100%) di Bagian 2';

test('an editor adds a heading, moves it up, previews and publishes it, and sees it on the public page', async ({
  page,
}) => {
  // Six screens, each audited by axe afterwards.
  test.slow();
  const title = `Jadwal kunjungan ${Date.now().toString(36)}`;
  const editor = new StaffPagesEditor(page);
  await editor.open('Kontak');
  await editor.addWidget(COLUMN, 'Judul');

  // An empty title is refused on the server, the message tied to its field.
  await page.getByLabel('Judul', { exact: true }).evaluate((input: HTMLInputElement) => {
    input.required = false;
  });
  await page.getByRole('button', { name: 'Tambahkan ke draf', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Wajib diisi.');
  await expect(page.getByLabel('Judul', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Judul', { exact: true }).fill(title);
  await page.getByLabel('Tingkat judul (1–6)').fill('3');
  await page.getByLabel('Perataan').selectOption({ label: 'Tengah' });
  await page.getByRole('button', { name: 'Tambahkan ke draf', exact: true }).click();
  await expect(editor.notice()).toContainText(`Widget “Judul: ${title}” ditambahkan di draf.`);
  await expect(editor.row(`Judul “${title}”`)).toBeFocused();
  await expect(editor.widgetsOf(COLUMN)).toHaveText(['Petunjuk Arah', /Sekolah berada/, title]);

  await page.getByRole('button', { name: `Naik: Judul “${title}”` }).click();
  await expect(editor.notice()).toContainText(`“Judul: ${title}” dinaikkan.`);
  await expect(editor.widgetsOf(COLUMN)).toHaveText(['Petunjuk Arah', title, /Sekolah berada/]);

  // The public page does not change before the draft is published.
  const visitor = await page
    .context()
    .browser()
    ?.newPage({ baseURL: new URL(page.url()).origin });
  await visitor?.goto('/kontak/');
  await expect(visitor!.getByRole('heading', { name: 'Petunjuk Arah' })).toBeVisible();
  await expect(visitor!.getByRole('heading', { name: title })).toHaveCount(0);

  await page.getByRole('link', { name: 'Pratinjau' }).click();
  await expect(page.getByRole('complementary', { name: 'Pratinjau' })).toContainText('belum diterbitkan');
  const preview = page.getByRole('heading', { name: title, level: 3 });
  await expect(preview).toBeVisible();
  await expect(page.locator('main h2, main h3').filter({ hasText: /Petunjuk Arah|Jadwal kunjungan/ })).toHaveText([
    'Petunjuk Arah',
    title,
  ]);

  await page.getByRole('button', { name: 'Terbitkan' }).click();
  await expect(editor.notice()).toContainText('Draf diterbitkan');
  await visitor!.goto('/kontak/');
  await expect(visitor!.getByRole('heading', { name: title, level: 3 })).toBeVisible();

  // The version it replaced comes back as a draft; the public page keeps the heading until published.
  const earlier = page.getByRole('region', { name: 'Versi sebelumnya' });
  await earlier
    .getByRole('button', { name: /Pulihkan sebagai draf/ })
    .first()
    .click();
  await expect(editor.notice()).toContainText('Versi lama dipulihkan sebagai draf');
  await expect(editor.widgetsOf(COLUMN)).toHaveText(['Petunjuk Arah', /Sekolah berada/]);
  await visitor!.goto('/kontak/');
  await expect(visitor!.getByRole('heading', { name: title, level: 3 })).toBeVisible();
  await visitor!.close();
});

test('the keyboard alone moves a widget: the focus stays on its row', async ({ page }) => {
  const editor = new StaffPagesEditor(page);
  await editor.open('Visi & Misi');
  const column = 'Kolom 1 (50%) di Bagian 2';
  await expect(editor.widgetsOf(column)).toHaveText(['Visi', /Terwujudnya/]);
  await page.getByRole('button', { name: 'Turun: Judul “Visi”' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor.notice()).toContainText('“Judul: Visi” diturunkan.');
  await expect(editor.row('Judul “Visi”')).toBeFocused();
  // From the row, Tab reaches its first enabled button: "Naik" (it is now last, "Turun" is off).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Naik: Judul “Visi”' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(editor.notice()).toContainText('“Judul: Visi” dinaikkan.');
  await expect(editor.widgetsOf(column)).toHaveText(['Visi', /Terwujudnya/]);
  // Back as it was: no draft is left to publish.
  await expect(page.getByRole('button', { name: 'Terbitkan' })).toBeDisabled();
});

test('an image widget’s picture is chosen from the media library’s thumbnails, by the keyboard', async ({ page }) => {
  const editor = new StaffPagesEditor(page);
  await editor.open('Profil');
  const column = 'Kolom 1 (100%) di Bagian 1';
  await editor.addWidget(column, 'Gambar');
  const pictures = page.getByRole('group', { name: 'Nomor media gambar' });
  const first = pictures.getByRole('radio').first();
  const name = (await first.evaluate((el) => el.closest('label')?.textContent ?? '')).trim();
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await page.getByRole('button', { name: 'Tambahkan ke draf', exact: true }).click();
  await expect(editor.notice()).toContainText('Widget “Gambar');
  await expect(editor.notice()).toContainText('ditambahkan di draf');
  // Its form (from its row, which has the focus) opens again with that picture chosen.
  await page
    .locator('.staff-menu-tree__row:focus')
    .getByRole('link', { name: /^Ubah: Gambar/ })
    .click();
  await expect(page.getByRole('group', { name: 'Nomor media gambar' }).getByRole('radio', { name })).toBeChecked();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the list, the tree and a settings form fit the screen', async ({ page }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const editor = new StaffPagesEditor(page);
    await editor.open('Kontak');
    await expect(page.getByRole('button', { name: 'Tambah bagian' })).toBeAttached();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Ubah: Judul “Hubungi Kami”' }).click();
    await expect(page.getByLabel('Judul', { exact: true })).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
