import { expect, type Locator, type Page, type Request } from '@playwright/test';

/** The tabs' template call (original-wire.md §7). */
export const TEMPLATE_CALL = /\/wp-json\/jet-tabs-api\/v1\/elementor-template\?/;

/** Waits until the page behaviour's code has taken every widget of that kind over (widgets/behaviours.ts). */
export async function waitForBehaviour(page: Page, behaviour: 'tabs' | 'accordion' | 'switcher'): Promise<void> {
  await expect(page.locator(`[data-behaviour="${behaviour}"]:not([data-enhanced=""])`)).toHaveCount(0);
}

/** The template calls the page makes from now on. */
export function recordTemplateCalls(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (request: Request) => {
    if (TEMPLATE_CALL.test(request.url())) calls.push(new URL(request.url()));
  });
  return calls;
}

/** The tabs on /profil/ ("Sekilas Sekolah"): panels from templates. */
export class ProfilTabs {
  readonly widget: Locator;
  /** The enhanced tab list (React Aria). */
  readonly tablist: Locator;
  /** The server's links, before and without script. */
  readonly links: Locator;

  constructor(readonly page: Page) {
    this.widget = page.locator('[data-behaviour="tabs"]').first();
    this.tablist = this.widget.getByRole('tablist').first();
    this.links = this.widget.locator('.toggle-tabs__links');
  }

  tab(name: string): Locator {
    return this.tablist.getByRole('tab', { name, exact: true });
  }

  /** The panel shown (the enhanced tabs' one tabpanel). */
  shownPanel(): Locator {
    return this.widget.locator('.toggle-tabs__panel:not([data-inert])').first();
  }

  /** The template ids the server left to the browser, in the tabs' order. */
  lazyTemplateIds(): Promise<string[]> {
    return this.widget
      .locator('.toggle-content[data-template-id]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.templateId ?? ''));
  }
}

/** The /ppdb/ widgets: the tracks' switcher, the steps (collapsible accordion) and the FAQ. */
export class PpdbToggles {
  constructor(readonly page: Page) {}

  /** A toggle (`<details>`) by its css id. */
  toggle(id: string): Locator {
    return this.page.locator(`details#${id}`);
  }

  /** A toggle's control, by its title. */
  summary(title: string | RegExp): Locator {
    return this.page.locator('summary.toggle-accordion__toggle').filter({ hasText: title });
  }

  /** The ids of the open toggles of the accordion holding `id`. */
  openIn(id: string): Promise<string[]> {
    return this.toggle(id).evaluate((el) =>
      [...(el.parentElement?.querySelectorAll(':scope > details[open]') ?? [])].map((d) => d.id),
    );
  }

  track(name: 'Jalur reguler' | 'Jalur prestasi'): Locator {
    return this.page.getByRole('radio', { name, exact: true });
  }

  /** The switcher's panel box (the element whose height animates). */
  switcherPanels(): Locator {
    return this.page.locator('.toggle-switcher__panels');
  }
}
