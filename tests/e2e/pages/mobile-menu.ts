import type { Locator, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';

/** The header's mobile menu (issue 12, below 1025 px): its toggle and its slide-out panel. */
export class MobileMenu {
  /** The enhanced toggle (a button), once the menu's code has taken over. */
  readonly toggle: Locator;
  /** The toggle the server sends: the summary of a <details> (before the script, or without it). */
  readonly fallbackToggle: Locator;
  /** The whole main menu the <details> reveals without JavaScript. */
  readonly fallbackMenu: Locator;
  readonly panel: Locator;
  readonly crumbs: Locator;
  readonly loader: Locator;

  constructor(readonly page: Page) {
    const header = page.getByRole('banner');
    this.toggle = header.getByRole('button', { name: 'Menu', exact: true });
    this.fallbackToggle = header.locator('summary.mobile-menu__toggle');
    this.fallbackMenu = header.getByRole('navigation', { name: 'Menu utama' });
    this.panel = page.getByRole('dialog', { name: 'Menu' });
    this.crumbs = this.panel.getByRole('navigation', { name: 'Jejak menu' });
    this.loader = page.getByTestId('mobile-menu-loader');
  }

  /**
   * Opens the panel: with the toggle button once the menu's code has taken over, else with the server's
   * toggle, whose tap fetches that code (issue 24: not before) and opens the menu once it runs.
   */
  async open(): Promise<void> {
    await this.toggle.or(this.fallbackToggle).filter({ visible: true }).click();
    await this.panel.waitFor();
  }

  /** The button of an item that opens a child level or a mega template (its name starts with the item's). */
  level(name: string): Locator {
    return this.panel.getByRole('button', { name: new RegExp(`^${name}\\b`) });
  }

  /** A link in the panel, by the start of its name (items may show a description after it). */
  link(name: string): Locator {
    return this.panel.getByRole('link', { name: new RegExp(`^${name}`) }).first();
  }

  /** The back button ('Kembali'). */
  get back(): Locator {
    return this.panel.getByRole('button', { name: /Kembali/ });
  }

  crumb(name: string): Locator {
    return this.crumbs.getByRole('button', { name, exact: true });
  }

  /** The breadcrumbs' labels, in order. */
  async crumbLabels(): Promise<string[]> {
    return this.crumbs.getByRole('listitem').allInnerTexts();
  }

  /** The icon an item shows (inline SVG, by the item's name). */
  icon(name: string): Locator {
    return this.panel
      .locator('.mobile-menu__link')
      .filter({ hasText: new RegExp(`^${name}`) })
      .first()
      .locator('svg.menu-icon');
  }

  /** The panel's parts from the top (`bar`, `search`, `crumbs`, `level`, templates), by their class. */
  async sections(): Promise<string[]> {
    return this.panel
      .locator('.mobile-menu__inner > *')
      .evaluateAll((parts) => parts.map((p) => /\bmobile-menu__([a-z]+)/.exec(p.className)?.[1] ?? p.className));
  }

  /** Whether the keyboard's focus is inside the panel. */
  async hasFocus(): Promise<boolean> {
    return this.panel.evaluate((panel) => panel.contains(document.activeElement));
  }
}

/**
 * Changes the main menu's stored mobile settings (`menu.settings`, JSON) in a server's database. The
 * server keeps its menu a few seconds: change it before the first page is served.
 */
export function setMobileMenuSettings(databaseFile: string, mobile: Record<string, unknown>): void {
  const db = new SQLite(databaseFile, { timeout: 10_000 });
  try {
    const row = db.prepare("select id, settings from menu where location = 'main'").get() as
      | { id: number; settings: string }
      | undefined;
    if (!row) throw new Error('no main menu in the test database');
    const settings = JSON.parse(row.settings) as { mobile?: Record<string, unknown> };
    settings.mobile = { ...settings.mobile, ...mobile };
    db.prepare('update menu set settings = ? where id = ?').run(JSON.stringify(settings), row.id);
  } finally {
    db.close();
  }
}
