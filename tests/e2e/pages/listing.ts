import { expect, type Locator, type Page } from '@playwright/test';
import { swipe } from '../support/slow-phone';

/** A listing grid (spec 000 §2-4): its items, its load-more control and the failed-load message. */
export class ListingGrid {
  readonly root: Locator;
  /** The grid's news cards, the server's first page and any appended since. */
  readonly articles: Locator;
  readonly titles: Locator;
  /** The load-more control (a link to the next page; infinite scroll watches it). */
  readonly loadMore: Locator;
  /** The message a failed load shows. */
  readonly error: Locator;

  constructor(
    readonly page: Page,
    loadMoreName: string | RegExp,
  ) {
    this.root = page.locator('.jet-listing-grid').first();
    this.articles = this.root.locator('.jet-listing-grid__items').getByRole('article');
    this.titles = this.articles.getByRole('heading');
    this.loadMore = this.root.getByRole('link', { name: loadMoreName });
    this.error = this.root.getByRole('alert');
  }
}

/** The home page's featured-news slider (the WAI-ARIA carousel pattern). */
export class FeaturedSlider {
  readonly carousel: Locator;
  readonly slides: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly pause: Locator;
  readonly dots: Locator;
  readonly viewport: Locator;

  constructor(readonly page: Page) {
    // The home page has two carousels (the news ticker too, issue 22): this one is named "Berita pilihan".
    this.carousel = page.locator('[aria-roledescription="carousel"][aria-label="Berita pilihan"]');
    this.slides = this.carousel.locator('[aria-roledescription="slide"]');
    this.next = this.carousel.getByRole('button', { name: 'Slide berikutnya' });
    this.previous = this.carousel.getByRole('button', { name: 'Slide sebelumnya' });
    this.pause = this.carousel.getByRole('button', { name: /^(Jeda|Putar otomatis)$/ });
    this.dots = this.carousel.getByRole('button', { name: /^Tampilkan slide/ });
    this.viewport = this.carousel.locator('.listing-carousel__viewport');
  }

  /** Embla has taken over the server's strip. */
  async expectLive(): Promise<void> {
    // The slider hydrates once it comes near the window (issue 24): as a visitor, scroll there.
    await this.carousel.scrollIntoViewIfNeeded();
    await expect(this.carousel).toHaveAttribute('data-enhanced', '');
  }

  /** The scroll position the slider shows now (1-based), by its current dot. */
  async expectPosition(n: number): Promise<void> {
    await expect(this.dots.nth(n - 1)).toHaveAttribute('aria-current', 'true');
  }

  /** A one-finger horizontal swipe of `dx` px across the slides, made of real touch events (as a phone sends). */
  async swipe(dx: number): Promise<void> {
    await swipe(this.page, this.viewport, dx);
  }
}
