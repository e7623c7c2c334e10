import { expect, staffTest as test } from './fixtures';
import { waitForHydration } from './pages/site';
import { auditPage } from './support/axe';
import { liveRow } from './support/live-db';

// Issue 14 "Users": the administrator invites a teacher as an author; the teacher opens the mail's link
// (read from the outbox, as a developer would), chooses a login and a password, lands signed in in the
// staff area and sees only "Berita". The administrator deactivates the account: the teacher's next page
// is signed out, and signing in again says the account is inactive.

test.use({ staffLogin: 'admin' });

const PASSWORD = 'Guru#Tunas2026';

test('an administrator invites a teacher, who joins as an author; deactivated, the teacher is signed out', async ({
  page,
  browser,
  staffSite,
}) => {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `guru.${id}@example.com`;
  const login = `guru.${id}`;
  const name = `Bu Guru ${id}`;

  await page.getByRole('navigation', { name: 'Bagian ruang staf' }).getByRole('link', { name: 'Pengguna' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pengguna');
  await page.getByRole('link', { name: 'Undang pengguna' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Undang pengguna');
  await waitForHydration(page);

  // The administrator's own address already has an account: refused, the message on the field, nothing lost.
  const adminEmail = liveRow<{ email: string }>(
    staffSite.databaseFile,
    "select email from app_user where login = 'admin'",
  )?.email;
  await page.getByLabel('E-mail').fill(adminEmail ?? '');
  await page.getByLabel('Nama lengkap').fill(name);
  await page.getByLabel('Peran').selectOption('author');
  await page.getByRole('button', { name: 'Kirim undangan' }).click();
  await expect(page.getByRole('alert')).toContainText('E-mail ini sudah memiliki akun.');
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Nama lengkap')).toHaveValue(name);

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Nama lengkap').fill(name);
  await page.getByLabel('Peran').selectOption('author');
  await page.getByRole('button', { name: 'Kirim undangan' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('status')).toContainText('Undangan terkirim');
  await expect(page.getByText('Undangan terkirim pada')).toBeVisible();

  // The mail's link, from the outbox.
  const mail = liveRow<{ body: string }>(
    staffSite.databaseFile,
    'select body from outbox where recipient = ? order by id desc limit 1',
    email,
  );
  const link = mail?.body.match(/https?:\/\/\S+\/terima-undangan\/\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();

  const teacherContext = await browser.newContext({ baseURL: staffSite.url });
  try {
    const teacher = await teacherContext.newPage();
    await teacher.goto(link as string);
    await expect(teacher.getByRole('heading', { level: 1 })).toHaveText('Terima undangan');
    await expect(teacher.getByRole('main')).toContainText(name);
    await waitForHydration(teacher);
    expect(await auditPage(teacher)).toEqual([]);
    const main = teacher.getByRole('main');
    await main.getByLabel('Nama pengguna', { exact: true }).fill(login);
    await main.getByLabel('Kata sandi', { exact: true }).fill(PASSWORD);
    await main.getByLabel('Ulangi kata sandi', { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: 'Simpan dan masuk' }).click();

    // Signed in, in the staff area, with the author's one section.
    await expect(teacher).toHaveURL(/\/admin\/$/);
    const sections = teacher.getByRole('navigation', { name: 'Bagian ruang staf' }).getByRole('link');
    await expect(sections).toHaveText(['Berita']);

    // The link works once.
    await teacher.goto(link as string);
    await expect(teacher.getByRole('alert')).toHaveText(/Undangan ini sudah dipakai/);

    // The administrator sees the new account active, as an author, and deactivates it.
    await page.reload();
    await expect(page.getByText('Penulis', { exact: true })).toBeVisible();
    await expect(page.getByText('Aktif', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Nonaktifkan akun' }).click();
    const notice = page.getByRole('status');
    await expect(notice).toContainText('dinonaktifkan');
    await expect(notice).toBeFocused();
    await expect(page.getByRole('button', { name: 'Aktifkan kembali' })).toBeVisible();
    await expect(page.getByRole('table', { name: /Perubahan terakhir pada akun/ })).toContainText('user.deactivate');

    // The teacher's next page: signed out, sent to sign in; signing in says the account is inactive.
    await teacher.goto('/admin/berita/');
    await expect(teacher).toHaveURL(/\/masuk\/\?redirect_to=/);
    await teacher.getByRole('main').getByLabel('Nama pengguna atau e-mail').fill(login);
    await teacher.getByRole('main').getByLabel('Kata sandi', { exact: true }).fill(PASSWORD);
    await teacher.getByRole('main').getByRole('button', { name: 'Masuk' }).click();
    await expect(teacher.getByRole('main').getByRole('alert')).toContainText('Akun ini tidak aktif.');
  } finally {
    await teacherContext.close();
  }

  // The list finds the account by name, with its status.
  await page.getByRole('link', { name: '‹ Semua pengguna' }).click();
  await page.getByRole('searchbox', { name: 'Cari nama atau e-mail' }).fill(name);
  await page.getByRole('button', { name: 'Cari' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toHaveText([login, email, 'Penulis', 'Nonaktif']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the users’ list and an account’s page fit the screen', async ({ page }) => {
    await page.goto('/admin/pengguna/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pengguna');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('rowheader').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Peran' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
