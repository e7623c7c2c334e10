import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The reveal widgets seeded on /profil/ (content/pages.yaml, ids `rv…`): the folded history (unfold),
 * its eras (view-more), the facilities (image accordion) and the campus map (hotspots).
 */
export class ProfilRevealWidgets {
  readonly unfold: Locator;
  readonly unfoldText: Locator;
  readonly unfoldButton: Locator;
  readonly viewMore: Locator;
  readonly viewMoreButton: Locator;
  readonly accordion: Locator;
  readonly hotspots: Locator;
  readonly legend: Locator;

  /** The eras of the view-more, in order. */
  static readonly ERAS = [
    '1987–1990 · Masa perintisan',
    '1991–1999 · Gedung sendiri',
    '2000–2012 · Tumbuh lewat kegiatan siswa',
    '2013–2021 · Belajar lewat proyek',
    '2022–kini · Merdeka belajar dan Adiwiyata',
  ];

  constructor(readonly page: Page) {
    this.unfold = page.locator('#unfold-rv1uf');
    this.unfoldText = this.unfold.locator('.unfold__mask');
    this.unfoldButton = this.unfold.locator('.unfold__button');
    this.viewMore = page.locator('#view-more-rv1vm');
    this.viewMoreButton = this.viewMore.locator('.view-more__button');
    this.accordion = page.locator('#image-accordion-rv2ia');
    this.hotspots = page.locator('#hotspots-rv3hs');
    this.legend = this.hotspots.getByRole('list');
  }

  async goto(): Promise<void> {
    await this.page.goto('/profil/');
  }

  /** Resolves once the widget's behaviour has taken it over (behaviours.ts marks it `data-enhanced=""`). */
  async enhanced(widget: Locator): Promise<void> {
    // Widgets below the fold are taken over once they come near the window (issue 24): as a visitor, scroll there.
    await widget.scrollIntoViewIfNeeded();
    await expect(widget).toHaveAttribute('data-enhanced', '', { timeout: 20_000 });
  }

  era(title: string): Locator {
    return this.viewMore.getByRole('heading', { name: title, includeHidden: true });
  }

  /** An item of the image accordion by its title. */
  item(title: string): Locator {
    return this.accordion.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  /** The titles of the active items (none, or one). */
  activeItems(): Promise<string[]> {
    return this.accordion.locator('.image-accordion__item[data-active] h3').allTextContents();
  }

  /** The widths of the items, in their order. */
  async itemBoxes(): Promise<Array<{ x: number; y: number; width: number; height: number }>> {
    return this.accordion
      .locator('.image-accordion__item')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
  }

  /** A hotspot of the campus map (a button once enhanced) by its title. */
  spot(title: string): Locator {
    return this.hotspots.getByRole('button', { name: title });
  }

  tooltip(): Locator {
    return this.page.getByRole('tooltip');
  }

  /** The mask's height now (the folded text's visible height). */
  async maskHeight(): Promise<number> {
    return (await this.unfoldText.boundingBox())?.height ?? Number.NaN;
  }
}
