import type { Locator, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';

/** The new-student admission announcement (content/templates.yaml `popup-pengumuman-ppdb`). */
export const ANNOUNCEMENT = { slug: 'popup-pengumuman-ppdb', label: 'Pengumuman PPDB 2027/2028' };
/** The popup of the compare store's buttons on /ekskul/ (`popup-perbandingan`). */
export const COMPARE_POPUP = { slug: 'popup-perbandingan', label: 'Sudah dalam perbandingan' };

/** A page's popups (issue 13) and what the trigger watcher keeps in the browser. */
export class Popups {
  constructor(readonly page: Page) {}

  /** A popup's dialog by its accessible name. */
  dialog(label: string): Locator {
    return this.page.getByRole('dialog', { name: label });
  }

  /** Any popup dialog of the page. */
  get anyPopup(): Locator {
    return this.page.locator('.jet-popup__dialog');
  }

  /** Page views the watcher has counted in this browser (0 before it ran on any page). */
  async views(): Promise<number> {
    return this.page.evaluate(() => {
      try {
        return (JSON.parse(localStorage.getItem('jet-popup-visits') ?? '{}') as { views?: number }).views ?? 0;
      } catch {
        return 0;
      }
    });
  }

  /** Until when (ms) a popup is kept away, or null when it was never shown. */
  async seenUntil(id: number): Promise<number | null> {
    return this.page.evaluate((popupId) => {
      const seen = JSON.parse(localStorage.getItem('jet-popup-seen') ?? '{}') as Record<string, number>;
      return seen[popupId] ?? null;
    }, id);
  }

  /**
   * The popups kept away for this session (`jet-popup-seen` in sessionStorage), or null. A trigger marks
   * its popup there the moment it fires, before the dialog's code loads: nothing there, nothing fired.
   */
  async sessionSeen(): Promise<string | null> {
    return this.page.evaluate(() => sessionStorage.getItem('jet-popup-seen'));
  }

  /** Resolves once the browser has rendered twice and run the tasks queued meanwhile (intersection observers'). */
  async rendered(): Promise<void> {
    await this.page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
        ),
    );
  }

  /**
   * Whether any popup dialog appears within `ms` (real time): an observer on the page sees a popup
   * that flashes open and closed between two polls. Resolves at once when one appears.
   */
  async opensWithin(ms: number): Promise<boolean> {
    return this.page.evaluate(
      (wait) =>
        new Promise<boolean>((resolve) => {
          const found = () => document.querySelector('.jet-popup__dialog') !== null;
          if (found()) return resolve(true);
          const watch = new MutationObserver(() => {
            if (!found()) return;
            watch.disconnect();
            resolve(true);
          });
          watch.observe(document.body, { childList: true, subtree: true });
          setTimeout(() => {
            watch.disconnect();
            resolve(found());
          }, wait);
        }),
      ms,
    );
  }

  /** Whether the keyboard's focus is inside the dialog. */
  async hasFocus(dialog: Locator): Promise<boolean> {
    return dialog.evaluate((d) => d.contains(document.activeElement));
  }
}

/**
 * Adds popups to the server's live database (once per worker: an existing slug is kept), each a copy
 * of the compare popup's template with the given settings. The server reads its popups again within
 * five seconds.
 */
export function addPopups(
  databaseFile: string,
  popups: Array<{ slug: string; settings: Record<string, unknown> }>,
): void {
  const db = new SQLite(databaseFile, { timeout: 10_000 });
  try {
    const source = db.prepare(`select * from post where type = 'template' and slug = ?`).get(COMPARE_POPUP.slug) as
      | Record<string, unknown>
      | undefined;
    if (!source) throw new Error(`no template ${COMPARE_POPUP.slug} in the live database`);
    for (const { slug, settings } of popups) {
      if (db.prepare(`select 1 from post where type = 'template' and slug = ?`).get(slug)) continue;
      const { id: _id, ...row } = source;
      const post = { ...row, slug, title: String(settings.label) };
      const columns = Object.keys(post);
      const { lastInsertRowid } = db
        .prepare(`insert into post (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`)
        .run(...Object.values(post));
      db.prepare(`insert into post_meta (post_id, meta_key, value_text) values (?, '_jet_popup_settings', ?)`).run(
        lastInsertRowid,
        JSON.stringify(settings),
      );
    }
  } finally {
    db.close();
  }
}
