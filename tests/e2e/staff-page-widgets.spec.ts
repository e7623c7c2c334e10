import { expect, staffTest as test } from './fixtures';
import { waitForHydration } from './pages/site';
import { StaffPagesEditor } from './pages/staff-pages';

// Issue 22, the staff side of the page widgets: the "Ubah" control on the public pages and news posts for
// staff who may edit them (never for visitors), a widget's list of items edited in its generated form
// (add, move, remove: with or without JavaScript, by keyboard, at 390 px), and the preview as the
// public page with the element being edited outlined and scrolled into view.

const COLUMN = 'Kolom 1 (60%) di Bagian 1';

test('staff see "Ubah halaman" and "Ubah berita" and land in the editor; a visitor sees neither', async ({
  page,
  siteData,
  browser,
}) => {
  await page.goto('/kontak/');
  const edit = page.getByRole('link', { name: 'Ubah halaman' });
  await expect(edit).toHaveCount(1);
  // By keyboard: the control is a link like any other.
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/halaman\/\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontak');

  const news = siteData.newestPost();
  await page.goto(`/${news.slug}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(news.title);
  await expect(page.getByRole('link', { name: 'Ubah halaman' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ubah berita' }).click();
  await expect(page).toHaveURL(/\/admin\/berita\/\d+\/$/);
  await expect(page.getByRole('textbox', { name: /^Judul \(wajib/ })).toHaveValue(news.title);

  // At 390 px the control fits beside nothing and pushes nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Ubah halaman' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A visitor (no session) on the same pages: no control, whatever staff opened before.
  const visitor = await browser.newPage({ baseURL: new URL(page.url()).origin });
  for (const path of ['/kontak/', `/${news.slug}/`, '/']) {
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(visitor.getByRole('link', { name: /^Ubah (halaman|berita)$/ })).toHaveCount(0);
  }
  await visitor.close();
});

test('an editor builds a list of items (add, move up, remove), previews it outlined and publishes it', async ({
  page,
  browser,
}) => {
  test.slow();
  const editor = new StaffPagesEditor(page);
  await editor.open('Guru & Staf');
  await editor.addWidget(COLUMN, 'Formulir berlangganan');
  await waitForHydration(page);
  const list = page.getByRole('group', { name: 'Kolom tambahan' });
  await expect(list).toContainText('Belum ada item.');
  const item = (n: number) => list.getByRole('group', { name: new RegExp(`^Item ${n}\\b`) });

  // Three items: the focus lands in each new item's first field, so typing goes on from the keyboard.
  const add = list.getByRole('button', { name: 'Tambah item: Kolom tambahan' });
  for (const [n, [name, label]] of [
    ['nama', 'Nama lengkap'],
    ['kelas', 'Kelas'],
    ['telepon', 'Nomor telepon'],
  ].entries()) {
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(item(n + 1).getByLabel('Nama', { exact: true })).toBeFocused();
    await expect(list.getByRole('status')).toHaveText(`Item ${n + 1} ditambahkan di akhir daftar.`);
    await page.keyboard.type(name as string);
    await item(n + 1)
      .getByLabel('Label', { exact: true })
      .fill(label as string);
  }
  const labels = () => list.getByLabel('Label', { exact: true });
  const values = async () => labels().evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  await expect.poll(values).toEqual(['Nama lengkap', 'Kelas', 'Nomor telepon']);

  // Item 3 up: what was typed moves with it, and the focus stays on its button (now item 2's).
  await item(3).getByRole('button', { name: 'Naik: Item 3' }).click();
  await expect(list.getByRole('button', { name: 'Naik: Item 2' })).toBeFocused();
  await expect.poll(values).toEqual(['Nama lengkap', 'Nomor telepon', 'Kelas']);
  await expect(list.getByRole('status')).toHaveText('Item 3 dinaikkan menjadi Item 2.');

  // Item 1 removed: the others close up.
  await item(1).getByRole('button', { name: 'Hapus: Item 1' }).click();
  await expect.poll(values).toEqual(['Nomor telepon', 'Kelas']);
  await expect(item(1).getByLabel('Nama', { exact: true })).toBeFocused();
  await expect(item(1)).toHaveAccessibleName('Item 1: telepon');

  // The form fits a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Saved with a preview: the public page's draft, the new widget outlined and in view.
  await page.getByRole('button', { name: 'Tambahkan ke draf dan pratinjau' }).click();
  await expect(page).toHaveURL(/\/pratinjau\/\?elemen=/);
  const id = new URL(page.url()).searchParams.get('elemen') as string;
  const widget = page.locator(`[data-id="${id}"]`);
  await expect(page.getByRole('complementary', { name: 'Pratinjau' })).toContainText(
    'Garis putus-putus menandai Formulir berlangganan yang sedang diubah.',
  );
  await expect(widget).toBeInViewport();
  expect(await widget.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('dashed');
  // Only that element is outlined.
  expect(
    await page
      .locator('main [data-id]')
      .evaluateAll((els) =>
        els.filter((el) => getComputedStyle(el).outlineStyle === 'dashed').map((el) => el.getAttribute('data-id')),
      ),
  ).toEqual([id]);
  await expect(widget.locator('label')).toContainText(['Nomor telepon', 'Kelas']);

  await page.getByRole('button', { name: 'Terbitkan' }).click();
  await expect(editor.notice()).toContainText('Draf diterbitkan');

  // A visitor sees the list in its new order, and no outline.
  const visitor = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await visitor.goto('/guru-staf/');
  const published = visitor.locator(`[data-id="${id}"]`);
  await expect(published.getByLabel('Nomor telepon')).toBeVisible();
  await expect(published.locator('label')).toContainText(['Nomor telepon', 'Kelas']);
  expect(await published.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
  await visitor.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list’s buttons post the form and come back with it changed', async ({ page }) => {
    const editor = new StaffPagesEditor(page);
    await editor.open('Guru & Staf');
    await editor.addWidget(COLUMN, 'Formulir berlangganan');
    const list = page.getByRole('group', { name: 'Kolom tambahan' });
    const add = list.getByRole('button', { name: 'Tambah item: Kolom tambahan' });
    await add.click();
    await list.getByLabel('Nama', { exact: true }).fill('kelas');
    await list.getByLabel('Label', { exact: true }).fill('Kelas');
    await add.click();
    // The server's page puts the focus in the new item (autofocus).
    const second = list.getByRole('group', { name: /^Item 2\b/ });
    await expect(second.getByLabel('Nama', { exact: true })).toBeFocused();
    await second.getByLabel('Nama', { exact: true }).fill('nama');
    await second.getByLabel('Label', { exact: true }).fill('Nama siswa');
    await second.getByRole('button', { name: 'Naik: Item 2' }).click();
    await expect(list.getByRole('group', { name: /^Item 1\b/ }).getByLabel('Label', { exact: true })).toHaveValue(
      'Nama siswa',
    );
    await expect(list.getByRole('group', { name: /^Item 2\b/ }).getByLabel('Label', { exact: true })).toHaveValue(
      'Kelas',
    );
    await page.getByRole('button', { name: 'Tambahkan ke draf', exact: true }).click();
    await expect(editor.notice()).toContainText('Widget “Formulir berlangganan');
  });
});
