import type { Locator, Page } from '@playwright/test';

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

  /** Opens the panel with the toggle button. */
  async open(): Promise<void> {
    await this.toggle.click();
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
}
