import { expect, staffTest as test } from './fixtures';
import { AgendaCalendar } from './pages/agenda';

// Issue 14 "Agenda": an editor adds a school event and sees it at once in the public calendar, in its
// month; a date before the start is refused with the form kept.

test('an editor adds an agenda event and sees it in the public calendar in its month', async ({ page }) => {
  const title = `Pentas seni akhir tahun ${Date.now().toString(36)}`;
  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Bagian ruang staf' }).getByRole('link', { name: 'Agenda' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agenda sekolah');
  await page.getByRole('link', { name: 'Tambah acara' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acara baru');

  await page.getByLabel('Judul acara').fill(title);
  await page.getByLabel('Tanggal mulai').fill('2027-03-16');
  // An end before the start: refused on the server, the message tied to its field, nothing typed lost.
  await page.getByLabel('Tanggal selesai').evaluate((input: HTMLInputElement) => input.removeAttribute('min'));
  await page.getByLabel('Tanggal selesai').fill('2027-03-15');
  await page.getByLabel('Tempat').fill('Aula sekolah');
  await page.getByLabel('Kategori').selectOption({ label: 'Kegiatan siswa' });
  await page.getByLabel('Keterangan').fill('Penampilan kelas VII, VIII, dan IX.');
  await page.getByRole('button', { name: 'Simpan dan terbitkan' }).click();
  await expect(page.getByRole('alert')).toContainText('Tanggal selesai tidak boleh sebelum tanggal mulai.');
  await expect(page.getByLabel('Tanggal selesai')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Tanggal selesai')).toHaveAccessibleDescription(
    /Tanggal selesai tidak boleh sebelum tanggal mulai\./,
  );
  await expect(page.getByLabel('Judul acara')).toHaveValue(title);

  await page.getByLabel('Tanggal selesai').fill('2027-03-17');
  await page.getByRole('button', { name: 'Simpan dan terbitkan' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ubah acara');
  await expect(page.getByRole('status')).toContainText('Acara disimpan dan tampil di kalender publik.');
  const saved = page.url();

  // The staff's month view shows it on its two days, linked to its form.
  await page.goto('/admin/agenda/kalender/?bulan=2027-03');
  const month = page.getByRole('table', { name: 'Acara pada Maret 2027' });
  await expect(month.getByRole('link', { name: title })).toHaveCount(2);

  // The public calendar, in the event's month.
  await page.goto(saved);
  await page.getByRole('link', { name: 'Lihat di kalender' }).click();
  const calendar = new AgendaCalendar(page);
  await calendar.waitLive();
  await calendar.expectMonth('Maret 2027');
  await calendar.day('Selasa, 16 Maret 2027').click();
  await expect(calendar.eventTitles('Selasa, 16 Maret 2027')).toContainText([title]);
  await expect(calendar.dayEvents('Selasa, 16 Maret 2027')).toContainText('16–17 Maret 2027');
  await expect(calendar.dayEvents('Selasa, 16 Maret 2027')).toContainText('Aula sekolah');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the month view and the form fit the screen: the grid scrolls in its box, the page does not', async ({
    page,
  }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto('/admin/agenda/kalender/?bulan=2026-12');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agenda: Desember 2026');
    await expect(page.getByRole('link', { name: 'Pembagian rapor semester ganjil' })).toBeAttached();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Januari 2027' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agenda: Januari 2027');
    await page.goto('/admin/agenda/');
    await expect(page.getByRole('link', { name: 'Tambah acara' })).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto('/admin/agenda/baru/');
    await expect(page.getByLabel('Judul acara')).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
