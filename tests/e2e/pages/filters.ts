import { expect, type Locator, type Page } from '@playwright/test';
import { MONTH_NAMES } from '../../../app/features/filters/date-format';
import { waitForHydration } from './site';

/**
 * The smart filters of a listing page (/galeri/, /berita/, /ekskul/) and the listing they drive
 * (spec filters-and-widgets §1-9), located by role and name as a visitor finds them.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An option's accessible name: its label, then its counter when the filter shows one ("Upacara (5)"). */
export function optionName(label: string, count?: number): string {
  return count === undefined ? label : `${label} (${count})`;
}

/** Matches an option by its label whatever its counter says. */
export function optionNamed(label: string): RegExp {
  return new RegExp(`^${escapeRegExp(label)}(?: \\(\\d+\\))?$`);
}

/** A calendar day. */
export interface Day {
  year: number;
  month: number;
  day: number;
}

/** The school's calendar day of a stored instant (WIB is UTC+7 all year): the day a date filter reads. */
export function schoolDay(iso: string): Day {
  const d = new Date(Date.parse(iso) + 7 * 3_600_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Orders days. */
export const dayNumber = (d: Day) => d.year * 10_000 + d.month * 100 + d.day;

/** A day written in a date filter's format (datepicker letters: dd, mm, and yy for the four-digit year). */
export function writtenDay(format: string, d: Day): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return format.replace('dd', pad(d.day)).replace('mm', pad(d.month)).replace('yy', String(d.year));
}

/**
 * Resolves once the page is hydrated and every filter widget on it too. The widgets' code is a chunk
 * loaded after the page's own (app/features/filters/ui/lazy-widgets.tsx); until it has run, React
 * keeps the server's HTML, whose controls look the same but do nothing. A live widget's frame says
 * so with `data-hydrated`.
 */
export async function waitForFilterWidgets(page: Page): Promise<void> {
  await waitForHydration(page);
  // Those not shown (folded on a phone) or far below the window hydrate when they come near (issue 24).
  await page.waitForFunction(() => {
    const frames = [...document.querySelectorAll('[data-filter-id], .jet-filters-pagination')];
    const near = (el: Element) => el.getClientRects().length > 0 && el.getBoundingClientRect().top < innerHeight * 1.5;
    return frames.filter(near).every((el) => el.hasAttribute('data-hydrated'));
  });
}

/** The filters of one page and what they report. */
export class Filters {
  /** Remove-all: a link to the unfiltered page, shown while a filter is active. */
  readonly removeAll: Locator;
  /** The listing's polite announcement after each answer ("8 hasil ditemukan"). */
  readonly resultCount: Locator;
  /** The filter pagination widget. */
  readonly pagination: Locator;
  /** The group apply button (mixed and reload filters). */
  readonly apply: Locator;

  constructor(readonly page: Page) {
    this.removeAll = page.getByRole('link', { name: 'Hapus semua filter' });
    // The main listing's (on /berita/ a smaller list below it follows the category filter and announces too).
    this.resultCount = page.locator('.jsf-listing > [aria-live="polite"]').first();
    this.pagination = page.getByRole('navigation', { name: 'Halaman hasil' });
    this.apply = page.getByRole('button', { name: 'Terapkan', exact: true });
  }

  /** A filter shown as a group of choices (checkboxes, radios, stars, swatches …), by its label. */
  group(label: string): Locator {
    return this.page.getByRole('group', { name: label, exact: true });
  }

  /** A checkbox of a filter by its option's label, whatever its counter says. */
  checkbox(filterLabel: string, option: string): Locator {
    return this.group(filterLabel).getByRole('checkbox', { name: optionNamed(option) });
  }

  /** The button that submits a filter's group form without JavaScript (no apply button on the page). */
  submitOf(filterLabel: string): Locator {
    return this.page
      .locator('.jet-filter')
      .filter({ has: this.group(filterLabel) })
      .getByRole('button', { name: 'Terapkan', exact: true });
  }

  /** A select (a select filter, a hierarchy level, sorting) by its label. */
  select(label: string): Locator {
    return this.page.getByRole('combobox', { name: label, exact: true });
  }

  /** A link of the pagination widget ("Halaman 2", "Berikutnya" …). */
  pageLink(name: string): Locator {
    return this.pagination.getByRole('link', { name, exact: true });
  }

  /** Asserts the visible checkboxes of a filter, in order, by their accessible names (label and counter). */
  async expectCheckboxes(filterLabel: string, names: string[]): Promise<void> {
    const boxes = this.group(filterLabel).getByRole('checkbox');
    await expect(boxes).toHaveCount(names.length);
    for (const [i, name] of names.entries()) await expect(boxes.nth(i)).toHaveAccessibleName(name);
  }

  /** Asserts the options of a select after its placeholder, in order, by their text (label and counter). */
  async expectSelectOptions(label: string, names: string[]): Promise<void> {
    const options = this.select(label).getByRole('option');
    await expect(options).toHaveText([/.*/, ...names]);
  }
}

/** The date picker of a date box ("Dari", "Sampai"): a dialog opened from its calendar button. */
export class DatePicker {
  readonly dialog: Locator;
  readonly done: Locator;

  constructor(
    readonly page: Page,
    readonly field: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: field });
    this.done = this.dialog.getByRole('button', { name: 'Done', exact: true });
  }

  /** Opens the picker from its button ("Pilih tanggal: Dari"); the focus moves into the calendar. */
  async open(): Promise<void> {
    await this.page.getByRole('button', { name: `Pilih tanggal: ${this.field}` }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** The day the calendar's focus is on, from the focused cell's name ("Today, Monday, 23 November 2026"). */
  async focusedDay(): Promise<Day> {
    const name = await this.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const m = /(\d{1,2}) ([A-Za-z]+) (\d{4})/.exec(name);
    if (!m) throw new Error(`the focus is not on a day of the calendar (on "${name}")`);
    const month = (MONTH_NAMES as readonly string[]).indexOf(m[2] as string) + 1;
    if (month === 0) throw new Error(`unknown month in "${name}"`);
    return { year: Number(m[3]), month, day: Number(m[1]) };
  }

  /**
   * Moves the calendar's focus to a day with the keyboard only (Page Up/Down a month, arrows a week
   * or a day), then chooses it with Enter. Fails when the keys stop moving the focus.
   */
  async chooseWithKeyboard(target: Day): Promise<void> {
    for (let moves = 0; moves < 200; moves++) {
      const at = await this.focusedDay();
      const months = target.year * 12 + target.month - (at.year * 12 + at.month);
      if (months !== 0) {
        await this.page.keyboard.press(months < 0 ? 'PageUp' : 'PageDown');
        continue;
      }
      const days = target.day - at.day;
      if (days === 0) {
        await this.page.keyboard.press('Enter');
        return;
      }
      if (Math.abs(days) >= 7) await this.page.keyboard.press(days < 0 ? 'ArrowUp' : 'ArrowDown');
      else await this.page.keyboard.press(days < 0 ? 'ArrowLeft' : 'ArrowRight');
    }
    throw new Error(`the keyboard did not bring the calendar to ${JSON.stringify(target)}`);
  }
}

/** A numeric range filter: a two-thumb slider and its two number boxes. */
export class RangeFilter {
  readonly low: Locator;
  readonly high: Locator;
  readonly lowBox: Locator;
  readonly highBox: Locator;

  constructor(
    readonly page: Page,
    readonly label: string,
  ) {
    // Each thumb is named by its own label and the slider's ("Biaya per bulan: terendah Biaya per bulan").
    this.low = page.getByRole('slider', { name: `${label}: terendah` });
    this.high = page.getByRole('slider', { name: `${label}: tertinggi` });
    const frame = page.locator('.jet-filter').filter({ has: this.low });
    this.lowBox = frame.getByRole('spinbutton', { name: 'Dari', exact: true });
    this.highBox = frame.getByRole('spinbutton', { name: 'Sampai', exact: true });
  }

  /** The range the number boxes show (they follow the thumbs once a thumb is let go). */
  async values(): Promise<[number, number]> {
    return [Number(await this.lowBox.inputValue()), Number(await this.highBox.inputValue())];
  }

  /**
   * Drags a thumb with the mouse to a fraction of the track's width (0 the left end, 1 the right),
   * in small steps as a hand does, and lets it go there.
   */
  async drag(thumb: Locator, fraction: number): Promise<void> {
    // The slider role is on a visually hidden input (in a wrapper) inside the thumb, which sits on the track.
    await thumb.locator('xpath=../../..').scrollIntoViewIfNeeded();
    const box = await thumb.locator('xpath=../..').boundingBox();
    const track = await thumb.locator('xpath=../../..').boundingBox();
    if (!track || !box) throw new Error(`the ${this.label} slider is not rendered`);
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + box.width / 2, y);
    await this.page.mouse.down();
    await this.page.mouse.move(track.x + track.width * fraction, y, { steps: 12 });
    await this.page.mouse.up();
  }
}

/** The items of the filtered listing grid on the page (/galeri/, /ekskul/). */
export class FilteredListing {
  /** The listing's frame: busy while a request runs. */
  readonly frame: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.frame = page.locator('.jsf-listing').first();
    this.items = this.frame.locator('.jet-listing-grid__item');
  }

  /** Each grid item's link target, in grid order. */
  async itemLinks(): Promise<string[]> {
    return this.items.evaluateAll((els) => els.map((el) => el.querySelector('a')?.getAttribute('href') ?? ''));
  }
}

/**
 * The phone's "Filter" control (issue 13): a disclosure the page's filters fold behind below 768 px.
 * Its summary reads "Filter" and, with filters active, their number ("Filter 2 aktif").
 */
export class FilterPanel {
  readonly panel: Locator;
  readonly toggle: Locator;
  /** The badge with the number of active filters (absent while none is). */
  readonly count: Locator;

  constructor(readonly page: Page) {
    this.panel = page.locator('details.jsf-panel');
    this.toggle = this.panel.locator('summary');
    this.count = this.panel.locator('.jsf-panel__count');
  }

  /** Opens the panel by touch (a tap on its summary), and waits for it to be open. */
  async openByTap(): Promise<void> {
    await this.toggle.tap();
    await expect(this.panel).toHaveAttribute('open', '');
  }
}
