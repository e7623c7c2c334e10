import type { Locator, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { waitForHydration } from './site';

/**
 * The header's main menu on a wide window (issue 12 "Desktop (1025 px and wider)"): the server's nav,
 * then the enhanced one (`data-enhanced`) with a toggle button per item with a submenu or mega panel,
 * and the trailing '⋯' item ("Menu lainnya") with the top-level items that do not fit.
 */
export class DesktopMenu {
  readonly nav: Locator;
  /** The enhanced nav, once its code has taken over. */
  readonly enhanced: Locator;
  readonly overflowToggle: Locator;
  readonly header: Locator;
  /** The header's one row (logo, menu, search, account links). */
  readonly headerRow: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.headerRow = page.locator('.site-header__inner');
    this.nav = this.header.getByRole('navigation', { name: 'Menu utama' });
    this.enhanced = page.locator('nav.main-menu[data-enhanced]');
    this.overflowToggle = this.nav.getByRole('button', { name: 'Menu lainnya' });
  }

  /** The home page with the enhanced desktop menu in charge. */
  static async openHome(page: Page): Promise<DesktopMenu> {
    await page.goto('/');
    await waitForHydration(page);
    const menu = new DesktopMenu(page);
    await menu.waitForEnhanced();
    return menu;
  }

  /** Resolves once the enhanced menu has taken the nav over (its chunk loads when the browser is idle). */
  async waitForEnhanced(): Promise<void> {
    await this.enhanced.waitFor({ state: 'attached' });
  }

  /** A link of the menu (top level, submenu or mega panel), by its exact name. */
  link(name: string): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  /** A top-level item's link in the row, by the item's name (its badge may follow the name). */
  topLevelLink(name: string): Locator {
    return this.nav.locator('.main-menu__list > li > a').filter({ hasText: name }).first();
  }

  /** A top-level item's link inside '⋯', by the item's name. */
  overflowLink(name: string): Locator {
    return this.nav.locator('.menu-overflow > .sub-menu > li > a').filter({ hasText: name }).first();
  }

  /** The toggle button of an item with a submenu or mega panel. */
  toggle(itemName: string): Locator {
    return this.nav.getByRole('button', { name: `Submenu ${itemName}`, exact: true });
  }

  /** The submenu or mega panel of an item, found through its toggle's aria-controls. */
  async panelOf(itemName: string): Promise<Locator> {
    return this.panelFor(this.toggle(itemName));
  }

  /** The element a toggle button controls. */
  async panelFor(toggle: Locator): Promise<Locator> {
    const id = await toggle.getAttribute('aria-controls');
    if (!id) throw new Error('the toggle controls nothing');
    return this.page.locator(`[id="${id}"]`);
  }

  /** The names of the top-level items shown in the row, in order ('⋯' not included). */
  async rowNames(): Promise<string[]> {
    return this.nav
      .locator('.main-menu__list > li:not(.menu-overflow) > a')
      .evaluateAll((links) => links.map((a) => a.firstChild?.textContent?.trim() ?? ''));
  }

  /** The names of the top-level items inside '⋯', in order. */
  async overflowNames(): Promise<string[]> {
    return this.nav
      .locator('.menu-overflow > .sub-menu > li > a')
      .evaluateAll((links) => links.map((a) => a.firstChild?.textContent?.trim() ?? ''));
  }

  /** Whether the menu's row and the header each stay one row high. */
  async rows(): Promise<{ headerHeight: number; itemTops: number[]; rowChildrenCenters: number[] }> {
    return this.page.evaluate(() => {
      const row = document.querySelector('.site-header__inner');
      const items = [...document.querySelectorAll('.main-menu__list > li:not([data-empty])')];
      const center = (el: Element) => {
        const box = el.getBoundingClientRect();
        return Math.round(box.top + box.height / 2);
      };
      return {
        headerHeight: Math.round(row?.getBoundingClientRect().height ?? 0),
        itemTops: items.map((li) => Math.round(li.getBoundingClientRect().top)),
        rowChildrenCenters: [...(row?.children ?? [])]
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => center(el)),
      };
    });
  }
}

/** The main menu's top-level item titles in the database, in order. */
export function mainMenuTopLevel(databaseFile: string): string[] {
  const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return (
      db
        .prepare(
          `select i.title from menu_item i join menu m on m.id = i.menu_id
           where m.location = 'main' and i.parent_id is null order by i.position, i.id`,
        )
        .all() as { title: string }[]
    ).map((r) => r.title);
  } finally {
    db.close();
  }
}

/**
 * Changes the main menu's stored desktop settings (e.g. `{ subEvent: 'click' }`) in the server's
 * database; returns what restores them. The server keeps a menu a few seconds: wait for the page to
 * show the change.
 */
export function changeDesktopSettings(databaseFile: string, patch: Record<string, unknown>): () => void {
  const db = new SQLite(databaseFile, { timeout: 10_000 });
  try {
    const row = db.prepare(`select id, settings from menu where location = 'main'`).get() as
      | { id: number; settings: string }
      | undefined;
    if (!row) throw new Error('the database has no main menu');
    const settings = JSON.parse(row.settings) as { desktop?: Record<string, unknown> };
    const changed = { ...settings, desktop: { ...settings.desktop, ...patch } };
    db.prepare('update menu set settings = ? where id = ?').run(JSON.stringify(changed), row.id);
    return () => {
      const restore = new SQLite(databaseFile, { timeout: 10_000 });
      try {
        restore.prepare('update menu set settings = ? where id = ?').run(row.settings, row.id);
      } finally {
        restore.close();
      }
    };
  } finally {
    db.close();
  }
}
