import path from 'node:path';
import { type BrowserContext, test as base, expect, type Frame, type Page } from '@playwright/test';
import { SignInPage } from './pages/accounts';
import { waitForHydration } from './pages/site';
import { type A11yProblem, AuditedPages, auditedPageKind, auditPage, describeProblems } from './support/axe';
import { runPaths } from './support/paths';
import { type SiteServer, startServer } from './support/server';
import { SiteData } from './support/site-data';

interface WorkerFixtures {
  /** This worker's server on its own copy of the demo school database. */
  site: SiteServer;
  /** This worker's server on its own copy of the database seeded without gallery items. */
  emptyGallerySite: SiteServer;
  /**
   * This worker's server on another copy of the demo school, for the staff area's specs: what staff
   * change there (a published post, an approved review) never shows in the other specs' pages.
   */
  staffSite: SiteServer;
  /** Pages already audited by axe in this run, by any worker (same kind of page, viewport and JavaScript setting). */
  auditedPages: AuditedPages;
}

interface TestFixtures {
  /** Expected content, read from the database the test's server was seeded from. */
  siteData: SiteData;
  /**
   * Whether the seeded popups may open (popups.spec.ts sets it). Elsewhere every popup is marked as
   * seen before the page's scripts run, so that no announcement covers what a spec tests.
   */
  showPopups: boolean;
}

/** Marks these popups as seen for a long time (features/popups/ui/watcher.ts, `jet-popup-seen`). */
function popupsSeen(ids: number[]) {
  localStorage.setItem('jet-popup-seen', JSON.stringify(Object.fromEntries(ids.map((id) => [id, 8.64e15]))));
}

/**
 * For a context a test opens itself (a second visitor, a new staff member): the seeded popups marked as seen, as the
 * `page` fixture does for its own, so that no announcement opens over what the test does.
 */
export async function withoutPopups(context: BrowserContext, siteData: SiteData): Promise<BrowserContext> {
  const ids = siteData.popupIds();
  if (ids.length > 0) await context.addInitScript(popupsSeen, ids);
  return context;
}

const withoutHash = (url: string) => url.replace(/#.*$/, '');

/**
 * Lets a page hydrate and settle before axe reads it, so the audit sees what a visitor ends up with. A
 * page that never hydrates is audited as it is: the specs of the behaviours that need JavaScript say so.
 */
async function settle(page: Page) {
  await waitForHydration(page, 5_000).catch(() => {});
  // Content still loading is shown half faded, and a transition may be half way: either would fail
  // the contrast rule for a state no visitor stops at.
  // Quiet for 300 ms on end: a state change that has been made but not yet painted (a menu closing in
  // the effect after a navigation) starts its transition a frame or two after the first quiet look.
  await page
    .waitForFunction(
      () => {
        const quiet =
          !document.querySelector('[aria-busy="true"]') &&
          // A widget whose code is still on its way may start loading content once it comes (the smart
          // listing asks for a phone's page size at once): not quiet until every widget is enhanced.
          !document.querySelector('[data-behaviour]:not([data-enhanced=""])') &&
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY);
        const w = window as { quietSince?: number };
        w.quietSince = quiet ? (w.quietSince ?? performance.now()) : undefined;
        return quiet && performance.now() - w.quietSince! >= 300;
      },
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => {});
}

/**
 * The page's state as far as the audit cares: which visible controls are expanded or invalid, and which
 * dialogs, alerts, status messages, listboxes and tooltips show (with or without text).
 */
function uiState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const selector = [
        '[aria-expanded="true"]',
        '[aria-invalid="true"]',
        'dialog[open]',
        '[role="dialog"]',
        '[role="alertdialog"]',
        '[role="alert"]',
        '[role="status"]',
        '[role="listbox"]',
        '[role="tooltip"]',
      ].join(',');
      const marks = [...document.querySelectorAll(selector)]
        .filter((el) => el.checkVisibility())
        .map((el) => `${el.tagName}#${el.id}[${el.getAttribute('role') ?? ''}]${el.textContent?.trim() ? '+' : ''}`);
      return [...new Set(marks)].sort().join(',');
    })
    .catch(() => `unread ${Math.random()}`);
}

/**
 * The e2e test: `baseURL` points at this worker's demo-school server, and every page a test visits
 * is audited by axe when the test passes (STYLE.md habit 5): the page as the test left it (a menu opened
 * by the keyboard, a form's errors), unless the run audited that kind of page in that state already
 * (`uiState`), then each other page it loaded that no test of
 * the run has audited yet (`auditedPageKind`: ids and query values aside), opened afresh with the same
 * viewport. A page seen without JavaScript is audited as the server sent it.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startServer('demo', `w${workerInfo.parallelIndex}-demo`);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  emptyGallerySite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startServer('no-gallery', `w${workerInfo.parallelIndex}-no-gallery`);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  staffSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startServer('demo', `w${workerInfo.parallelIndex}-staff`);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  auditedPages: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => use(new AuditedPages(path.join(runPaths().runDir, 'audited'))),
    { scope: 'worker' },
  ],
  baseURL: async ({ site }, use) => use(site.url),
  siteData: async ({ site }, use) => use(new SiteData(site.templateFile)),
  showPopups: [false, { option: true }],

  page: async ({ page, browser, javaScriptEnabled, viewport, auditedPages, showPopups, siteData }, use, testInfo) => {
    const popupIds = showPopups ? [] : siteData.popupIds();
    if (popupIds.length > 0) await page.addInitScript(popupsSeen, popupIds);
    const visited: string[] = [];
    const onNavigated = (frame: Frame) => {
      const url = withoutHash(frame.url());
      if (frame === page.mainFrame() && url.startsWith('http') && !visited.includes(url)) visited.push(url);
    };
    page.on('framenavigated', onNavigated);
    await use(page);
    page.off('framenavigated', onNavigated);
    // A failed test already says what is wrong; axe would only add noise.
    if (testInfo.status !== testInfo.expectedStatus) return;
    // The audits are the fixture's work, not the test's: on a loaded machine they get time of their own.
    testInfo.setTimeout(testInfo.timeout + 60_000);

    const problems: A11yProblem[] = [];
    const current = withoutHash(page.url());
    // Axe runs inside the page, which a context without JavaScript does not allow.
    const auditLive = javaScriptEnabled && current.startsWith('http');
    const key = (url: string) => `${javaScriptEnabled}|${viewport?.width}x${viewport?.height}|${auditedPageKind(url)}`;
    // The page as the test left it is audited in each state of it the run reaches (a panel open, a form
    // answered with its errors): the same kind of page in a state already audited is not audited again.
    if (auditLive) {
      if (auditedPages.claim(`${key(current)}|${await uiState(page)}`)) {
        await settle(page);
        problems.push(...(await auditPage(page)));
      }
      auditedPages.claim(key(current));
    }

    const others = visited.filter((url) => !auditedPages.has(key(url)));
    if (others.length > 0) {
      // The test's cookies and storage too: a staff screen opened afresh is still the signed-in one.
      const context = await browser.newContext({
        viewport,
        javaScriptEnabled: true,
        storageState: await page.context().storageState(),
      });
      if (popupIds.length > 0) await context.addInitScript(popupsSeen, popupIds);
      // The app's scripts stay out, so the page keeps the server's HTML that a visitor without JavaScript sees.
      if (!javaScriptEnabled) await context.route(/\/assets\/.*\.js(\?|$)/, (route) => route.abort());
      const fresh = await context.newPage();
      for (const url of others) {
        if (!auditedPages.claim(key(url))) continue;
        const response = await fresh.goto(url);
        if (!(response?.headers()['content-type'] ?? '').startsWith('text/html')) continue;
        if (javaScriptEnabled) await settle(fresh);
        problems.push(...(await auditPage(fresh)));
      }
      await context.close();
    }
    if (problems.length > 0) throw new Error(describeProblems(problems));
  },
});

/** The same test on a server whose database has no gallery items. */
export const emptyGalleryTest = test.extend<TestFixtures>({
  baseURL: async ({ emptyGallerySite }, use) => use(emptyGallerySite.url),
  siteData: async ({ emptyGallerySite }, use) => use(new SiteData(emptyGallerySite.templateFile)),
});

/**
 * A staff area test: on this worker's staff server (see `staffSite`), signed in as `login` of the demo
 * accounts (README) before the test's page opens anything.
 */
export const staffTest = test.extend<TestFixtures & { staffLogin: string }>({
  staffLogin: ['editor', { option: true }],
  baseURL: async ({ staffSite }, use) => use(staffSite.url),
  siteData: async ({ staffSite }, use) => use(new SiteData(staffSite.templateFile)),
  page: async ({ page, staffLogin }, use) => {
    const signIn = new SignInPage(page);
    await signIn.goto('/admin/');
    await signIn.signIn(staffLogin, DEMO_PASSWORDS[staffLogin] ?? '');
    await page.waitForURL(/\/admin\/$/);
    await use(page);
  },
});

/** The demo accounts' passwords (README "Demo accounts"). */
const DEMO_PASSWORDS: Record<string, string> = {
  admin: 'Admin#Tunas2025',
  editor: 'Editor#Tunas2025',
  orangtua: 'OrangTua#2025',
  siswa: 'Siswa#Tunas2025',
};

export { expect };
