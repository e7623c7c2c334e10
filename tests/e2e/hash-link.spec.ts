import { expect, test } from './fixtures';
import { MotionEffects } from './pages/motion';
import { SiteHeader, waitForHydration } from './pages/site';

type ScrollLog = Array<{ t: number; y: number }>;

// spec 000 §2: a same-page hash link scrolls smoothly (500 ms), offset by any sticky header.
test('a table-of-contents link scrolls smoothly to its section, just below the sticky header', async ({ page }) => {
  await page.goto('/profil/');
  await waitForHydration(page);
  const header = new SiteHeader(page);
  // The table of contents' link: the page's tabs have a "Fasilitas" tab of their own.
  const link = new MotionEffects(page).tocLink('Fasilitas');
  await expect(link).toHaveAttribute('href', '#fasilitas');
  const target = page.locator('#fasilitas');
  await page.evaluate(() => {
    const log: ScrollLog = [];
    (window as unknown as { scrollLog: ScrollLog }).scrollLog = log;
    window.addEventListener('scroll', () => log.push({ t: performance.now(), y: window.scrollY }));
  });

  await link.click();
  await expect(page).toHaveURL('/profil/#fasilitas');

  // Wait until the view stops moving: no scroll for 200 ms after the first one.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const log = (window as unknown as { scrollLog: ScrollLog }).scrollLog;
          const last = log.at(-1);
          return last !== undefined && performance.now() - last.t > 200;
        }),
      { message: 'the page scrolls towards #fasilitas and comes to rest' },
    )
    .toBe(true);

  // The section's top lands at or below the bottom of what covers the page's top (the header, and the
  // sticky table of contents under it: issue 22), and not far below it. Scroll positions are whole
  // pixels while the header's height need not be, hence the pixel of tolerance.
  const toc = await page.locator('section.elementor-sticky').boundingBox();
  const covered = Math.max(await header.bottom(), toc ? toc.y + toc.height : 0);
  const gap = ((await target.boundingBox())?.y ?? Number.NaN) - covered;
  expect(gap).toBeGreaterThan(-1);
  expect(gap).toBeLessThanOrEqual(40);
  await expect(header.banner).toBeInViewport();

  // Smoothly: many small steps spread over time, not one jump.
  const log = await page.evaluate(() => (window as unknown as { scrollLog: ScrollLog }).scrollLog);
  expect(new Set(log.map((s) => s.y)).size).toBeGreaterThan(5);
  expect((log.at(-1)?.t ?? 0) - (log[0]?.t ?? 0)).toBeGreaterThan(250);
});
