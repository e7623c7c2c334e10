import { generate } from 'otplib';
import { expect, staffTest as test, withoutPopups } from './fixtures';
import { SignInPage } from './pages/accounts';
import { auditPage } from './support/axe';
import { liveRow } from './support/live-db';

// Issue 25 "Staff accounts": a new staff member (invited by the administrator, so no shared demo account
// changes) turns on the second factor on "Akun saya", signs out, and signs in again with a code.

test.use({ staffLogin: 'admin' });

const PASSWORD = 'Guru#Tunas2026';

test('a staff member turns on the second factor, then signs in with the app’s code', async ({
  page,
  staffSite,
  siteData,
  browser,
}) => {
  const id = Date.now().toString(36);
  const email = `guru.kode.${id}@contoh.sch.id`;
  const login = `guru.kode.${id}`;
  await page.goto('/admin/pengguna/undang/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Nama lengkap').fill('Guru Dua Langkah');
  await page.getByLabel('Peran').selectOption('editor');
  await page.getByRole('button', { name: 'Kirim undangan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undangan terkirim' })).toBeVisible();
  const mail = liveRow<{ body: string }>(
    staffSite.databaseFile,
    'select body from outbox where recipient = ? order by id desc limit 1',
    email,
  );
  const link = /\/terima-undangan\/\?token=[A-Za-z0-9_-]+/.exec(mail?.body ?? '')?.[0];
  expect(link).toBeTruthy();

  const context = await withoutPopups(await browser.newContext({ baseURL: staffSite.url }), siteData);
  const guru = await context.newPage();
  await guru.goto(link as string);
  await guru.getByLabel('Nama pengguna').fill(login);
  await guru.getByLabel('Kata sandi', { exact: true }).fill(PASSWORD);
  await guru.getByLabel('Ulangi kata sandi').fill(PASSWORD);
  await guru.getByRole('button', { name: 'Simpan dan masuk' }).click();
  await guru.waitForURL(/\/admin\/$/);

  await guru.getByRole('link', { name: 'Guru Dua Langkah' }).click();
  await guru.waitForURL(/\/admin\/akun\/$/);
  await expect(guru.getByRole('heading', { name: 'Verifikasi dua langkah' })).toBeVisible();
  expect(await auditPage(guru)).toEqual([]);
  const secret = ((await guru.locator('.staff-account__secret').textContent()) ?? '').replaceAll(' ', '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await guru.getByLabel('Kode 6 angka').fill(await generate({ secret }));
  await guru.getByRole('button', { name: 'Aktifkan verifikasi dua langkah' }).click();
  await expect(guru.getByRole('status').filter({ hasText: 'Verifikasi dua langkah aktif' })).toBeVisible();
  // Its own session is listed, marked as this one.
  await expect(guru.getByRole('rowheader', { name: /\(sesi ini\)/ })).toBeVisible();

  await guru.getByRole('button', { name: 'Keluar' }).click();
  await guru.waitForURL((url) => url.pathname === '/');
  const signIn = new SignInPage(guru);
  await signIn.goto('/admin/berita/');
  await signIn.signIn(login, PASSWORD);
  await guru.waitForURL(/\/masuk\/kode\/$/);
  expect(await auditPage(guru)).toEqual([]);
  // The code of the next time step: the one that turned it on is never taken twice.
  await guru.getByLabel('Kode 6 angka').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await guru.getByRole('button', { name: 'Lanjutkan' }).click();
  await guru.waitForURL(/\/admin\/berita\/$/);
  await context.close();
});
