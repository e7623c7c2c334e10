import fs from 'node:fs';
import path from 'node:path';
import { expect, staffTest, withoutPopups } from './fixtures';
import { StaffImportPage, StaffImportRunPage } from './pages/staff-import';
import { ROOT } from './support/paths';
import { type SiteServer, startServer } from './support/server';
import { SiteData } from './support/site-data';

// Issue 26 "Move a school's existing WordPress site in": an administrator uploads the WordPress export from
// Pengaturan → Impor, watches the run's progress bar reach its end and reads the report; after a real import a
// visitor finds an imported post on the home page, its photo, and the imported menu in the header. The images come
// from the old site's uploads folder on the server (IMPORT_UPLOADS_DIR), as a school's technician would copy it.
//
// Its own server on its own copy of the demo school: what the import writes never shows in the other specs' pages.

const FIXTURE_DIR = path.resolve(ROOT, '../shared/fixtures/wordpress-site');
const EXPORT = path.join(FIXTURE_DIR, 'export.xml');

const test = staffTest.extend<object, { importSite: SiteServer }>({
  importSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      // The server reads it at start (it inherits this worker's environment); no other server needs it.
      process.env.IMPORT_UPLOADS_DIR = path.join(FIXTURE_DIR, 'uploads');
      let server: SiteServer;
      try {
        server = await startServer('demo', `w${workerInfo.parallelIndex}-import`);
      } finally {
        delete process.env.IMPORT_UPLOADS_DIR;
      }
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ importSite }, use) => use(importSite.url),
  siteData: async ({ importSite }, use) => use(new SiteData(importSite.templateFile)),
});

test.use({ staffLogin: 'admin' });
// One after another: the second imports into the server the first only read from.
test.describe.configure({ mode: 'default' });
test.skip(!fs.existsSync(EXPORT), `${EXPORT} is absent (the shared fixtures are not beside this checkout)`);

/** Uploads the fixture's export with the choices given and waits for the run's page. */
async function upload(imports: StaffImportPage, kind: 'Uji coba' | 'Impor sungguhan') {
  await imports.open();
  await expect(imports.heading).toHaveText('Impor dari WordPress');
  await imports.file.setInputFiles(EXPORT);
  await imports.choice(new RegExp(`^${kind}`)).check();
  await imports.choice(/^Dari folder uploads situs lama di server/).check();
  await imports.submit.click();
  await imports.page.waitForURL(/\/admin\/pengaturan\/impor\/\d+\/$/);
}

test('an administrator uploads the export, watches the progress reach the end and reads the report', async ({
  page,
}) => {
  const imports = new StaffImportPage(page);
  await upload(imports, 'Uji coba');
  const run = new StaffImportRunPage(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uji coba impor: export.xml');
  // The bar is full and its words say so: every record of the file read.
  await expect(page.getByRole('heading', { name: 'Status: Selesai' })).toBeVisible({ timeout: 20_000 });
  await expect(run.progressText).toHaveText(/^(\d+) dari \1 item$/);
  const max = await run.progress.getAttribute('max');
  expect(Number(max)).toBeGreaterThan(90);
  await expect(run.progress).toHaveAttribute('value', max as string);
  await expect(page.getByRole('status').filter({ hasText: 'Impor selesai' })).toBeAttached();
  // The report: what would come in, as the command line prints it.
  await expect(run.report).toContainText('Uji coba impor (tidak ada yang ditulis): export.xml');
  await expect(run.count('berita')).toHaveText('30');
  await expect(run.count('halaman')).toHaveText('2');
  await expect(run.count('item galeri')).toHaveText('14');
  await expect(run.count('gambar')).toHaveText('44');
  await expect(run.count('item menu')).toHaveText('6');
  await expect(run.report.getByRole('heading', { name: /^Dilewati \(\d+\)$/ })).toBeVisible();
  // Every image was found in the server's uploads folder.
  await expect(run.report).not.toContainText('berkas tidak ada di folder uploads');

  // The run is listed on the Impor page, with who started it.
  await page.getByRole('link', { name: '‹ Semua impor' }).click();
  const row = imports.runs.filter({ hasText: 'export.xml' }).first();
  await expect(row).toContainText('Uji coba');
  await expect(row).toContainText('Selesai');
});

test('after a real import a visitor finds an imported post, its photo and the imported menu', async ({
  page,
  browser,
  siteData,
}) => {
  const imports = new StaffImportPage(page);
  await upload(imports, 'Impor sungguhan');
  await expect(page.getByRole('heading', { name: 'Status: Selesai' })).toBeVisible({ timeout: 45_000 });
  const run = new StaffImportRunPage(page);
  await expect(run.report).toContainText('Impor: export.xml');
  await expect(run.count('berita')).toHaveText('30');

  // A visitor: no staff cookie.
  const context = await withoutPopups(
    await browser.newContext({ baseURL: page.url().replace(/\/admin\/.*$/, '') }),
    siteData,
  );
  const visitor = await context.newPage();
  try {
    await visitor.goto('/');
    const post = visitor.getByRole('link', { name: 'Upacara Hari Pendidikan Nasional' }).first();
    await expect(post).toBeVisible();
    await post.click();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Upacara Hari Pendidikan Nasional');
    // Its photo, processed by the site's own pipeline, loads.
    const photo = visitor.locator('main img[src*="/wp-content/uploads/"]').first();
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The imported menu in the header.
    const header = visitor.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Prestasi' }).first()).toBeAttached();
    await expect(header.getByRole('link', { name: 'Kontak' }).first()).toBeAttached();
  } finally {
    await context.close();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the import screen and a run’s page fit the screen', async ({ page }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const imports = new StaffImportPage(page);
    await imports.open();
    await imports.submit.scrollIntoViewIfNeeded();
    await expect(imports.submit).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await imports.runs.nth(1).getByRole('link').click();
    await expect(new StaffImportRunPage(page).progress).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
