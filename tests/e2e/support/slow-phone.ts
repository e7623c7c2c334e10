import type { Page } from '@playwright/test';

/** Scripts the app serves (its bundle, entry and lazy chunks). */
export const ALL_SCRIPTS = /\/assets\/.*\.js(\?|$)/;

/**
 * Holds the requests matching `pattern` until the returned `release` is called, as a slow phone
 * would: a tap made meanwhile happens while that code is still on its way.
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Slows the page's CPU `rate` times, as Chromium's DevTools does; the returned function ends it. */
export async function throttleCpu(page: Page, rate: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  };
}
