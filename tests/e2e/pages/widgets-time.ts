import type { Locator, Page } from '@playwright/test';

/** A countdown widget (widgets/countdown): its digits, its sentence for screen readers, its message. */
export class CountdownWidget {
  readonly root: Locator;
  readonly sentence: Locator;
  readonly status: Locator;
  readonly message: Locator;

  constructor(
    readonly page: Page,
    within: Locator | Page = page,
  ) {
    this.root = within.locator('[data-behaviour="countdown"]').first();
    this.sentence = this.root.locator('[data-countdown-sentence]');
    this.status = this.root.getByRole('status');
    this.message = this.root.locator('[data-countdown-message]');
  }

  value(unit: 'days' | 'hours' | 'minutes' | 'seconds'): Locator {
    return this.root.locator(`[data-unit="${unit}"] .countdown__value`);
  }

  /** The digits as seconds remaining (days, hours, minutes and seconds all shown). */
  async secondsShown(): Promise<number> {
    const [d, h, m, s] = await Promise.all(
      (['days', 'hours', 'minutes', 'seconds'] as const).map(async (u) => Number(await this.value(u).textContent())),
    );
    return ((d ?? 0) * 24 + (h ?? 0)) * 3600 + (m ?? 0) * 60 + (s ?? 0);
  }

  /** Resolves once its browser code has taken it over. */
  async enhanced(): Promise<void> {
    // Widgets below the fold are taken over once they come near the window (issue 24): as a visitor, scroll there.
    await this.root.scrollIntoViewIfNeeded();
    await this.root.and(this.page.locator('[data-enhanced=""]')).waitFor({ state: 'attached' });
  }
}

/** The news ticker (widgets/ticker). */
export class TickerWidget {
  readonly root: Locator;
  readonly slides: Locator;
  readonly pause: Locator;
  readonly next: Locator;
  readonly previous: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Berita Terkini' });
    this.slides = this.root.locator('.ticker__slide');
    this.pause = this.root.getByRole('button', { name: /^(Jeda|Putar)$/ });
    this.next = this.root.getByRole('button', { name: 'Berita berikutnya' });
    this.previous = this.root.getByRole('button', { name: 'Berita sebelumnya' });
  }

  /** The slide shown now: the one not made inert. */
  current(): Locator {
    return this.root.locator('.ticker__slide:not([inert])');
  }

  /** What the current title shows typed so far. */
  typed(): Locator {
    return this.current().locator('.ticker__typed');
  }

  async enhanced(): Promise<void> {
    // Widgets below the fold are taken over once they come near the window (issue 24): as a visitor, scroll there.
    await this.root.scrollIntoViewIfNeeded();
    await this.root.and(this.page.locator('[data-enhanced=""]')).waitFor({ state: 'attached' });
  }
}

/** Share buttons (widgets/share) under the name their list carries. */
export class ShareWidget {
  readonly list: Locator;
  readonly root: Locator;
  readonly copy: Locator;
  readonly print: Locator;
  readonly status: Locator;

  constructor(
    readonly page: Page,
    label: string,
  ) {
    this.list = page.getByRole('list', { name: label });
    this.root = page.locator('[data-behaviour="share"]').filter({ has: this.list });
    this.copy = this.root.getByRole('button', { name: 'Salin tautan' });
    this.print = this.root.getByRole('button', { name: 'Cetak' });
    this.status = this.root.getByRole('status');
  }

  links(): Locator {
    return this.list.getByRole('link');
  }

  async enhanced(): Promise<void> {
    // Widgets below the fold are taken over once they come near the window (issue 24): as a visitor, scroll there.
    await this.root.scrollIntoViewIfNeeded();
    await this.root.and(this.page.locator('[data-enhanced=""]')).waitFor({ state: 'attached' });
  }
}
