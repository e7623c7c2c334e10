import { expect, staffTest as test } from './fixtures';
import { waitForHydration } from './pages/site';
import { StaffFilters } from './pages/staff-filters';

// Issue 23 "Forms from schemas": the filter form is generated from its schema. Live, each field shows
// where it applies (by type, query type and options source) and the query type follows the type; a
// refused save names its problems and takes the focus there. Without JavaScript every field shows and
// a plain post saves. Each test makes its own filter, so the seeded ones the public pages show stay.

const NEW = '/admin/filter/baru/';

test('the fields follow the type, the query type and the options’ source', async ({ page }) => {
  const staff = new StaffFilters(page);
  await page.goto(NEW);
  await expect(staff.heading).toHaveText('Filter baru');
  await waitForHydration(page);
  const queryType = staff.field('Jenis kueri');
  const group = (name: string) => page.getByRole('group', { name, exact: true });

  // Checkboxes on a taxonomy: a parent term, no source of options.
  await expect(staff.field('Istilah induk')).toBeVisible();
  await expect(staff.field('Asal opsi')).toBeHidden();
  await expect(group('Pengaturan kotak centang')).toBeVisible();
  await expect(page.getByText('Isi hanya pengaturan jenis filter yang dipilih')).toBeHidden();

  // On meta: where the options come from, the key of the stored values or a list of one's own.
  await queryType.selectOption({ label: 'Meta (meta_query)' });
  await expect(staff.field('Istilah induk')).toBeHidden();
  await expect(staff.field('Meta berisi daftar centang (is_custom_checkbox)')).toBeVisible();
  await expect(staff.field('Kunci meta opsi')).toBeVisible();
  await expect(staff.field('Daftar opsi')).toBeHidden();
  await staff.field('Asal opsi').selectOption({ label: 'Daftar opsi sendiri' });
  await expect(staff.field('Daftar opsi')).toBeVisible();
  await expect(staff.field('Kunci meta opsi')).toBeHidden();

  // A range queries meta only: its query type follows, and its options and counts go.
  await staff.type.selectOption({ label: 'Rentang angka' });
  await expect(queryType).toHaveValue('meta_query');
  await expect(queryType.getByRole('option')).toHaveText(['Meta (meta_query)']);
  await expect(group('Opsi')).toBeHidden();
  await expect(group('Jumlah per opsi')).toBeHidden();
  await expect(group('Pengaturan rentang angka')).toBeVisible();
  await expect(staff.field('Awalan')).toBeVisible();

  // Sorting has its own query type, and no query name.
  await staff.type.selectOption({ label: 'Urutan' });
  await expect(queryType).toHaveValue('sort');
  await expect(staff.field('Nama kueri')).toBeHidden();
  await expect(staff.field('Pilihan urutan')).toBeVisible();
});

test('a refused save names its problems, takes the focus to them and keeps what was typed', async ({ page }) => {
  const staff = new StaffFilters(page);
  await page.goto(NEW);
  await waitForHydration(page);
  await staff.field('Nama filter').fill('Galeri: percobaan');
  await staff.label.fill('Percobaan');
  await staff.field('Nama kueri').fill('Bukan nama');
  await staff.type.selectOption({ label: 'Kotak centang' });
  await staff.field('Tampilkan sekian opsi dulu').fill('7');
  await staff.save.click();
  const problems = page.getByRole('alert');
  await expect(problems).toBeFocused();
  const link = problems.getByRole('link', { name: /Nama kueri hanya huruf kecil/ });
  await expect(link).toHaveAttribute('href', '#filter-var_kueri');
  await expect(staff.field('Nama kueri')).toHaveAttribute('aria-invalid', 'true');
  await expect(staff.field('Tampilkan sekian opsi dulu')).toHaveValue('7');
  await staff.field('Nama kueri').fill('kategori-galeri');
  await staff.save.click();
  await expect(staff.saved).toContainText('Filter disimpan.');
  await expect(staff.field('Tampilkan sekian opsi dulu')).toHaveValue('7');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every field shows, and a plain post saves the chosen type’s', async ({ page }) => {
    const staff = new StaffFilters(page);
    await page.goto(NEW);
    await expect(page.getByText('Isi hanya pengaturan jenis filter yang dipilih; yang lain diabaikan.')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Pengaturan menurut jenis' })).toBeVisible();
    for (const label of ['Istilah induk', 'Asal opsi', 'Daftar opsi', 'Huruf', 'Nilai terkecil', 'Jumlah bintang'])
      await expect(staff.field(label)).toBeVisible();
    await staff.field('Nama filter').fill('Ekskul: hari (tanpa skrip)');
    await staff.type.selectOption({ label: 'Kotak centang' });
    await staff.label.fill('Hari latihan');
    await staff.field('Jenis kueri').selectOption({ label: 'Meta (meta_query)' });
    await staff.field('Nama kueri').fill('hari');
    await staff.field('Asal opsi').selectOption({ label: 'Daftar opsi sendiri' });
    await staff.field('Daftar opsi').fill('senin | Senin\nrabu | Rabu');
    // Another type's field, filled in: not read.
    await staff.field('Nilai terkecil').fill('5');
    await staff.save.click();
    await expect(staff.saved).toContainText('Filter disimpan.');
    await expect(staff.field('Daftar opsi')).toHaveValue('senin | Senin\nrabu | Rabu');
    await expect(staff.field('Nilai terkecil')).toHaveValue('');
  });
});
