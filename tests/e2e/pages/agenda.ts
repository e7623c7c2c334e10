import { expect, type Locator, type Page } from '@playwright/test';
import { waitForHydration } from './site';

/**
 * The agenda calendar on /agenda/ (issue 13, spec 000 §2 and §4): a grid of labelled days named by
 * its heading ("Kalender kegiatan: November 2026"), month links, and the open day's events in a
 * region named by the day, in a row under its week.
 */
export class AgendaCalendar {
  readonly grid: Locator;
  readonly heading: Locator;
  readonly nav: Locator;
  /** The open day's events (a region named by the day); absent when no day is open. */
  readonly openDay: Locator;
  /** What the live widget tells a screen reader (a month shown, a day opened). */
  readonly announcement: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByRole('grid', { name: /^Kalender kegiatan: / });
    this.heading = page.getByRole('heading', { level: 2, name: /^Kalender kegiatan: / });
    this.nav = page.getByRole('navigation', { name: 'Bulan pada kalender kegiatan' });
    this.openDay = page.locator('.jet-calendar-details');
    this.announcement = page.locator('.agenda-calendar [aria-live="polite"]');
  }

  /** Resolves once the page is hydrated and the calendar's own code runs (`data-hydrated`). */
  async waitLive(): Promise<void> {
    await waitForHydration(this.page);
    await expect(this.page.locator('.agenda-calendar[data-hydrated]')).toBeVisible();
  }

  /** Expects the month shown ("Desember 2026"). */
  async expectMonth(label: string): Promise<void> {
    await expect(this.heading).toHaveText(`Kalender kegiatan: ${label}`);
  }

  /** The link to a neighbouring month, by its name ("Desember 2026"). */
  monthLink(label: string): Locator {
    return this.nav.getByRole('link', { name: label, exact: true });
  }

  /** A day with events: a link named by the day ("Rabu, 25 November 2026, …"). */
  day(label: string): Locator {
    return this.grid.getByRole('link', { name: new RegExp(`^${label},`) });
  }

  /** The region of the open day, named by the day. */
  dayEvents(label: string): Locator {
    return this.page.getByRole('region', { name: label, exact: true });
  }

  /** The titles of the open day's events. */
  eventTitles(label: string): Locator {
    return this.dayEvents(label).locator('.agenda-event__title');
  }

  /** The table row right under the week that holds `date` (`YYYY-MM-DD`). */
  rowUnderWeekOf(date: string): Locator {
    return this.grid.locator(`tr.jet-calendar-week:has([data-date="${date}"]) + tr`);
  }
}
