import type { Locator, Page } from '@playwright/test';
import { twoFramesPassed } from './site';

/** The motion effects of sections and columns (issue 22): sticky table of contents, parallax, particles. */
export class MotionEffects {
  /** /profil/'s table of contents and the section that holds it. */
  readonly toc: Locator;
  readonly tocSection: Locator;
  /** The PPDB hero's particle background (decoration, hidden from assistive technology). */
  readonly particles: Locator;
  readonly particlesCanvas: Locator;
  /** The home hero's parallax column content. */
  readonly parallax: Locator;

  constructor(readonly page: Page) {
    // The sanitizer keeps no aria-label in stored rich text: the list is named by its visible title.
    const toc = page.getByRole('navigation').filter({ hasText: 'Daftar isi' });
    this.toc = page.getByRole('main').locator(toc);
    this.tocSection = page.locator('section.elementor-section').filter({ has: toc });
    this.particles = page.locator('.motion-particles');
    this.particlesCanvas = this.particles.locator('canvas');
    this.parallax = page.locator('.motion-parallax');
  }

  tocLink(name: string): Locator {
    return this.toc.getByRole('link', { name, exact: true });
  }

  /** An element's computed `position`. */
  position(locator: Locator): Promise<string> {
    return locator.evaluate((el) => getComputedStyle(el).position);
  }

  /** The vertical move of an element's transform (0 without one). */
  translateY(locator: Locator): Promise<number> {
    return locator.evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m42);
  }

  /** Scrolls the window to `y` and waits two frames, so scroll listeners and their frame have run. */
  async scrollTo(y: number): Promise<void> {
    await this.page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await twoFramesPassed(this.page);
  }

  /**
   * A picture of the section the particles are drawn in (tsParticles draws through an offscreen canvas,
   * whose pixels a page cannot read back): two pictures differ when the particles move.
   */
  particlesShot(): Promise<Buffer> {
    return this.page.locator('section.elementor-section', { has: this.particles }).screenshot();
  }
}
