import type { Locator, Page } from '@playwright/test';

/** Store buttons on cards, the count badges, the notice and the saved and compare pages (issue 13). */
export class Stores {
  readonly main: Locator;
  /** The page's message area (the store code's status and errors). */
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.notice = page.locator('#store-notice');
  }

  /** The count badge of a store (the number inside the link to the store's page). */
  badge(store: 'favorit' | 'banding'): Locator {
    return this.main.locator(`.store-count .jet-engine-data-store-count[data-store="${store}"]`);
  }

  /**
   * Scrolls to a store's count badge, as a visitor would: one below the fold loads the store code only
   * once it comes near the window (issue 24).
   */
  async reachBadge(store: 'favorit' | 'banding'): Promise<void> {
    await this.main
      .locator('.store-count')
      .filter({ has: this.page.locator(`[data-store="${store}"]`) })
      .scrollIntoViewIfNeeded();
  }

  /** The news cards of the home page's load-more list ("Berita Terbaru"; not the slider's). */
  get newsCards(): Locator {
    return this.main.locator('.ecs-posts .post-card');
  }

  /** The activity cards of /ekskul/. */
  get activityCards(): Locator {
    return this.main.locator('.ekskul-card');
  }

  /** A card's store button, in either state, by the start of its label (`Simpan`, `Bandingkan` …). */
  button(card: Locator, labels: RegExp): Locator {
    return card.getByRole('button', { name: labels });
  }

  /** A card's title (its link's text). */
  async titleOf(card: Locator): Promise<string> {
    return (await card.getByRole('heading').textContent())?.trim() ?? '';
  }

  /** The saved page's list of favourites. */
  get savedItems(): Locator {
    return this.main.getByRole('list', { name: 'Daftar Favorit' }).getByRole('listitem');
  }

  /** The compare table's activity columns (their header cells). */
  get compareColumns(): Locator {
    return this.main.getByRole('table').getByRole('columnheader');
  }

  /** A row of the compare table by its label. */
  compareRow(label: string): Locator {
    return this.main.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) });
  }
}
