import type { Locator, Page } from '@playwright/test';

/** The motion effects of sections and columns (issue 22): sticky table of contents, parallax, particles. */
export class MotionEffects {
  /** /profil/'s table of contents and the section that holds it. */
  readonly toc: Locator;
  readonly tocSection: Locator;
  /** The home hero's particle background (decoration, hidden from assistive technology). */
  readonly particles: Locator;
  readonly particlesCanvas: Locator;
  /** The home hero's parallax column content. */
  readonly parallax: Locator;

  constructor(readonly page: Page) {
    this.toc = page.getByRole('navigation', { name: 'Daftar isi' });
    this.tocSection = page.locator('section.elementor-section').filter({ has: this.toc });
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
    await this.page.evaluate(async (top) => {
      window.scrollTo({ top, behavior: 'instant' });
      await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    }, y);
  }

  /** How many pixels of the particle canvas are painted (not fully transparent). */
  paintedPixels(): Promise<number> {
    return this.particlesCanvas.evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted++;
      return painted;
    });
  }
}
