import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { changeDesktopSettings, DesktopMenu, mainMenuTopLevel } from './pages/desktop-menu';
import { pageWidths, twoFramesPassed, waitForHydration } from './pages/site';

// Issue 12 "Desktop (1025 px and wider)", spec 000 §2 and §4 "Desktop menu": Chromium at 1280 px
// (playwright.config.ts). The keyboard is in menu-keyboard.spec.ts.

/** The home page once it shows the stored `subEvent` (the server keeps a menu a few seconds: reloads until then). */
async function openWithSubEvent(page: Page, subEvent: 'hover' | 'click'): Promise<DesktopMenu> {
  let menu = new DesktopMenu(page);
  await expect
    .poll(
      async () => {
        menu = await DesktopMenu.openHome(page);
        return menu.enhanced.getAttribute('data-sub-event');
      },
      { timeout: 15_000, intervals: [500] },
    )
    .toBe(subEvent);
  return menu;
}

/**
 * Moves the mouse to an element's centre. (Not `locator.hover()`: its wait for a stable element
 * counts animation frames, which a paused clock does not give.)
 */
async function pointAt(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not rendered');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

/** A point of the page well away from the header (the pointer "leaves" the menu there). */
const AWAY = { x: 640, y: 600 };

test.afterEach(async ({ page }) => {
  // A clock a test paused must run again, or the accessibility audit after the test waits forever.
  await page.clock.resume().catch(() => {});
});

test.describe('with JavaScript', () => {
  test('items that do not fit move into "⋯" as the window narrows, the header keeps one row, and they come back when it widens', async ({
    page,
    site,
  }) => {
    // Three window widths, each waited on, and two pages for the accessibility audit.
    test.slow();
    const all = mainMenuTopLevel(site.databaseFile);
    const menu = await DesktopMenu.openHome(page);
    const split = async () => ({ row: await menu.rowNames(), more: await menu.overflowNames() });
    /** Once the menu has re-measured: every shown item (and '⋯') inside the menu's box, in one row. */
    const settled = async () => {
      await expect
        .poll(() =>
          menu.nav.evaluate((nav) => {
            const box = nav.getBoundingClientRect();
            const items = [...nav.querySelectorAll('.main-menu__list > li:not([data-empty])')].map((li) =>
              li.getBoundingClientRect(),
            );
            return items.every((r) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top === items[0]?.top);
          }),
        )
        .toBe(true);
      const rows = await menu.rows();
      // One header row: every part of it centred on the same line, the header no taller than one.
      expect(Math.max(...rows.rowChildrenCenters) - Math.min(...rows.rowChildrenCenters)).toBeLessThanOrEqual(2);
      expect(rows.headerHeight).toBeLessThanOrEqual(80);
      const now = await split();
      // The row keeps the first items in order; '⋯' holds the rest, in order.
      expect([...now.row, ...now.more]).toEqual(all);
      return now;
    };

    const wide = await settled();
    await page.setViewportSize({ width: 1100, height: 800 });
    const middle = await settled();
    expect(middle.more.length).toBeGreaterThanOrEqual(wide.more.length);
    await page.setViewportSize({ width: 1025, height: 800 });
    await expect.poll(async () => (await menu.overflowNames()).length).toBeGreaterThan(wide.more.length);
    const narrow = await settled();

    // The moved items are links in the '⋯' submenu.
    // Its visible label is the three middle dots; its name, for screen readers, says what it is.
    await expect(menu.overflowToggle.locator('[aria-hidden="true"]')).toHaveText('⋯');
    // The narrowing's resize event (which closes open menus) is delivered first: on a loaded machine it came after the click.
    await twoFramesPassed(page);
    await menu.overflowToggle.click();
    await expect(menu.overflowToggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of narrow.more) await expect(menu.overflowLink(name)).toBeVisible();

    // Widening closes the open submenu (resize) and brings the items back into the row.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(menu.nav.locator('[aria-expanded="true"]')).toHaveCount(0);
    await expect.poll(() => menu.rowNames()).toEqual(wide.row);
    await settled();

    // A moved item is a working link.
    await page.setViewportSize({ width: 1100, height: 800 });
    await expect.poll(() => menu.rowNames()).toEqual(middle.row);
    const [first] = middle.more;
    if (!first) throw new Error('no item moved into "⋯" at 1100 px');
    await twoFramesPassed(page);
    await menu.overflowToggle.click();
    await expect(menu.overflowToggle).toHaveAttribute('aria-expanded', 'true');
    const href = await menu.overflowLink(first).getAttribute('href');
    await menu.overflowLink(first).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    // The new page's menu is closed.
    await expect(menu.overflowToggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('a submenu opened by hovering stays open until 500 ms after the pointer left', async ({ page }) => {
    await page.clock.install();
    const menu = await DesktopMenu.openHome(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const berita = menu.toggle('Berita');
    const submenu = await menu.panelOf('Berita');

    await pointAt(page, menu.link('Berita'));
    await page.clock.runFor(100);
    await expect(berita).toHaveAttribute('aria-expanded', 'true');
    await expect(submenu).toBeVisible();

    await page.mouse.move(AWAY.x, AWAY.y);
    await page.clock.runFor(300);
    await expect(berita).toHaveAttribute('aria-expanded', 'true');
    await page.clock.runFor(190);
    await expect(berita).toHaveAttribute('aria-expanded', 'true');
    await expect(submenu).toBeVisible();
    await page.clock.runFor(20);
    await expect(berita).toHaveAttribute('aria-expanded', 'false');
    await expect(submenu).toBeHidden();

    // Back within the delay, it stays open.
    await pointAt(page, menu.link('Berita'));
    await page.clock.runFor(100);
    await expect(berita).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(AWAY.x, AWAY.y);
    await page.clock.runFor(400);
    await pointAt(page, submenu);
    await page.clock.runFor(1_000);
    await expect(berita).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.link('Prestasi')).toBeVisible();
  });

  test('hover intent: passing over an item quickly does not open it; slowing down on it does', async ({ page }) => {
    await page.clock.install();
    const menu = await DesktopMenu.openHome(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const berita = menu.toggle('Berita');
    const item = await menu.link('Berita').boundingBox();
    if (!item) throw new Error('"Berita" is not rendered');
    const y = item.y + item.height / 2;

    // Through the item from below and out above it, within one hover-intent interval (100 ms).
    await page.mouse.move(item.x + 20, 400);
    await page.mouse.move(item.x + 20, y);
    await page.clock.runFor(60);
    await page.mouse.move(item.x + 20, 2);
    await page.clock.runFor(1_000);
    await expect(berita).toHaveAttribute('aria-expanded', 'false');

    // Along the item at 10 px per interval: still moving too fast (sensitivity 6 px)…
    await page.mouse.move(item.x + 2, y);
    for (let step = 1; step <= 4; step++) {
      await page.mouse.move(item.x + 2 + step * 10, y);
      await page.clock.runFor(100);
      await expect(berita).toHaveAttribute('aria-expanded', 'false');
    }
    // …until the pointer rests for one interval.
    await page.clock.runFor(100);
    await expect(berita).toHaveAttribute('aria-expanded', 'true');
  });

  test('"Profil" opens its mega panel: the template loaded once over call 3, as wide as the header\'s container', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/get-elementor-template-content')) calls.push(r.url());
    });
    const menu = await DesktopMenu.openHome(page);
    const toggle = menu.toggle('Profil');
    const panel = await menu.panelOf('Profil');
    // megaAjaxLoad: nothing is loaded before the panel first opens.
    expect(calls).toHaveLength(0);

    await menu.link('Profil').hover();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toContainText('SMP Tunas Bangsa mendampingi remaja');
    for (const name of ['Profil Sekolah', 'Visi & Misi', 'Guru & Staf']) {
      await expect(panel.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const picture = panel.getByRole('img', { name: /upacara bendera/i });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    // megaWidthType container: the panel spans the header's inner container, right under the header.
    const container = await menu.headerRow.boundingBox();
    const header = await menu.header.boundingBox();
    const box = await panel.boundingBox();
    if (!container || !header || !box) throw new Error('the header or the panel is not rendered');
    expect(Math.abs(box.width - container.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.x - container.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.y - (header.y + header.height))).toBeLessThanOrEqual(1);

    // Closed and opened again (with its toggle): the template is not asked for again.
    await page.mouse.move(AWAY.x, AWAY.y);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await toggle.press('Enter');
    await expect(panel).toContainText('SMP Tunas Bangsa mendampingi remaja');
    expect(calls).toHaveLength(1);
  });

  test('a mega panel takes the width the stored setting names: the visible items, or a chosen element', async ({
    page,
    site,
  }) => {
    test.setTimeout(90_000);
    /** The open "Profil" panel's box and the box it should match (the server keeps a menu a few seconds: reloads until then). */
    const widths = async (target: string) => {
      const menu = await DesktopMenu.openHome(page);
      await menu.link('Profil').hover();
      const panel = await menu.panelOf('Profil');
      await expect(panel).toContainText('SMP Tunas Bangsa mendampingi remaja');
      // Measured once its opening transition has ended.
      await expect.poll(() => panel.evaluate((el) => el.getAnimations().length)).toBe(0);
      const box = await panel.boundingBox();
      const wanted = await page.locator(target).first().boundingBox();
      if (!box || !wanted) throw new Error('the panel or its target is not rendered');
      return { box, wanted };
    };
    const cases = [
      { patch: { megaWidthType: 'items' }, target: '.main-menu__list' },
      { patch: { megaWidthType: 'selector', megaWidthSelector: '#main' }, target: '#main' },
    ];
    for (const { patch, target } of cases) {
      const restore = changeDesktopSettings(site.databaseFile, patch);
      try {
        await expect
          .poll(
            async () => {
              const { box, wanted } = await widths(target);
              return Math.abs(box.width - wanted.width) <= 1 && Math.abs(box.x - wanted.x) <= 1;
            },
            { timeout: 20_000, intervals: [1_000] },
          )
          .toBe(true);
      } finally {
        restore();
      }
    }
    // Back to the seeded container width before the worker's next tests.
    await expect
      .poll(
        async () => {
          const { box, wanted } = await widths('.site-header__inner');
          return Math.abs(box.width - wanted.width) <= 1;
        },
        { timeout: 20_000, intervals: [1_000] },
      )
      .toBe(true);
  });

  test('submenus open to the right, and flip to the left where the window would cut them', async ({ page }) => {
    const menu = await DesktopMenu.openHome(page);
    const viewport = page.viewportSize();
    if (!viewport) throw new Error('no viewport');

    // Away from the edge a nested submenu opens on the right of its item.
    await menu.toggle('Berita').press('Enter');
    await menu.toggle('Prestasi').press('Enter');
    const prestasi = await menu.link('Prestasi').boundingBox();
    const nested = await menu.panelOf('Prestasi');
    await expect(nested).toHaveAttribute('data-side', 'right');
    const nestedBox = await nested.boundingBox();
    expect(nestedBox && prestasi && nestedBox.x >= prestasi.x + prestasi.width).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    // A header whose logo takes most of the row, with nothing after the menu, leaves the menu (and its
    // '⋯') at the window's right edge.
    await page.addStyleTag({
      content: `.site-logo { flex: 0 0 1000px !important; }
        .site-header__inner > :not(.site-logo, .main-menu, .mobile-menu) { display: none !important; }`,
    });
    await expect.poll(() => menu.overflowNames()).toContain('Berita');
    await menu.overflowToggle.press('Enter');
    const more = await menu.panelFor(menu.overflowToggle);
    await expect(more).toBeVisible();
    // The '⋯' dropdown ends at its item's right edge instead of running out of the window.
    await expect(more).toHaveAttribute('data-side', 'left');
    const moreBox = await more.boundingBox();
    expect(moreBox && moreBox.x + moreBox.width <= viewport.width).toBe(true);

    // Berita's submenu inside it cannot open on the right: it opens on the left, inside the window.
    await menu.toggle('Berita').press('Enter');
    const berita = await menu.panelOf('Berita');
    await expect(berita).toBeVisible();
    await expect(berita).toHaveAttribute('data-side', 'left');
    const beritaBox = await berita.boundingBox();
    const beritaItem = await menu.link('Berita').boundingBox();
    expect(beritaBox && beritaItem && beritaBox.x >= 0 && beritaBox.x + beritaBox.width <= beritaItem.x + 1).toBe(true);
    // The next level keeps opening on the left while it fits there.
    await menu.toggle('Prestasi').press('Enter');
    const olimpiade = await menu.panelOf('Prestasi');
    await expect(olimpiade).toHaveAttribute('data-side', 'left');
    const olimpiadeBox = await olimpiade.boundingBox();
    const prestasiItem = await menu.link('Prestasi').boundingBox();
    expect(
      olimpiadeBox && prestasiItem && olimpiadeBox.x >= 0 && olimpiadeBox.x + olimpiadeBox.width <= prestasiItem.x + 1,
    ).toBe(true);
    await expect(menu.link('Olimpiade Sains')).toBeVisible();
  });

  test('click mode (stored setting): hovering opens nothing; the first click opens, the second follows the link; a click outside closes', async ({
    page,
    site,
  }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    const restore = changeDesktopSettings(site.databaseFile, { subEvent: 'click' });
    try {
      const menu = await openWithSubEvent(page, 'click');
      const berita = menu.toggle('Berita');

      // Resting on the item for longer than hover intent's interval opens nothing.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      await pointAt(page, menu.link('Berita'));
      await page.clock.runFor(1_000);
      await expect(berita).toHaveAttribute('aria-expanded', 'false');
      await page.clock.resume();

      await menu.link('Berita').click();
      await expect(berita).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.link('Prestasi')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);

      await page.mouse.click(AWAY.x, AWAY.y);
      await expect(berita).toHaveAttribute('aria-expanded', 'false');

      await menu.link('Berita').click();
      await expect(berita).toHaveAttribute('aria-expanded', 'true');
      await menu.link('Berita').click();
      await expect(page).toHaveURL(/\/berita\/$/);
      // Navigating closes the menu.
      await expect(berita).toHaveAttribute('aria-expanded', 'false');
    } finally {
      restore();
      // The worker's next tests expect the seeded hover menu again.
      await openWithSubEvent(page, 'hover');
    }
  });
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('the first tap on an item opens its submenu, the second follows its link', async ({ page }) => {
    const menu = await DesktopMenu.openHome(page);
    const berita = menu.toggle('Berita');
    await menu.link('Berita').tap();
    await expect(berita).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.link('Prestasi')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await menu.link('Berita').tap();
    await expect(page).toHaveURL(/\/berita\/$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('hovering an item shows its submenu (CSS), nested ones too, and every item is in the header', async ({
    page,
    site,
  }) => {
    await page.goto('/');
    const menu = new DesktopMenu(page);
    for (const name of mainMenuTopLevel(site.databaseFile)) await expect(menu.topLevelLink(name)).toBeVisible();
    await expect(menu.link('Prestasi')).toBeHidden();
    await menu.link('Berita').hover();
    await expect(menu.link('Prestasi')).toBeVisible();
    await menu.link('Prestasi').hover();
    await expect(menu.link('Olimpiade Sains')).toBeVisible();
    await menu.link('Olimpiade Sains').click();
    await expect(page).toHaveURL(/\/category\/olimpiade\/$/);
  });
});

// Issue 21 items 13 and 15: every top item of the seeded menu in the row at 1280 px and wider, and no
// page wider than the window, whichever submenu or mega panel has been opened.
for (const width of [1280, 1440]) {
  test.describe(`at ${width} px (issue 21)`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('every top item of the menu shows in the row; "⋯" is not needed', async ({ page, site }) => {
      const menu = await DesktopMenu.openHome(page);
      const all = mainMenuTopLevel(site.databaseFile);
      await expect.poll(() => menu.rowNames()).toEqual(all);
      for (const name of all) await expect(menu.topLevelLink(name)).toBeVisible();
      await expect(menu.overflowToggle).toBeHidden();
      const rows = await menu.rows();
      expect(Math.max(...rows.rowChildrenCenters) - Math.min(...rows.rowChildrenCenters)).toBeLessThanOrEqual(2);
    });

    test('no page is wider than the window, before and after each submenu and mega panel opens', async ({ page }) => {
      const same = { scrollWidth: width, clientWidth: width };
      for (const path of ['/berita/', '/galeri/', '/agenda/', '/']) {
        await page.goto(path);
        await waitForHydration(page);
        await new DesktopMenu(page).waitForEnhanced();
        await expect.poll(() => pageWidths(page)).toEqual(same);
      }
      const menu = new DesktopMenu(page);
      for (const path of [['Profil'], ['Berita'], ['Berita', 'Prestasi']]) {
        for (const name of path) {
          await menu.toggle(name).press('Enter');
          await expect(menu.toggle(name)).toHaveAttribute('aria-expanded', 'true');
        }
        await expect(await menu.panelOf(path.at(-1) as string)).toBeVisible();
        expect(await pageWidths(page)).toEqual(same);
        // Escape closes one level at a time.
        for (let level = 0; level < path.length; level++) await page.keyboard.press('Escape');
        await expect(menu.nav.locator('[aria-expanded="true"]')).toHaveCount(0);
        expect(await pageWidths(page)).toEqual(same);
      }
    });
  });
}

test.describe('the current page and its parents (issue 21)', () => {
  /** What marks an item's link: its colour, weight and background. */
  const markOf = (link: ReturnType<DesktopMenu['topLevelLink']>) =>
    link.evaluate((a) => {
      const style = getComputedStyle(a);
      const item = a.closest('li') as Element;
      return [style.color, style.fontWeight, style.backgroundColor, getComputedStyle(item).backgroundColor].join(' ');
    });

  test('a page two levels down marks "Berita" in the row; a page of the mega panel marks "Profil"', async ({
    page,
  }) => {
    for (const [path, parent] of [
      ['/category/olimpiade/', 'Berita'],
      ['/visi-misi/', 'Profil'],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      const menu = new DesktopMenu(page);
      await menu.waitForEnhanced();
      await expect
        .poll(async () => (await markOf(menu.topLevelLink(parent))) !== (await markOf(menu.topLevelLink('Galeri'))))
        .toBe(true);
      await expect(menu.topLevelLink(parent)).not.toHaveAttribute('aria-current');
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test("the server's menu marks the parents of the current page", async ({ page }) => {
      await page.goto('/category/olimpiade/');
      const menu = new DesktopMenu(page);
      expect(await markOf(menu.topLevelLink('Berita'))).not.toBe(await markOf(menu.topLevelLink('Galeri')));
      expect(await markOf(menu.topLevelLink('Profil'))).toBe(await markOf(menu.topLevelLink('Galeri')));
    });
  });
});
