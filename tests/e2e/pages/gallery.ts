import type { Locator, Page } from '@playwright/test';

/** The gallery's listing grid on /galeri/ (spec 001 §2-3). */
export class Gallery {
  /** The grid's items (the original widget's class, spec 001). */
  readonly items: Locator;
  /** The load-more control: a link to /galeri/page/2/ that JavaScript turns into an in-place load. */
  readonly loadMore: Locator;
  /** The text shown when there are no gallery items. */
  readonly notFound: Locator;

  constructor(readonly page: Page) {
    this.items = page.locator('.jet-listing-grid__item');
    this.loadMore = page.getByRole('link', { name: 'Muat lebih banyak' });
    this.notFound = page.getByText('Galeri belum ada');
  }

  /** Number of distinct columns: the items' distinct left edges (masonry lays them out in columns). */
  async columnCount(): Promise<number> {
    const lefts = await this.items.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
    return new Set(lefts).size;
  }

  /** Each item's link target, in grid order (unique per item). */
  async itemLinks(): Promise<string[]> {
    return this.items.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  }
}
