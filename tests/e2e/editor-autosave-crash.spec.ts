import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, staffTest } from './fixtures';
import { waitForHydration } from './pages/site';
import { liveRow } from './support/live-db';
import { type SiteServer, startServer } from './support/server';
import { SiteData } from './support/site-data';

// Issue 25, "lose nothing": what an editor types survives the server being killed and the connection
// being lost, the tab closed meanwhile (post-editor.tsx: the autosave, its retries and this device's copy).

/** The staff area on a server of this file's own, which its tests kill and start again. */
const test = staffTest.extend<object, { crashSite: SiteServer }>({
  crashSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startServer('demo', `w${workerInfo.parallelIndex}-autosave-crash`);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ crashSite }, use) => use(crashSite.url),
  siteData: async ({ crashSite }, use) => use(new SiteData(crashSite.templateFile)),
});

// One after another: each kills or cuts off the one server.
test.describe.configure({ mode: 'default' });

/** The editor's debounce (post-editor.tsx AUTOSAVE_AFTER_MS) and the wait before a retry (RETRY_AFTER_MS). */
const AUTOSAVE_AFTER_MS = 3_000;
const RETRY_AFTER_MS = 5_000;

const SAVED = /Draf tersimpan otomatis pukul/;
const OFFLINE = 'Draf belum tersimpan otomatis (koneksi terputus). Teks disimpan di perangkat ini';
const RESTORED = 'Teks yang belum tersimpan dipulihkan dari perangkat ini';

const bodyOf = (page: Page) => page.getByRole('textbox', { name: 'Isi berita' });
const statusOf = (page: Page) => page.locator('.post-editor__hint[aria-live="polite"]');
const postIdOf = (page: Page) => Number(/\/admin\/berita\/(\d+)\//.exec(page.url())?.[1]);

/** The post's body as the server's database holds it. */
const storedContent = (site: SiteServer, id: number) =>
  liveRow<{ content: string }>(site.databaseFile, 'select content from post where id = ?', id)?.content ?? '';

/** The paused page clock moved past the autosave's debounce. */
const passDebounce = (page: Page) => page.clock.runFor(AUTOSAVE_AFTER_MS + 100);

/** Pauses the context's fake clock: the autosave's timers then run only when a test moves it on. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

/**
 * The post opened on another device: a context with the staff cookies but none of this browser's
 * storage (this device's copy of the text stays behind); its text is the server's.
 */
async function onAnotherDevice(browser: Browser, context: BrowserContext, address: string, parts: string[]) {
  const { cookies } = await context.storageState();
  const other = await browser.newContext({ storageState: { cookies, origins: [] } });
  try {
    const page = await other.newPage();
    await page.goto(address);
    await waitForHydration(page);
    for (const part of parts) await expect(bodyOf(page)).toContainText(part);
  } finally {
    await other.close();
  }
}

test('a new post typed while its server is killed (SIGKILL) is saved once the server is back, without a reload', async ({
  page,
  browser,
  crashSite,
}) => {
  const parts = [
    'Bagian pertama, tersimpan sebelum server mati. ',
    'Bagian kedua, diketik ketika server dimatikan. ',
    'Bagian ketiga, diketik selagi server mati.',
  ];
  await page.clock.install();
  await page.goto('/admin/berita/baru/');
  await waitForHydration(page);
  await pauseClock(page);
  await page.getByLabel('Judul (wajib').fill(`Server mati di tengah ketikan ${Date.now()}`);
  const body = bodyOf(page);
  await body.click();
  await body.pressSequentially(parts[0]!);
  await passDebounce(page);
  await expect(statusOf(page)).toHaveText(SAVED);
  await expect(page).toHaveURL(/\/admin\/berita\/\d+\/$/);
  const id = postIdOf(page);
  const address = page.url();
  expect(storedContent(crashSite, id)).toContain(parts[0]!.trim());

  // Killed while the editor types: the debounce of these keystrokes has not passed (the clock is held).
  await Promise.all([body.pressSequentially(parts[1]!, { delay: 15 }), crashSite.kill()]);
  expect(storedContent(crashSite, id)).not.toContain('Bagian kedua');
  await passDebounce(page);
  await expect(statusOf(page)).toContainText(OFFLINE);
  // The editor keeps typing while the server is away; its save finds no server either.
  await body.pressSequentially(parts[2]!);
  await passDebounce(page);
  await expect(statusOf(page)).toContainText(OFFLINE);
  await expect(statusOf(page)).not.toHaveText(SAVED);

  // The same port and database again; the editor is not reloaded: the autosave tries again by itself.
  await crashSite.restart();
  await page.clock.runFor(RETRY_AFTER_MS + 100);
  await expect(statusOf(page)).toHaveText(SAVED);
  const stored = storedContent(crashSite, id);
  for (const part of parts) expect(stored).toContain(part.trim());

  await page.clock.resume();
  await page.reload();
  await waitForHydration(page);
  for (const part of parts) await expect(bodyOf(page)).toContainText(part.trim());
  await onAnotherDevice(
    browser,
    page.context(),
    address,
    parts.map((p) => p.trim()),
  );
});

test('a draft typed while the connection is lost, its tab closed offline, comes back and reaches the server once online', async ({
  page,
  browser,
  crashSite,
}) => {
  const context = page.context();
  const parts = ['Diketik selagi tersambung. ', 'Diketik setelah koneksi putus, lalu tabnya ditutup.'];
  await page.goto('/admin/berita/baru/');
  await page.getByLabel('Judul (wajib').fill(`Koneksi putus di tengah ketikan ${Date.now()}`);
  await page.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Perubahan disimpan.' })).toBeVisible();
  const id = postIdOf(page);
  const address = new URL(`/admin/berita/${id}/`, page.url()).href;

  // The editor works in a tab of its own, which is closed while the browser is still offline.
  await context.clock.install();
  const tab = await context.newPage();
  await tab.goto(address);
  await waitForHydration(tab);
  await pauseClock(tab);
  const body = bodyOf(tab);
  await body.click();
  await body.pressSequentially(parts[0]!);
  await passDebounce(tab);
  await expect(statusOf(tab)).toHaveText(SAVED);

  await context.setOffline(true);
  await body.pressSequentially(parts[1]!);
  await passDebounce(tab);
  await expect(statusOf(tab)).toContainText(OFFLINE);
  await tab.close();
  expect(storedContent(crashSite, id)).not.toContain('koneksi putus');

  // Online again, the editor opens the post once more: the text typed offline is back, and saved.
  await context.setOffline(false);
  await page.goto(address);
  await waitForHydration(page);
  await expect(statusOf(page)).toContainText(RESTORED);
  for (const part of parts) await expect(bodyOf(page)).toContainText(part.trim());
  await passDebounce(page);
  await expect(statusOf(page)).toHaveText(SAVED);
  expect(storedContent(crashSite, id)).toContain(parts[1]);
  await page.clock.resume();
  await onAnotherDevice(
    browser,
    context,
    address,
    parts.map((p) => p.trim()),
  );

  // Saved, this device's copy is gone: the editor opens on the server's text with nothing to restore.
  await page.reload();
  await waitForHydration(page);
  await expect(bodyOf(page)).toContainText(parts[1]!);
  await expect(statusOf(page)).toHaveText('');
  // Nor does the first save's text, made by its button, come back in the next new post.
  await page.goto('/admin/berita/baru/');
  await waitForHydration(page);
  await expect(bodyOf(page)).toBeVisible();
  await expect(page.getByLabel('Judul (wajib')).toHaveValue('');
  await expect(statusOf(page)).toHaveText('');
});

test('a new post typed entirely offline, its tab closed, is created from this device’s copy once online', async ({
  page,
  browser,
  crashSite,
}) => {
  const context = page.context();
  const title = `Berita yang ditulis tanpa koneksi ${Date.now()}`;
  const text = 'Seluruhnya diketik tanpa koneksi.';
  await context.clock.install();
  const tab = await context.newPage();
  await tab.goto('/admin/berita/baru/');
  await waitForHydration(tab);
  await pauseClock(tab);
  await context.setOffline(true);
  await tab.getByLabel('Judul (wajib').fill(title);
  await bodyOf(tab).click();
  await bodyOf(tab).pressSequentially(text);
  await passDebounce(tab);
  await expect(statusOf(tab)).toContainText(OFFLINE);
  await tab.close();

  await context.setOffline(false);
  await page.goto('/admin/berita/baru/');
  await waitForHydration(page);
  await expect(statusOf(page)).toContainText(RESTORED);
  await expect(page.getByLabel('Judul (wajib')).toHaveValue(title);
  await expect(bodyOf(page)).toContainText(text);
  await passDebounce(page);
  await expect(statusOf(page)).toHaveText(SAVED);
  await expect(page).toHaveURL(/\/admin\/berita\/\d+\/$/);
  expect(storedContent(crashSite, postIdOf(page))).toContain(text);
  await page.clock.resume();
  await onAnotherDevice(browser, context, page.url(), [text]);
});
