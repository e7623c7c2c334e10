import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page, type Request, type Response } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/support/chromium-args';

/**
 * Issue 24's "JavaScript and phones": every script a phone downloads for a page until the network is
 * idle, lazy chunks included, as Debian's Chromium loads it. home-js.ts reads only what the HTML names
 * (and their static imports); this counts what the browser really fetched, whatever asked for it.
 */
export const PHONE_JS_PAGES = ['/', '/galeri/', '/berita/'];

/**
 * Debian's full Chromium (not the headless shell the end-to-end tests may take): the browser both browser
 * figures drive. CHROME_PATH, which chrome-launcher reads for Lighthouse too, chooses another.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** A phone: an iPhone 12-14's CSS viewport, mobile layout rules and touch events. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/**
 * After Playwright's network idle (500 ms with no request), the page must also go this long without
 * starting a script: a chunk asked for on idle (requestIdleCallback, a timer) still counts.
 */
const SETTLE_MS = 1_000;
/** A page that keeps starting scripts is measured up to here and flagged, not waited on forever. */
const SETTLE_LIMIT_MS = 15_000;

export interface PhoneJsFile {
  /** Path on the site (full URL when another origin served it). */
  url: string;
  rawBytes: number;
  /** The body gzipped here at level 9, whatever the server sent: the figure does not depend on its compression. */
  gzipBytes: number;
  /** Asked for after the page's load event: a lazy chunk. */
  afterLoad: boolean;
}

export interface PhoneJsPage {
  path: string;
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
  /** In the order the browser asked for them. */
  files: PhoneJsFile[];
  /** Scripts were still starting when SETTLE_LIMIT_MS ran out. */
  unsettled?: boolean;
}

export interface PhoneJsFigures {
  viewport: { width: number; height: number };
  pages: PhoneJsPage[];
}

/** A JavaScript answer: the browser's resource type says script (lazy import() chunks too), or its content type does. */
function isScript(res: Response): boolean {
  if (res.request().resourceType() === 'script') return true;
  return /javascript|ecmascript/i.test(res.headers()['content-type'] ?? '');
}

const shortUrl = (url: string, origin: string) => (url.startsWith(`${origin}/`) ? url.slice(origin.length) : url);

/** Waits until no script request is in flight and none started for SETTLE_MS; false when the limit ran out. */
async function settle(page: Page): Promise<boolean> {
  let lastStart = performance.now();
  const inFlight = new Set<Request>();
  const started = (req: Request) => {
    if (req.resourceType() !== 'script') return;
    inFlight.add(req);
    lastStart = performance.now();
  };
  const ended = (req: Request) => inFlight.delete(req);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = performance.now() + SETTLE_LIMIT_MS;
    while (performance.now() < deadline) {
      const quiet = performance.now() - lastStart;
      if (inFlight.size === 0 && quiet >= SETTLE_MS) return true;
      await sleep(Math.max(50, Math.min(SETTLE_MS - quiet, 250)));
    }
    return false;
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** One page in a fresh phone context (empty cache): its scripts until the network is idle. */
async function measurePage(browser: Browser, origin: string, path: string): Promise<PhoneJsPage> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    let loaded = false;
    page.once('load', () => {
      loaded = true;
    });
    const asked = new Map<string, boolean>();
    page.on('request', (req) => {
      if (!asked.has(req.url())) asked.set(req.url(), loaded);
    });
    // Bodies are read as they arrive: once the context closes they are gone.
    const bodies = new Map<string, Promise<Buffer | undefined>>();
    const refused: string[] = [];
    page.on('response', (res) => {
      if (!/^https?:/.test(res.url()) || bodies.has(res.url()) || !isScript(res)) return;
      // A script that did not load (a build replaced under the server) would count its error page.
      if (res.status() !== 200) refused.push(`${shortUrl(res.url(), origin)} answered ${res.status()}`);
      bodies.set(
        res.url(),
        res.body().catch(() => undefined),
      );
    });

    const answer = await page.goto(origin + path, { waitUntil: 'networkidle', timeout: 60_000 });
    if (answer?.status() !== 200) throw new Error(`phone JavaScript: ${path} answered ${answer?.status()}`);
    const settled = await settle(page);
    if (refused.length) throw new Error(`phone JavaScript on ${path}: ${refused.join(', ')}`);

    const files: PhoneJsFile[] = [];
    for (const [url, body] of bodies) {
      const bytes = await body;
      if (!bytes) throw new Error(`phone JavaScript: no body for ${url} on ${path}`);
      files.push({
        url: shortUrl(url, origin),
        rawBytes: bytes.length,
        gzipBytes: gzipSync(bytes, { level: 9 }).length,
        afterLoad: asked.get(url) ?? false,
      });
    }
    return {
      path,
      scripts: files.length,
      rawBytes: files.reduce((n, f) => n + f.rawBytes, 0),
      gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
      files,
      ...(settled ? {} : { unsettled: true }),
    };
  } finally {
    await context.close();
  }
}

/** Each page in turn, in one Chromium; each in its own context, so no page finds another's scripts cached. */
export async function measurePhoneJs(origin: string, paths = PHONE_JS_PAGES): Promise<PhoneJsFigures> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  try {
    const pages: PhoneJsPage[] = [];
    for (const path of paths) pages.push(await measurePage(browser, origin, path));
    return { viewport: PHONE.viewport, pages };
  } finally {
    await browser.close();
  }
}
