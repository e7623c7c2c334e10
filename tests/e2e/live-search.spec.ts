import type { Route } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { DEFAULT_MESSAGES } from '../../app/features/live-search/model';
import { expect, test } from './fixtures';
import { isSearchCall, LiveSearch, searchedText } from './pages/live-search';
import { MobileMenu } from './pages/mobile-menu';
import { settledBox, waitForHydration } from './pages/site';
import { expectNoA11yProblems } from './support/axe';
import { holdRequests, throttleCpu } from './support/slow-phone';

// Issue 12 "Live search (call 2) in the header and in a search popup"; spec 000 §4 "Search" and
// "Search popup", §5, §8, §9. Seeded words: "pramuka" finds 12 items (3 slides of 5 on a desktop,
// 3 per slide on a phone), "robotik" a few; "zzqxv" nothing.

/** Call 2 only, by its address (GET admin-ajax with action jet_ajax_search). */
const SEARCH_CALL = (url: URL) =>
  url.pathname === '/wp-admin/admin-ajax.php' && url.searchParams.get('action') === 'jet_ajax_search';

/** The live search's lazy chunk. */
const SEARCH_CHUNK = /\/assets\/live-search-[^/]*\.js/;

/** An address that ends with `path`, taken literally. */
const addressEndingWith = (path: string) => new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

test.describe('in the header at 1280 px', () => {
  test('one letter: no panel and no request; two letters: a request 450 ms after the last key, then results', async ({
    page,
  }) => {
    const searched: Array<string | null> = [];
    page.on('request', (r) => {
      if (isSearchCall(r)) searched.push(searchedText(r));
    });
    const search = new LiveSearch(page);
    const field = await search.openWithField();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    // The debounce is timed with the page's clock, stopped and moved on by the test.
    await page.clock.install();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));

    await page.keyboard.type('p');
    await page.clock.runFor(2_000);
    await expect(search.panel).toHaveCount(0);
    expect(searched).toEqual([]);

    await page.keyboard.type('r');
    await page.clock.runFor(449);
    expect(searched).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => searched).toEqual(['pr']);
    await expect(search.options.first()).toBeVisible();
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await expect(field).toHaveAttribute('aria-controls', (await search.results.getAttribute('id')) ?? '');
    // Matched words come marked from the server.
    await expect(search.options.first().locator('mark').first()).toHaveText(/^pr/i);

    // Back under two characters: the panel goes, and nothing is asked.
    await page.keyboard.press('Backspace');
    await page.clock.runFor(2_000);
    await expect(search.panel).toHaveCount(0);
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(searched).toEqual(['pr']);
    // Time flows again for the audit that follows the test.
    await page.clock.resume();
  });

  test('typing fast sends one request; a newer text aborts the request in flight, and only its answer shows', async ({
    page,
  }) => {
    const seen: Array<string | null> = [];
    const aborted: Array<string | null> = [];
    let held: Route | undefined;
    page.on('requestfailed', (r) => {
      if (isSearchCall(r)) aborted.push(searchedText(r));
    });
    await page.route(SEARCH_CALL, async (route) => {
      const text = searchedText(route.request());
      seen.push(text);
      // The first search hangs, as on a slow connection, until it is aborted.
      if (text === 'pr') held = route;
      else await route.continue();
    });
    const search = new LiveSearch(page);
    await search.openWithField();
    await page.keyboard.type('pr');
    await expect.poll(() => seen).toEqual(['pr']);
    await expect(search.panel).toContainText('Memuat…');

    await page.keyboard.type('amuka');
    await expect(search.options).toHaveCount(5);
    await expect(search.options.first()).toContainText(/pramuka/i);
    expect(seen).toEqual(['pr', 'pramuka']);
    await expect.poll(() => aborted).toEqual(['pr']);
    // An answer to the aborted request, were it to come now, reaches nothing.
    await held
      ?.fulfill({ json: { success: true, data: { post_count: 1, posts: [{ title: 'Jawaban lama', link: '/x/' }] } } })
      .catch(() => {});
    await expect(search.options).toHaveCount(5);
    await expect(search.results).not.toContainText('Jawaban lama');
  });

  test('arrow keys move through a slide and on to the next; Enter opens the highlighted result', async ({ page }) => {
    const search = new LiveSearch(page);
    const field = await search.openWithField();
    await page.keyboard.type('pramuka');
    await expect(search.options).toHaveCount(5);
    await expect(search.pageButton(1)).toHaveAttribute('aria-current', 'true');
    const firstSlide = await search.options.allInnerTexts();

    await page.keyboard.press('ArrowDown');
    await search.expectHighlighted(field, search.options.nth(0));
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await search.expectHighlighted(field, search.options.nth(4));

    // Past the slide's last result: the next slide, its first result highlighted.
    await page.keyboard.press('ArrowDown');
    await expect(search.pageButton(2)).toHaveAttribute('aria-current', 'true');
    await expect(search.options.first()).not.toHaveText(firstSlide[0] ?? '');
    await search.expectHighlighted(field, search.options.nth(0));
    // And back: the previous slide's last result.
    await page.keyboard.press('ArrowUp');
    await expect(search.pageButton(1)).toHaveAttribute('aria-current', 'true');
    await search.expectHighlighted(field, search.options.nth(4));
    await page.keyboard.press('ArrowUp');
    await search.expectHighlighted(field, search.options.nth(3));
    const href = (await search.options.nth(3).getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/.+\/$/);
    await expect(field).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(addressEndingWith(href));
  });

  test('the slide controls: next, previous and page bullets; a press keeps the focus in the field', async ({
    page,
  }) => {
    const search = new LiveSearch(page);
    const field = await search.openWithField();
    await page.keyboard.type('pramuka');
    await expect(search.options).toHaveCount(5);
    await expect(search.previous).toHaveAttribute('aria-disabled', 'true');
    await search.next.click();
    await expect(search.pageButton(2)).toHaveAttribute('aria-current', 'true');
    await expect(field).toBeFocused();
    await search.pageButton(3).click();
    await expect(search.options).toHaveCount(2);
    await expect(search.next).toHaveAttribute('aria-disabled', 'true');
    await search.previous.click();
    await expect(search.options).toHaveCount(5);
    await expect(search.pageButton(2)).toHaveAttribute('aria-current', 'true');

    // Escape closes the results; a second Escape clears the text.
    await page.keyboard.press('Escape');
    await expect(search.panel).toHaveCount(0);
    await expect(field).toHaveValue('pramuka');
    await page.keyboard.press('Escape');
    await expect(field).toHaveValue('');
  });

  test('no match: the answer message, no listbox', async ({ page }) => {
    const search = new LiveSearch(page);
    const field = await search.openWithField();
    await page.keyboard.type('zzqxv');
    await expect(search.message).toHaveText(DEFAULT_MESSAGES.negativeSearch);
    await expect(search.message).not.toHaveAttribute('data-error');
    await expect(search.results).toHaveCount(0);
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('status').filter({ hasText: DEFAULT_MESSAGES.negativeSearch })).toHaveCount(1);
  });

  test('a failed call (500, a network error, success false) shows the server error', async ({ page }) => {
    await page.route(SEARCH_CALL, async (route) => {
      const text = searchedText(route.request());
      if (text === 'pramuka') await route.fulfill({ status: 500, body: 'Internal Server Error' });
      else if (text === 'robotik') await route.abort('failed');
      else await route.fulfill({ json: { success: false, data: { message: 'tidak' } } });
    });
    const search = new LiveSearch(page);
    const field = await search.openWithField();
    for (const text of ['pramuka', 'robotik', 'osis']) {
      await field.fill(text);
      await expect(search.message).toHaveText(DEFAULT_MESSAGES.serverError);
      await expect(search.message).toHaveAttribute('data-error', 'true');
      await expect(search.panel.locator('.live-search__spinner')).toHaveCount(0);
      await field.fill('');
      await expect(search.panel).toHaveCount(0);
    }
  });

  test('Enter on an empty field does nothing; with text and no result chosen it goes to /?s=', async ({ page }) => {
    let navigations = 0;
    await page.goto('/');
    await waitForHydration(page);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    const search = new LiveSearch(page);
    const field = await search.focusHeaderField();
    await page.keyboard.press('Enter');
    await page.keyboard.type('  ');
    await page.keyboard.press('Enter');
    // Still this page, still alive: a search typed now is answered here.
    await page.keyboard.type('pramuka');
    await expect(search.options).toHaveCount(5);
    expect(navigations).toBe(0);
    await expect(field).toHaveValue('  pramuka');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/\?s=\+*pramuka$/);
    await expect(page.getByRole('main').getByRole('link', { name: /Persami Hari Pramuka ke-63/ })).toBeVisible();
  });

  test('stored settings: Enter without a chosen result stays (submit-on-enter off), one category only, results as wide as the field', async ({
    page,
    site,
  }) => {
    test.setTimeout(90_000);
    const db = new SQLite(site.databaseFile, { timeout: 10_000 });
    const category = db
      .prepare("select id from term where taxonomy = 'category' and slug = 'kegiatan-sekolah'")
      .get() as {
      id: number;
    };
    const settings = { submitOnEnter: false, categories: [category.id], resultsWidth: null, resultsPosition: 'left' };
    db.prepare(
      "insert into site_option (name, value) values ('header_search', ?) on conflict (name) do update set value = excluded.value",
    ).run(JSON.stringify(settings));
    db.close();
    try {
      const search = new LiveSearch(page);
      const requests: URL[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (SEARCH_CALL(url)) requests.push(url);
      });
      // The server keeps its options a few seconds: open the page again until the search asks for the category.
      await expect
        .poll(
          async () => {
            requests.length = 0;
            const field = await search.openWithField();
            await field.fill('pramuka');
            await expect(search.options.first().or(search.message)).toBeVisible();
            return requests.at(-1)?.searchParams.getAll('data[category__in][]') ?? [];
          },
          { timeout: 30_000, intervals: [1_000] },
        )
        .toEqual([String(category.id)]);

      // The results area takes the field's width, under the field.
      const field = search.field();
      const fieldBox = await field.boundingBox();
      const panelBox = await settledBox(search.panel);
      expect(Math.abs((panelBox?.width ?? 0) - (fieldBox?.width ?? -10))).toBeLessThanOrEqual(2);
      expect(Math.abs((panelBox?.x ?? 0) - (fieldBox?.x ?? -10))).toBeLessThanOrEqual(2);

      // Enter with no result chosen: the form's submission is refused (it is prevented), so nothing happens.
      await page.evaluate(() => {
        const w = window as { submitPrevented?: Promise<boolean> };
        w.submitPrevented = new Promise((resolve) =>
          window.addEventListener('submit', (e) => resolve(e.defaultPrevented), { once: true }),
        );
      });
      await field.press('Enter');
      expect(await page.evaluate(() => (window as { submitPrevented?: Promise<boolean> }).submitPrevented)).toBe(true);
      await expect(page).toHaveURL(addressEndingWith('/'));
      await expect(field).toHaveValue('pramuka');
    } finally {
      const restore = new SQLite(site.databaseFile, { timeout: 10_000 });
      restore.prepare("delete from site_option where name = 'header_search'").run();
      restore.close();
    }
    // The worker's next tests expect the seeded settings: wait until the server has them again.
    const search = new LiveSearch(page);
    await expect
      .poll(
        async () => {
          const asked = page.waitForRequest((r) => SEARCH_CALL(new URL(r.url())));
          const field = await search.openWithField();
          await field.fill('pramuka');
          return new URL((await asked).url()).searchParams.has('data[category__in][]');
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(false);
  });

  test('what is typed while the search code loads is kept, with the focus', async ({ page }) => {
    const release = await holdRequests(page, SEARCH_CHUNK);
    await page.goto('/');
    await waitForHydration(page);
    const search = new LiveSearch(page);
    await search.plainField.click();
    await page.keyboard.type('pramu');
    release();
    const field = search.field();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('pramu');
    await page.keyboard.type('ka');
    await expect(field).toHaveValue('pramuka');
    await expect(search.options).toHaveCount(5);
    await expect(search.plainField).toBeHidden();
  });

  test('axe finds no violation with the results open and one highlighted', async ({ page }) => {
    const search = new LiveSearch(page);
    await search.openWithField();
    await page.keyboard.type('pramuka');
    await expect(search.options).toHaveCount(5);
    await page.keyboard.press('ArrowDown');
    await expectNoA11yProblems(page);
    await page.keyboard.type('zz');
    await expect(search.message).toBeVisible();
    await expectNoA11yProblems(page);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the magnifier opens the popup with the focus in its field; results; Escape closes it and the focus returns', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const search = new LiveSearch(page);
    await expect(search.plainField).toBeHidden();
    await search.fallbackToggle.click();
    await expect(search.popup).toBeVisible();
    const field = search.field('popup');
    await expect(field).toBeFocused();
    await page.keyboard.type('pramuka');
    // A phone asks for 3 results per slide.
    await expect(search.options).toHaveCount(3);
    await expectNoA11yProblems(page);
    await page.keyboard.press('Escape');
    await expect(search.popup).toBeHidden();
    await expect(search.popupToggle).toBeFocused();
    await expect(search.popupToggle).toHaveAttribute('aria-expanded', 'false');

    // Again, with the toggle button the enhanced code put in the summary's place; the close button.
    await search.popupToggle.click();
    await expect(search.field('popup')).toBeFocused();
    await search.popup.getByRole('button', { name: 'Tutup pencarian' }).click();
    await expect(search.popup).toBeHidden();
    await expect(search.popupToggle).toBeFocused();
  });

  test('the popup comes in and goes out over 300 ms (watched at a tenth of the speed)', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const search = new LiveSearch(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
    const modal = page.locator('.search-popup__modal');
    const durations = () =>
      modal.evaluate((el) => el.getAnimations().map((a) => Number(a.effect?.getTiming().duration)));

    await search.fallbackToggle.click();
    await expect(modal).toHaveAttribute('data-entering', 'true');
    expect(await durations()).toEqual([300]);
    await expect(modal).not.toHaveAttribute('data-entering', /./, { timeout: 10_000 });

    await page.keyboard.press('Escape');
    // Going out: still on screen, fading.
    await expect(modal).toHaveAttribute('data-exiting', 'true');
    await expect(modal).toBeVisible();
    expect(await durations()).toEqual([300]);
    await expect(search.popup).toBeHidden({ timeout: 10_000 });
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await cdp.detach();
  });

  test('the field in the mobile menu: results in the panel, Escape closes them and leaves the menu open, Enter opens one', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const menu = new MobileMenu(page);
    const search = new LiveSearch(page);
    await menu.open();
    const field = menu.panel.getByRole('combobox', { name: 'Cari' });
    await field.click();
    await page.keyboard.type('pramuka');
    const options = menu.panel.getByRole('listbox', { name: 'Hasil pencarian' }).getByRole('option');
    await expect(options).toHaveCount(3);
    // The results fit the panel.
    const panelBox = await settledBox(menu.panel);
    const resultsBox = await search.panel.boundingBox();
    expect((resultsBox?.x ?? -1) >= (panelBox?.x ?? 0)).toBe(true);
    expect((resultsBox?.x ?? 0) + (resultsBox?.width ?? 0)).toBeLessThanOrEqual(
      (panelBox?.x ?? 0) + (panelBox?.width ?? 0),
    );
    await expectNoA11yProblems(page);

    await page.keyboard.press('Escape');
    await expect(options).toHaveCount(0);
    await expect(menu.panel).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(options).toHaveCount(3);
    await page.keyboard.press('ArrowDown');
    await search.expectHighlighted(field, options.nth(1));
    const href = (await options.nth(1).getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/.+\/$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(addressEndingWith(href));
  });

  test('a tap on the magnifier before the search code has come (CPU throttled 4x) opens the popup when it arrives', async ({
    page,
  }) => {
    const unthrottle = await throttleCpu(page, 4);
    const release = await holdRequests(page, SEARCH_CHUNK);
    await page.goto('/');
    await waitForHydration(page);
    const search = new LiveSearch(page);
    await search.fallbackToggle.click();
    // The <details> opens natively: the plain form is there before the code.
    await expect(search.banner.locator('details.search-popup').getByRole('searchbox', { name: 'Cari' })).toBeVisible();
    release();
    await expect(search.popup).toBeVisible();
    await expect(search.field('popup')).toBeFocused();
    await expect(search.fallbackToggle).toBeHidden();
    await unthrottle();
    await page.keyboard.press('Escape');
    await expect(search.popup).toBeHidden();
    await expect(search.popupToggle).toBeFocused();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header field submits to /?s= and the results page lists the results', async ({ page }) => {
    await page.goto('/');
    const search = new LiveSearch(page);
    await search.plainField.fill('pramuka');
    await search.plainField.press('Enter');
    await expect(page).toHaveURL(/\/\?s=pramuka$/);
    await expect(page.getByRole('main').getByRole('link', { name: /Persami Hari Pramuka ke-63/ })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the magnifier reveals the form, which submits to /?s=', async ({ page }) => {
      await page.goto('/');
      const search = new LiveSearch(page);
      const field = search.banner.locator('details.search-popup').getByRole('searchbox', { name: 'Cari' });
      await expect(field).toBeHidden();
      await search.fallbackToggle.click();
      await field.fill('robotik');
      await field.press('Enter');
      await expect(page).toHaveURL(/\/\?s=robotik$/);
      await expect(
        page
          .getByRole('main')
          .getByRole('link', { name: /Robotik/ })
          .first(),
      ).toBeVisible();
    });
  });
});
