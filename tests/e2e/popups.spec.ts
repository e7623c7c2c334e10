import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DesktopMenu } from './pages/desktop-menu';
import { ANNOUNCEMENT, addPopups, COMPARE_POPUP, Popups } from './pages/popups';
import { twoFramesPassed, waitForHydration, waitForRouterIdle } from './pages/site';
import { Stores } from './pages/stores';

// Issue 13 "Popups"; spec 000 §3 "Popup settings", §4 "Popup display", §9 "Popup storage durations".

// The other specs mark every popup as seen (fixtures.ts); these are about them.
test.use({ showPopups: true });

const DAY = 86_400_000;

test('the announcement popup appears on the second page view only and not again that week', async ({
  page,
  siteData,
}) => {
  const popups = new Popups(page);
  const id = siteData.popupId(ANNOUNCEMENT.slug);
  const dialog = popups.dialog(ANNOUNCEMENT.label);
  const start = new Date('2026-11-25T01:00:00Z').getTime();
  await page.clock.install({ time: start });

  // First page view: the rule's first view shows nothing, and nothing is remembered as seen.
  await page.goto('/');
  await expect.poll(() => popups.views()).toBe(1);
  await page.clock.runFor(3_000);
  await expect(popups.anyPopup).toHaveCount(0);
  expect(await popups.seenUntil(id)).toBeNull();

  // Second: it opens a second after the page loads, with its template.
  await page.goto('/profil/');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Pendaftaran Peserta Didik Baru 2027/2028 Dibuka');
  await expect(dialog.getByRole('link', { name: 'Lihat info PPDB' })).toHaveAttribute('href', '/ppdb/');
  const until = (await popups.seenUntil(id)) ?? 0;
  expect(until - start).toBeGreaterThanOrEqual(7 * DAY);
  expect(until - start).toBeLessThan(7 * DAY + 60_000);
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  await expect(dialog).toBeHidden();

  // Third view, and six days later: not again that week.
  await page.goto('/berita/');
  await expect.poll(() => popups.views()).toBe(3);
  await page.clock.runFor(3_000);
  await expect(popups.anyPopup).toHaveCount(0);
  await page.clock.setSystemTime(start + 6 * DAY);
  await page.goto('/visi-misi/');
  await expect.poll(() => popups.views()).toBe(4);
  await page.clock.runFor(3_000);
  await expect(popups.anyPopup).toHaveCount(0);

  // Once the week is over it shows again (left open: axe checks the page with it).
  await page.clock.setSystemTime(until + 60_000);
  await page.goto('/');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('216 peserta didik baru');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('keyboard: focus moves into the popup and stays there, Escape closes it; the page behind is inert meanwhile', async ({
    page,
  }) => {
    const popups = new Popups(page);
    const dialog = popups.dialog(ANNOUNCEMENT.label);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/ppdb/');
    await expect.poll(() => popups.views()).toBe(1);
    await page.goto('/');
    await expect(dialog).toBeVisible();
    await expect.poll(() => popups.hasFocus(dialog)).toBe(true);
    // Reduced motion: no entrance animation.
    await expect(page.locator('.jet-popup')).toHaveCSS('animation-name', 'none');
    // Fits the phone, its close button in view.
    const close = dialog.getByRole('button', { name: 'Tutup' });
    await expect(close).toBeInViewport();
    const box = await page.locator('.jet-popup').boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 390).toBe(true);

    // The page behind can be neither focused nor clicked.
    await expect(page.locator('body > main')).toHaveAttribute('inert', '');
    await expect(page.locator('body > header')).toHaveAttribute('inert', '');
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await popups.hasFocus(dialog)).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('body > main')).not.toHaveAttribute('inert');
    await expect(page.getByRole('link', { name: 'Langsung ke konten' })).toBeAttached();
  });
});

test('a compare button already in the comparison opens its popup, each time; Escape returns the focus to the button', async ({
  page,
}) => {
  const popups = new Popups(page);
  const stores = new Stores(page);
  const dialog = popups.dialog(COMPARE_POPUP.label);
  await page.goto('/ekskul/');
  await expect(stores.badge('banding')).toHaveText('0');
  await expect.poll(() => popups.views()).toBe(1);
  const card = stores.activityCards.first();
  const compare = stores.button(card, /^Bandingkan:/);
  // The cards' compare buttons do not name a popup yet (the store button's `popup` argument, which
  // the card's settings would carry): this one is given it as the server would render it.
  await compare.evaluate((button, slug) => {
    const args = JSON.parse((button as HTMLElement).dataset.args ?? '{}') as Record<string, unknown>;
    if (!args.popup) (button as HTMLElement).dataset.args = JSON.stringify({ ...args, popup: slug });
  }, COMPARE_POPUP.slug);

  await compare.click();
  const added = stores.button(card, /^Lihat perbandingan:/);
  await expect(added).toBeVisible();
  await expect(stores.badge('banding')).toHaveText('1');
  await added.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Kegiatan ini sudah Anda bandingkan');
  await expect.poll(() => popups.hasFocus(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(added).toBeFocused();
  await expect(page).toHaveURL(/\/ekskul\/$/);
  await expect(stores.badge('banding')).toHaveText('1');

  // Opened by an action it is not "seen": it opens again (left open for axe).
  await added.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Lihat perbandingan' })).toHaveAttribute('href', '/bandingkan/');
});

test('the "Info pendaftaran" link opens the announcement when hovered, and with Enter from the keyboard', async ({
  page,
  siteData,
}) => {
  // The page's timers on a clock the test can run forward (the hover delay), flowing as usual otherwise.
  await page.clock.install();
  const popups = new Popups(page);
  const dialog = popups.dialog(ANNOUNCEMENT.label);
  // The first page view: the announcement does not open by itself, only the link opens it.
  await page.goto('/profil/');
  await expect.poll(() => popups.views()).toBe(1);
  const link = page.getByRole('main').getByRole('link', { name: 'Info pendaftaran' });
  await expect(link).toHaveAttribute('aria-haspopup', 'dialog');

  await link.hover();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Pendaftaran Peserta Didik Baru 2027/2028 Dibuka');
  await expect.poll(() => popups.hasFocus(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/profil\/$/);
  // Opened by an action, it is not remembered as seen.
  expect(await popups.seenUntil(siteData.popupId(ANNOUNCEMENT.slug))).toBeNull();
  // The pointer still on the link once the popup has gone opens nothing again (the hover delay is
  // 200 ms, waited out twice over); leaving the link and coming back does.
  await link.hover({ position: { x: 4, y: 4 } });
  await page.clock.runFor(400);
  await twoFramesPassed(page);
  await expect(dialog).toBeHidden();
  await page.mouse.move(0, 700);
  await link.hover();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Hover is not there for keyboard users: focus and Enter open it; Escape gives the focus back.
  await page.mouse.move(0, 700);
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(() => popups.hasFocus(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
  await expect(page).toHaveURL(/\/profil\/$/);
});

test('"Info pendaftaran" opened by a click stays closed after Escape, and the focus goes back to the link', async ({
  page,
}) => {
  const popups = new Popups(page);
  const dialog = popups.dialog(ANNOUNCEMENT.label);
  await page.goto('/profil/');
  await expect.poll(() => popups.views()).toBe(1);
  const link = page.getByRole('main').getByRole('link', { name: 'Info pendaftaran' });
  await link.click();
  await expect(dialog).toBeVisible();
  await expect.poll(() => popups.hasFocus(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // It came back about 300 ms later (the pointer, still on the link, "hovered" it once the overlay
  // had gone): watched for a second, long past that.
  expect(await popups.opensWithin(1_000)).toBe(false);
  await expect(link).toBeFocused();
  await expect(page).toHaveURL(/\/profil\/$/);
});

test.describe('where a popup opens (issue 21)', () => {
  test('the announcement never opens over the sign-in form; the next page that allows it opens it', async ({
    page,
    siteData,
  }) => {
    const popups = new Popups(page);
    const id = siteData.popupId(ANNOUNCEMENT.slug);
    const dialog = popups.dialog(ANNOUNCEMENT.label);
    await page.clock.install();
    await page.goto('/');
    await expect.poll(() => popups.views()).toBe(1);

    // The second page view is the sign-in form: past the popup's one second, nothing armed, nothing fired.
    await page.goto('/masuk/');
    await waitForHydration(page);
    await page.clock.runFor(3_000);
    await popups.rendered();
    expect(await popups.seenUntil(id)).toBeNull();
    expect(await popups.views()).toBe(1);
    await expect(popups.anyPopup).toHaveCount(0);

    // The same second on a page it may open on: it opens (the timer would have fired).
    await page.goto('/profil/');
    await expect.poll(() => popups.views()).toBe(2);
    await page.clock.runFor(3_000);
    await expect(dialog).toBeVisible();
    expect(await popups.seenUntil(id)).not.toBeNull();
  });
});

test.describe('in the other specs', () => {
  test.use({ showPopups: false });

  test('every popup is marked seen before the page runs, so the second page view opens none', async ({
    page,
    siteData,
  }) => {
    const popups = new Popups(page);
    await page.goto('/');
    await expect.poll(() => popups.views()).toBe(1);
    await page.goto('/profil/');
    await expect.poll(() => popups.views()).toBe(2);
    expect(await popups.seenUntil(siteData.popupId(ANNOUNCEMENT.slug))).toBeGreaterThan(Date.now());
    await expect(popups.anyPopup).toHaveCount(0);
  });
});

test.describe('triggers', () => {
  // The seeded popups stay away (marked seen); these come from a referrer no other spec sends.
  test.use({ showPopups: false });

  const trigger = (name: string, settings: Record<string, unknown>) => ({
    slug: `uji-pemicu-${name}`,
    settings: {
      pages: ['/berita/'],
      label: `Uji pemicu ${name}`,
      timing: { referrer: [`uji-${name}.example`] },
      entranceAnimation: 'none',
      exitAnimation: 'none',
      ...settings,
    },
  });
  /** Adds test popups to the live database and waits until the server's pages carry them. */
  const addTestPopups = async (page: Page, databaseFile: string, popups: Array<ReturnType<typeof trigger>>) => {
    addPopups(databaseFile, popups);
    const last = popups.at(-1)?.slug ?? '';
    // The server reads its popups again within a few seconds: ask until a page carries them.
    await expect
      .poll(async () => (await (await page.request.get('/berita/')).text()).includes(last), { timeout: 15_000 })
      .toBe(true);
  };

  const TRIGGERS = [
    trigger('gulir', { trigger: { type: 'scroll', direction: 'down', offset: 30 } }),
    trigger('klik', { trigger: { type: 'click', count: 3 } }),
    trigger('diam', { trigger: { type: 'inactivity', seconds: 2 } }),
    trigger('keluar', { trigger: { type: 'exit-intent' } }),
  ];

  test('scrolling down, the third click, two idle seconds and leaving through the top each open their popup', async ({
    page,
    site,
  }) => {
    await addTestPopups(page, site.databaseFile, TRIGGERS);
    const popups = new Popups(page);
    let views = 0;
    /** /berita/ as reached from a link on another site, once the watcher has counted the view. */
    const visitFrom = async (name: string) => {
      await page.goto('/berita/', { referer: `https://uji-${name}.example/` });
      views += 1;
      await expect.poll(() => popups.views()).toBe(views);
    };
    await visitFrom('gulir');
    await expect(popups.anyPopup).toHaveCount(0);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 4_000);
    await expect(popups.dialog('Uji pemicu gulir')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popups.anyPopup).toHaveCount(0);

    await visitFrom('klik');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.click();
    await heading.click();
    await expect(popups.anyPopup).toHaveCount(0);
    await heading.click();
    await expect(popups.dialog('Uji pemicu klik')).toBeVisible();
    await page.keyboard.press('Escape');

    await visitFrom('diam');
    await expect(popups.dialog('Uji pemicu diam')).toBeVisible();
    await page.keyboard.press('Escape');

    await visitFrom('keluar');
    await page.mouse.move(640, 300);
    await expect(popups.anyPopup).toHaveCount(0);
    await page.mouse.move(640, 1, { steps: 4 });
    await page.mouse.move(640, -20);
    await expect(popups.dialog('Uji pemicu keluar')).toBeVisible();
  });

  test('a timed popup does not open while the visitor is typing in a form; a later page view opens it (issue 21)', async ({
    page,
    site,
  }) => {
    // A minute's delay: the typing is surely done before it, and the page clock skips the minute.
    const popup = trigger('mengetik', { trigger: { type: 'page-load', delay: 60 }, storage: 'session' });
    await addTestPopups(page, site.databaseFile, [popup]);
    const popups = new Popups(page);
    await page.clock.install();
    await page.goto('/berita/', { referer: 'https://uji-mengetik.example/' });
    await expect.poll(() => popups.views()).toBe(1);
    const email = page.getByRole('contentinfo').getByRole('textbox', { name: 'Alamat e-mail' });
    await email.click();
    await email.pressSequentially('budi@');
    await page.clock.runFor(61_000);
    await popups.rendered();
    // The trigger has fired and opened nothing: not remembered as seen either, it is still to come.
    expect(await popups.sessionSeen()).toBeNull();
    await expect(popups.anyPopup).toHaveCount(0);
    await expect(email).toBeFocused();
    await expect(email).toHaveValue('budi@');

    // The next view, nothing typed: the same minute opens it.
    await page.goto('/berita/', { referer: 'https://uji-mengetik.example/' });
    await expect.poll(() => popups.views()).toBe(2);
    await page.clock.runFor(61_000);
    await expect(popups.dialog('Uji pemicu mengetik')).toBeVisible();
    expect(await popups.sessionSeen()).not.toBeNull();
  });

  test('a popup whose trigger is an element opens once the element scrolls into view, not before', async ({
    page,
    site,
  }) => {
    const popup = trigger('gulir-ke', {
      pages: ['/profil/'],
      trigger: { type: 'scroll-to', selector: '#ekstrakurikuler' },
      storage: 'session',
    });
    await addTestPopups(page, site.databaseFile, [popup]);
    const popups = new Popups(page);
    await page.goto('/profil/', { referer: 'https://uji-gulir-ke.example/' });
    await expect.poll(() => popups.views()).toBe(1);
    const target = page.locator('#ekstrakurikuler');
    await expect(target).not.toBeInViewport();

    // Scrolled part of the way: the section before it is in view, the element is not; nothing fires.
    await page.locator('#fasilitas').scrollIntoViewIfNeeded();
    await expect(page.locator('#fasilitas')).toBeInViewport();
    await expect(target).not.toBeInViewport();
    await popups.rendered();
    expect(await popups.sessionSeen()).toBeNull();
    await expect(popups.anyPopup).toHaveCount(0);

    await target.scrollIntoViewIfNeeded();
    await expect(popups.dialog('Uji pemicu gulir-ke')).toBeVisible();
  });

  test.describe('after a client-side navigation', () => {
    /** Follows a top-level link of the main menu: React Router shows the page, no page load. */
    const followMenu = async (page: Page, name: string, to: RegExp) => {
      const menu = new DesktopMenu(page);
      await waitForHydration(page);
      await menu.waitForEnhanced();
      await page.evaluate(() => {
        (window as { samePage?: boolean }).samePage = true;
      });
      const link = menu.topLevelLink(name);
      // An item with a panel opens it when hovered; a click on the open item follows its link.
      await link.hover();
      if ((await menu.toggle(name).count()) > 0)
        await expect(menu.toggle(name)).toHaveAttribute('aria-expanded', 'true');
      await link.click();
      await expect(page).toHaveURL(to);
      await waitForRouterIdle(page);
      expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    };

    test("the new page's popups are armed, and those of the page left no longer fire", async ({ page, site }) => {
      const popup = trigger('navigasi', {
        pages: ['/profil/'],
        // The page it is reached from: the visit the test starts on (an address no other spec asks for).
        timing: { referrer: ['uji=navigasi'] },
        trigger: { type: 'click', count: 3 },
        storage: 'session',
      });
      await addTestPopups(page, site.databaseFile, [popup]);
      const popups = new Popups(page);
      const heading = page.getByRole('heading', { level: 1 });

      // To /profil/ and away before the third click: the clicks on the next page open nothing.
      await page.goto('/visi-misi/?uji=navigasi');
      await expect.poll(() => popups.views()).toBe(1);
      await followMenu(page, 'Profil', /\/profil\/$/);
      await expect.poll(() => popups.views()).toBe(2);
      await heading.click();
      await followMenu(page, 'Beranda', /\/$/);
      await expect.poll(() => popups.views()).toBe(3);
      for (let i = 0; i < 3; i++) await heading.click();
      await popups.rendered();
      expect(await popups.sessionSeen()).toBeNull();
      await expect(popups.anyPopup).toHaveCount(0);

      // To /profil/ again: its trigger works there, on the third click.
      await page.goto('/visi-misi/?uji=navigasi');
      await expect.poll(() => popups.views()).toBe(4);
      await followMenu(page, 'Profil', /\/profil\/$/);
      await expect.poll(() => popups.views()).toBe(5);
      await heading.click();
      await heading.click();
      expect(await popups.sessionSeen()).toBeNull();
      await heading.click();
      await expect(popups.dialog('Uji pemicu navigasi')).toBeVisible();
      expect(await popups.sessionSeen()).not.toBeNull();
    });
  });
});
