import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { waitForHydration } from './site';

/** Whether a request is call 2, the live search (GET admin-ajax, action jet_ajax_search). */
export function isSearchCall(request: Request): boolean {
  const url = new URL(request.url());
  return url.pathname === '/wp-admin/admin-ajax.php' && url.searchParams.get('action') === 'jet_ajax_search';
}

/** The text a call-2 request searches (`data[value]`). */
export function searchedText(request: Request): string | null {
  return new URL(request.url()).searchParams.get('data[value]');
}

/**
 * The header's live search (issue 12): the field at 1025 px and wider, the magnifier and its popup
 * below. `field` is the enhanced combobox in the header, the popup or wherever `scope` says.
 */
export class LiveSearch {
  readonly banner: Locator;
  /** The server's plain field (a searchbox), before the enhanced code takes over or without it. */
  readonly plainField: Locator;
  /** The popup's toggle as the server sends it: the summary of a <details>. */
  readonly fallbackToggle: Locator;
  /** The enhanced popup toggle (a button), once the search code has taken over. */
  readonly popupToggle: Locator;
  readonly popup: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole('banner');
    this.plainField = this.banner.getByRole('searchbox', { name: 'Cari' });
    this.fallbackToggle = this.banner.locator('summary.search-popup__toggle');
    this.popupToggle = this.banner.getByRole('button', { name: 'Cari', exact: true });
    this.popup = page.getByRole('dialog', { name: 'Pencarian' });
  }

  /** The enhanced field (role combobox) in the header, or in the popup when it is open. */
  field(where: 'header' | 'popup' = 'header'): Locator {
    return (where === 'header' ? this.banner : this.popup).getByRole('combobox', { name: 'Cari' });
  }

  get results(): Locator {
    return this.page.getByRole('listbox', { name: 'Hasil pencarian' });
  }

  get options(): Locator {
    return this.results.getByRole('option');
  }

  /** The panel under the field: spinner, message or results. */
  get panel(): Locator {
    return this.page.locator('.live-search__panel');
  }

  get message(): Locator {
    return this.panel.locator('.live-search__message');
  }

  /** Waits until the field points at `option` with aria-activedescendant (highlights it). */
  async expectHighlighted(field: Locator, option: Locator): Promise<void> {
    await expect(field).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  }

  /** Focuses the header's field (its enhanced version takes over) and waits for the combobox. */
  async focusHeaderField(): Promise<Locator> {
    await this.plainField.click();
    const field = this.field();
    await field.waitFor();
    return field;
  }

  /** Opens `path`, lets it hydrate and focuses the header's field; returns the enhanced field. */
  async openWithField(path = '/'): Promise<Locator> {
    await this.page.goto(path);
    await waitForHydration(this.page);
    return this.focusHeaderField();
  }

  /** The slide control of a page ('Halaman n'), marked aria-current when it is the slide shown. */
  pageButton(n: number): Locator {
    return this.panel.getByRole('button', { name: `Halaman ${n}`, exact: true });
  }

  get next(): Locator {
    return this.panel.getByRole('button', { name: 'Berikutnya' });
  }

  get previous(): Locator {
    return this.panel.getByRole('button', { name: 'Sebelumnya' });
  }
}
