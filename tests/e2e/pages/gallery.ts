import { expect, type Locator, type Page } from '@playwright/test';
import { swipe } from '../support/slow-phone';
import { waitForHydration } from './site';

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

/** A gallery item's page (/galeri/{slug}/): its photo slider and the lightbox a photo opens. */
export class GalleryItem {
  /** The slider (a carousel region named after the item). */
  readonly slider: Locator;
  /** The slider's photos, each a link to its full-size file. */
  readonly photoLinks: Locator;
  /** The slider's counter: `Foto 2 dari 4` once live, `4 foto` before. */
  readonly counter: Locator;
  readonly previous: Locator;
  readonly next: Locator;
  /** The open lightbox (a modal dialog). */
  readonly lightbox: Locator;
  /** The lightbox's counter (`2 / 4`). */
  readonly lightboxCounter: Locator;
  /** The thumbnails under the slider, in photo order: links named `Foto 3 dari 5`. */
  readonly thumbnails: Locator;
  /** The lightbox's share button (the system's share sheet, or the list of share links). */
  readonly share: Locator;
  /** The lightbox's list of share links (browsers without a share sheet). */
  readonly shareList: Locator;

  constructor(readonly page: Page) {
    this.slider = page.locator('section.gallery-slider');
    this.photoLinks = this.slider.locator('.gallery-slider__slide .gallery-slider__link');
    this.counter = this.slider.locator('.gallery-slider__counter');
    this.previous = this.slider.getByRole('button', { name: 'Foto sebelumnya' });
    this.next = this.slider.getByRole('button', { name: 'Foto berikutnya' });
    this.lightbox = page.getByRole('dialog', { name: 'Penampil foto' });
    this.lightboxCounter = this.lightbox.locator('.yarl__counter');
    this.thumbnails = this.slider.getByRole('list', { name: 'Pilih foto' }).getByRole('link');
    this.share = this.lightbox.getByRole('button', { name: 'Bagikan' });
    this.shareList = this.lightbox.getByRole('list', { name: 'Bagikan foto' });
  }

  /** The slide in view (the live slider marks it `data-selected`). */
  get currentSlide(): Locator {
    return this.slider.locator('.gallery-slider__slide[data-selected]');
  }

  /** The thumbnail marked as the photo in view (`aria-current`). */
  get currentThumbnail(): Locator {
    return this.thumbnails.and(this.page.locator('[aria-current="true"]'));
  }

  /** The photo the lightbox shows (its current slide's image). */
  get lightboxImage(): Locator {
    return this.lightbox.locator('.yarl__slide_current img');
  }

  /** The live slider has taken over the strip (Embla is driving it). */
  async expectLive(): Promise<void> {
    await expect(this.slider).toHaveAttribute('data-enhanced', 'true');
  }

  /** Opens the item's page and waits for its slider to take over. */
  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await waitForHydration(this.page);
    await this.expectLive();
  }

  /** A swipe of `dx` px across `target`, at a finger's pace: about 0.4 s, so two swipes are never one double tap (zoom). */
  async swipe(target: Locator, dx: number): Promise<void> {
    await swipe(this.page, target, dx, 50);
  }
}
