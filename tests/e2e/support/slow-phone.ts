import type { Locator, Page } from '@playwright/test';

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

/**
 * A one-finger horizontal swipe of `dx` pixels across `target`'s middle, made of real touch events
 * (Chromium's DevTools protocol), as a phone sends them: eight moves, `stepMs` apart.
 */
export async function swipe(page: Page, target: Locator, dx: number, stepMs = 0): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe on');
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y), id: 1 }],
    });
  await touch('touchStart', x0);
  for (let i = 1; i <= 8; i++) {
    if (stepMs > 0) await new Promise((resolve) => setTimeout(resolve, stepMs));
    await touch('touchMove', x0 + (dx * i) / 8);
  }
  await touch('touchEnd', x0 + dx);
  await cdp.detach();
}
