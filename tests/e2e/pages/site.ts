import type { Locator, Page } from '@playwright/test';

/**
 * Resolves once the server-rendered page is hydrated. React Router's <ScrollRestoration> sets
 * `history.scrollRestoration` to 'manual' in an effect of the first client render, so from then on
 * the effects of that render have run and the page's click handlers are live; a click before that
 * would follow the plain link the server rendered.
 */
export async function waitForHydration(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual', undefined, { timeout });
}

/** An element's box once the page's transitions have ended (a panel that slides in is measured in place). */
export async function settledBox(locator: Locator) {
  await locator.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
  return locator.boundingBox();
}

/** The sticky site header and its main menu. */
export class SiteHeader {
  readonly banner: Locator;
  readonly mainMenu: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole('banner');
    this.mainMenu = page.getByRole('navigation', { name: 'Menu utama' });
  }

  /** A link of the main menu (top level or submenu), by its exact name. */
  menuLink(name: string): Locator {
    return this.mainMenu.getByRole('link', { name, exact: true });
  }

  /** The header's bottom edge in viewport pixels. */
  async bottom(): Promise<number> {
    const box = await this.banner.boundingBox();
    if (!box) throw new Error('the site header is not rendered');
    return box.y + box.height;
  }
}

/**
 * Resolves once React Router has finished the client navigation in progress (Back and Forward
 * after the address was pushed) and the browser has painted its result: the router's navigation
 * state is idle again, then two animation frames pass for React to commit.
 */
export async function waitForRouterIdle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string } } } })
        .__reactRouterDataRouter?.state.navigation.state === 'idle',
  );
  await twoFramesPassed(page);
}

/**
 * Resolves once the browser has run two rendering steps: what a step dispatches (a resize after a
 * viewport change, which closes open menus) has been delivered, and React has committed.
 */
export async function twoFramesPassed(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** One visible part of the header's row (logo, menu, search, toggles), with its box in viewport pixels. */
export interface HeaderPart {
  className: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The visible parts of the header's row, from left to right. */
export async function headerParts(page: Page): Promise<HeaderPart[]> {
  return page.locator('.site-header__inner').evaluate((row) =>
    [...row.children]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => {
        const box = el.getBoundingClientRect();
        return { className: el.className, top: box.top, bottom: box.bottom, left: box.left, right: box.right };
      })
      .sort((a, b) => a.left - b.left),
  );
}

/** The page's scrollable width and the viewport's: equal when nothing sticks out sideways. */
export async function pageWidths(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
}
