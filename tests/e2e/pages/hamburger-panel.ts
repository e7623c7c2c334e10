import type { Locator, Page } from '@playwright/test';

/** Call 16, the hamburger panel's template route (original-wire.md §7). */
export const CALL_16 = /\/wp-json\/jet-blocks-api\/v1\/elementor-template\?/;

/** The header's hamburger panel (issue 12): its button and its side panel. */
export class HamburgerPanel {
  /** The enhanced button, once the panel's code has taken over. */
  readonly button: Locator;
  /** The button the server sends: the summary of a <details> (before the panel's code is here). */
  readonly fallbackButton: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    const header = page.getByRole('banner');
    this.button = header.getByRole('button', { name: 'Panel informasi', exact: true });
    this.fallbackButton = header.locator('summary.hamburger-panel__toggle');
    this.panel = page.getByRole('dialog', { name: 'Panel informasi' });
  }

  /** Whether the keyboard's focus is inside the panel. */
  async hasFocus(): Promise<boolean> {
    return this.panel.evaluate((panel) => panel.contains(document.activeElement));
  }
}
