import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForHydration } from './site';

/** A photo to upload, made here: noise, so that it is encoded like a photo (and not trivially small). */
export async function photoFile(name: string, width = 1000, height = 750) {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 50 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** An album's screen in the staff area (/admin/galeri/{id}/): its form, upload, photos and alt texts. */
export class StaffAlbumPage {
  readonly title: Locator;
  readonly fileInput: Locator;
  readonly uploads: Locator;
  /** the photos' order (a React Aria grid list once the page runs its scripts) */
  readonly order: Locator;
  readonly altFields: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByLabel('Judul album');
    this.fileInput = page.getByLabel(/^Pilih foto atau seret/);
    this.uploads = page.getByRole('list', { name: 'Unggahan' }).getByRole('listitem');
    this.order = page.getByRole('grid', { name: 'Urutan foto album' }).getByRole('row');
    this.altFields = page.getByLabel(/^Teks alternatif Foto \d+/);
  }

  async ready() {
    await waitForHydration(this.page);
    // The photo list turns into the grid list once the page runs its scripts.
    await expect(this.page.getByRole('heading', { name: 'Unggah foto' })).toBeVisible();
  }

  /** The uploaded files' names in the album's order, as the rows name them ("Foto 1 (a.jpg)"). */
  async photoNames(): Promise<string[]> {
    const texts = await this.order.allTextContents();
    return texts.map((t) => /Foto \d+ \(([^)]+)\)/.exec(t)?.[1] ?? t);
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name, exact: typeof name === 'string' });
  }
}

/** The counter of a checkbox filter's option, read from its accessible name ("Kunjungan (3)" → 3). */
export async function optionCount(checkbox: Locator): Promise<number> {
  const snapshot = await checkbox.ariaSnapshot();
  const count = /\((\d+)\)"?\s*(?:\[|$)/m.exec(snapshot)?.[1];
  if (count === undefined) throw new Error(`no counter in ${snapshot}`);
  return Number(count);
}
