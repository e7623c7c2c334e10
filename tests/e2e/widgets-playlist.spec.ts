import { PLAYER_LOAD_TIMEOUT_MS } from '../../app/widgets/playlist/model';
import { expect, test } from './fixtures';
import { VideoPlaylist } from './pages/playlist';
import { SiteHeader } from './pages/site';
import { expectNoA11yProblems } from './support/axe';
import { ALL_SCRIPTS, holdRequests, throttleCpu } from './support/slow-phone';
import { PROVIDER_HOSTS, recordProviderRequests, routeVideoProviders } from './support/video-stub';

// The /video/ page's playlist (content/pages.yaml `vd0list`): YouTube first, Vimeo second.
const PROFIL = { title: 'Profil SMP Tunas Bangsa 2025', id: 'tB7qK2mVx4E' };
const PENTAS = { title: 'Pentas Seni Akhir Tahun 2024/2025', id: '912345678' };
const PPDB = { title: 'Info PPDB 2027/2028: Cara Mendaftar', id: 'p9LdR3sWnKc' };

test.describe('with JavaScript', () => {
  // Issue 22 "Playlist", spec §4 and §9: nothing from the provider before the visitor asks; the chosen
  // video starts 300 ms later; choosing another pauses it and starts the new one.
  test('no request leaves for a provider before a click; a chosen video starts 300 ms later; another pauses it and starts', async ({
    page,
  }) => {
    const providerRequests = recordProviderRequests(page);
    await routeVideoProviders(page);
    await page.clock.install();
    const playlist = await VideoPlaylist.open(page);
    await expect(playlist.canvas).toHaveAttribute('data-canvas', 'inactive');
    // The thumbnails are the site's own pictures.
    const sources = await playlist.root
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src));
    for (const src of sources) expect(new URL(src).origin).toBe(new URL(page.url()).origin);
    expect(providerRequests).toEqual([]);

    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await playlist.button(PROFIL.title).click();
    await expect(playlist.item(PROFIL.title)).toHaveAttribute('data-state', 'starting');
    await expect(playlist.button(PROFIL.title)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(299);
    await expect(playlist.canvas.locator('iframe')).toHaveCount(0);
    expect(providerRequests).toEqual([]);
    await page.clock.runFor(1);
    await expect(playlist.frameElement(PROFIL.id)).toBeVisible();
    await expect(playlist.canvas).toHaveAttribute('data-canvas', 'active');
    await expect(playlist.item(PROFIL.title)).toHaveAttribute('data-state', 'playing');
    await expect(playlist.item(PROFIL.title)).toContainText('Sedang diputar');
    expect(await playlist.received(PROFIL.id)).toEqual(['listening', 'addEventListener', 'playVideo']);
    expect(providerRequests).toHaveLength(1);
    expect(new URL(providerRequests[0] as string).hostname).toBe('www.youtube-nocookie.com');

    // Another video: the first pauses at once, the new one starts 300 ms later in its own player.
    await playlist.button(PENTAS.title).click();
    await expect(playlist.item(PROFIL.title)).toHaveAttribute('data-state', 'paused');
    await expect(playlist.item(PROFIL.title)).toContainText('Dijeda');
    await expect.poll(() => playlist.received(PROFIL.id)).toContain('pauseVideo');
    await expect(playlist.button(PROFIL.title)).not.toHaveAttribute('aria-current', 'true');
    await expect(playlist.button(PENTAS.title)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(299);
    await expect(playlist.frameElement(PENTAS.id)).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(playlist.frameElement(PENTAS.id)).toBeVisible();
    await expect(playlist.frameElement(PROFIL.id)).toBeHidden();
    await expect(playlist.item(PENTAS.title)).toHaveAttribute('data-state', 'playing');
    await expect.poll(() => playlist.received(PENTAS.id)).toContain('play');
    expect(
      new URL((await playlist.frameElement(PENTAS.id).getAttribute('src')) as string).searchParams.get('dnt'),
    ).toBe('1');

    // The playing item toggles: pause, then play again.
    await playlist.button(PENTAS.title).click();
    await expect(playlist.item(PENTAS.title)).toHaveAttribute('data-state', 'paused');
    await expect.poll(() => playlist.received(PENTAS.id)).toContain('pause');
    await playlist.button(PENTAS.title).click();
    await expect(playlist.item(PENTAS.title)).toHaveAttribute('data-state', 'playing');

    // Back to the first: its own player resumes (no second frame), the other pauses.
    await playlist.button(PROFIL.title).click();
    await expect(playlist.item(PENTAS.title)).toHaveAttribute('data-state', 'paused');
    await page.clock.runFor(300);
    await expect(playlist.item(PROFIL.title)).toHaveAttribute('data-state', 'playing');
    await expect(playlist.frameElement(PROFIL.id)).toBeVisible();
    await expect(playlist.canvas.locator('iframe')).toHaveCount(2);
    expect((await playlist.received(PROFIL.id)).filter((c) => c === 'playVideo')).toHaveLength(2);
    // Only the two chosen players were ever asked for: no thumbnail, script or third video.
    expect(providerRequests.map((u) => new URL(u).hostname).sort()).toEqual([
      'player.vimeo.com',
      'www.youtube-nocookie.com',
    ]);
    // Time flows again for the audit after the test (axe waits on the page's timers).
    await page.clock.resume();
  });

  test('a provider that cannot be reached: a clear message with a link to the video on its site', async ({ page }) => {
    await routeVideoProviders(page, { unreachable: true });
    await page.clock.install();
    const playlist = await VideoPlaylist.open(page);
    await playlist.button(PPDB.title).click();
    await page.clock.runFor(300);
    await expect(playlist.frameElement(PPDB.id)).toHaveCount(1);
    await page.clock.fastForward(PLAYER_LOAD_TIMEOUT_MS);
    const alert = playlist.canvas.getByRole('alert');
    await expect(alert).toContainText(`Video “${PPDB.title}” tidak dapat dimuat dari YouTube`);
    await expect(alert.getByRole('link', { name: 'Tonton di YouTube' })).toHaveAttribute(
      'href',
      `https://www.youtube.com/watch?v=${PPDB.id}`,
    );
    await expect(playlist.item(PPDB.title)).toHaveAttribute('data-state', 'failed');
    await expect(playlist.item(PPDB.title)).toContainText('Tidak dapat dimuat');
    await expect(playlist.canvas.locator('iframe')).toHaveCount(0);
  });

  test('a tap on an item while the scripts are still loading (CPU throttled 4x) is kept: that video plays once they run', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await routeVideoProviders(page);
    const fullSpeed = await throttleCpu(page, 4);
    const release = await holdRequests(page, ALL_SCRIPTS);
    await page.goto('/video/', { waitUntil: 'commit' });
    const playlist = new VideoPlaylist(page);
    // Still the server's link to Vimeo: without the early-tap script the browser would follow it.
    await playlist.link(PENTAS.title).click();
    release();
    await playlist.enhanced();
    await expect(playlist.item(PENTAS.title)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    await expect(playlist.frameElement(PENTAS.id)).toBeVisible();
    await expect(playlist.button(PENTAS.title)).toHaveAttribute('aria-current', 'true');
    expect(new URL(page.url()).pathname).toBe('/video/');
    await fullSpeed();
  });

  test('with the keyboard: the items are buttons, Enter and Space choose, the focus stays on the list; the poster hands it to the player', async ({
    page,
  }) => {
    await routeVideoProviders(page);
    const playlist = await VideoPlaylist.open(page);
    await expect(playlist.list.getByRole('button')).toHaveCount(6);

    await playlist.button(PROFIL.title).focus();
    await page.keyboard.press('Enter');
    await expect(playlist.item(PROFIL.title)).toHaveAttribute('data-state', 'playing');
    await expect(playlist.button(PROFIL.title)).toBeFocused();

    await page.keyboard.press('Tab');
    await expect(playlist.button(PENTAS.title)).toBeFocused();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Space');
    await expect(playlist.item(PENTAS.title)).toHaveAttribute('data-state', 'playing');
    await expect(playlist.item(PROFIL.title)).toHaveAttribute('data-state', 'paused');
    await expect(playlist.button(PENTAS.title)).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // The poster (before any choice) starts the first video, and the focus moves into its player.
    await page.reload();
    await playlist.enhanced();
    await playlist.poster.focus();
    await expect(playlist.poster).toHaveAttribute('role', 'button');
    await page.keyboard.press('Enter');
    await expect(playlist.item(PROFIL.title)).toHaveAttribute('data-state', 'playing');
    await expect(playlist.frameElement(PROFIL.id)).toBeFocused();
  });

  test('at 390 px the canvas is above the list, nothing overflows, and the player fits', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await routeVideoProviders(page);
    const playlist = await VideoPlaylist.open(page);
    const canvas = await playlist.canvas.boundingBox();
    const list = await playlist.list.boundingBox();
    expect(canvas && list).toBeTruthy();
    expect(canvas!.y + canvas!.height).toBeLessThanOrEqual(list!.y);
    expect(canvas!.width).toBeLessThanOrEqual(390);
    // 16:9 on a phone.
    expect(Math.abs(canvas!.height - (canvas!.width * 9) / 16)).toBeLessThan(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await playlist.button(PPDB.title).click();
    await expect(playlist.item(PPDB.title)).toHaveAttribute('data-state', 'playing');
    const frame = await playlist.frameElement(PPDB.id).boundingBox();
    expect(frame!.width).toBeLessThanOrEqual(canvas!.width + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`axe finds nothing before and while a video plays (reduced motion: ${reducedMotion})`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion });
      await routeVideoProviders(page);
      const playlist = await VideoPlaylist.open(page);
      await expectNoA11yProblems(page);
      await playlist.button(PENTAS.title).click();
      await expect(playlist.item(PENTAS.title)).toHaveAttribute('data-state', 'playing');
      await expectNoA11yProblems(page);
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu leads to the video page, whose items and poster are links to the videos on the providers’ sites', async ({
    page,
  }) => {
    const providerRequests = recordProviderRequests(page);
    await page.goto('/');
    // Under "Profil", in the main menu the server sends (its submenu opens on hover or focus).
    await expect(new SiteHeader(page).mainMenu.locator('a[href="/video/"]')).toHaveText('Video Sekolah');
    await page.goto('/video/');
    const playlist = new VideoPlaylist(page);
    await expect(playlist.list.getByRole('link')).toHaveCount(6);
    await expect(playlist.link(PROFIL.title)).toHaveAttribute('href', `https://www.youtube.com/watch?v=${PROFIL.id}`);
    await expect(playlist.link(PENTAS.title)).toHaveAttribute('href', `https://vimeo.com/${PENTAS.id}`);
    await expect(playlist.poster).toHaveAttribute('href', `https://www.youtube.com/watch?v=${PROFIL.id}`);
    await expect(playlist.poster).toHaveAccessibleName(`Putar video: ${PROFIL.title}`);
    // Each with the site's own thumbnail; nothing of the providers' in the page.
    await expect(playlist.link(PENTAS.title).locator('img')).toHaveAttribute('src', /^\/.*video-pentas-seni/);
    await expect(page.locator('iframe')).toHaveCount(0);
    const html = await page.content();
    expect(html).not.toMatch(/youtube-nocookie|player\.vimeo|ytimg/);
    expect(providerRequests.filter((u) => PROVIDER_HOSTS.test(u))).toEqual([]);
  });
});
