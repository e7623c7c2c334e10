import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ProfilRevealWidgets } from './pages/widgets-reveal';
import { expectNoA11yProblems } from './support/axe';
import { ALL_SCRIPTS, holdRequests, throttleCpu } from './support/slow-phone';

const { ERAS } = ProfilRevealWidgets;

/** Records the Web Animations the page starts from now on (their first transform and duration). */
async function recordAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: Array<{ from: unknown; duration: unknown }> = [];
    (window as unknown as { animations: typeof log }).animations = log;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, keyframes, options) {
      const first = Array.isArray(keyframes) ? keyframes[0] : undefined;
      log.push({ from: first?.transform, duration: typeof options === 'object' ? options.duration : options });
      return animate.call(this, keyframes, options);
    };
  });
}

test.describe('image accordion (spec §4: hover, focus or tap makes an item active, leaving restores the default)', () => {
  test('pointing at an item widens it to half the row; leaving gives every item its share again', async ({ page }) => {
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await w.enhanced(w.accordion);
    expect(await w.activeItems()).toEqual([]);
    const before = await w.itemBoxes();
    expect(Math.max(...before.map((b) => b.width)) - Math.min(...before.map((b) => b.width))).toBeLessThan(2);

    await w.item('Laboratorium IPA').hover();
    await expect.poll(() => w.activeItems()).toEqual(['Laboratorium IPA']);
    await expect(w.item('Laboratorium IPA').getByText('Menampung 36 siswa')).toBeVisible();
    // The width follows after the 500 ms transition: half the row for the active item.
    await expect
      .poll(async () => {
        const boxes = await w.itemBoxes();
        const row = boxes.reduce((sum, b) => sum + b.width, 0);
        return Math.round(((boxes[1]?.width ?? 0) / row) * 100);
      })
      .toBe(50);

    await page.getByRole('heading', { name: 'Jelajahi Fasilitas' }).hover();
    await expect.poll(() => w.activeItems()).toEqual([]);
    await expect
      .poll(async () => {
        const widths = (await w.itemBoxes()).map((b) => b.width);
        return Math.max(...widths) - Math.min(...widths);
      })
      .toBeLessThan(2);
  });

  test('the keyboard: Tab makes the focused item active, and leaving restores the default', async ({ page }) => {
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await w.enhanced(w.accordion);
    // The pointer rests on the sticky header, so the scrolls that Tab makes never put an item under it.
    await page.mouse.move(1, 1);
    // From the control just before the accordion (the view-more's button), Tab enters it.
    await w.viewMoreButton.focus();
    await page.keyboard.press('Tab');
    await expect(w.item('Perpustakaan Cakrawala')).toBeFocused();
    expect(await w.activeItems()).toEqual(['Perpustakaan Cakrawala']);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // The third item is reached through its link.
    await expect(w.item('Lapangan Serbaguna').getByRole('link', { name: /Lihat ekstrakurikuler/ })).toBeFocused();
    expect(await w.activeItems()).toEqual(['Lapangan Serbaguna']);
    await page.getByRole('heading', { name: 'Jelajahi Fasilitas' }).click();
    await expect.poll(() => w.activeItems()).toEqual([]);
  });

  test('under reduced motion the items change size at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await w.enhanced(w.accordion);
    const duration = await w.item('Aula').evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(duration).toBe('0s');
    await w.item('Aula').hover();
    await expect.poll(() => w.activeItems()).toEqual(['Aula']);
    await expectNoA11yProblems(page);
  });
});

test.describe('view-more (spec §4: each click reveals the next section; the button hides after the last)', () => {
  test('each click reveals the next era with the move-up effect, and the button goes after the last', async ({
    page,
  }) => {
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await w.enhanced(w.viewMore);
    const button = w.viewMore.getByRole('button', { name: 'Tampilkan masa berikutnya' });
    for (const era of ERAS) await expect(w.era(era)).toBeHidden();
    await recordAnimations(page);
    for (const [i, era] of ERAS.entries()) {
      await button.click();
      await expect(w.era(era)).toBeVisible();
      // The next ones stay hidden until their own click.
      for (const later of ERAS.slice(i + 1)) await expect(w.era(later)).toBeHidden();
    }
    // Each reveal moved its section up into place over 500 ms (spec §3: effect move-up).
    const animations = await page.evaluate(() => (window as unknown as { animations: unknown[] }).animations);
    expect(animations).toHaveLength(ERAS.length);
    expect(animations[0]).toEqual({ from: 'translateY(40px)', duration: 500 });
    await expect(button).toBeHidden();
    // The keyboard's focus is not lost with the button: it is on what the last click revealed.
    await expect(w.viewMore.locator('.view-more__section').last()).toBeVisible();
  });

  test('by keyboard, Enter and Space press the button; with nothing left the focus moves to the last era', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await w.enhanced(w.viewMore);
    const button = w.viewMore.getByRole('button', { name: 'Tampilkan masa berikutnya' });
    await recordAnimations(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(w.era(ERAS[0]!)).toBeVisible();
    await page.keyboard.press(' ');
    await page.keyboard.press('Enter');
    await page.keyboard.press(' ');
    await expect(w.era(ERAS[3]!)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(w.era(ERAS[4]!)).toBeVisible();
    await expect(button).toBeHidden();
    await expect(w.viewMore.locator('.view-more__section').last()).toBeFocused();
    // No effect under reduced motion.
    expect(await page.evaluate(() => (window as unknown as { animations: unknown[] }).animations)).toEqual([]);
    await expectNoA11yProblems(page);
  });
});

test.describe('unfold (spec §4, §5, §9)', () => {
  test('folded to the 160 px mask, it unfolds and folds with "Selengkapnya"/"Tutup" and aria-expanded', async ({
    page,
  }) => {
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await w.enhanced(w.unfold);
    const button = w.unfold.getByRole('button', { name: 'Selengkapnya' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(await w.maskHeight()).toBeCloseTo(160, 0);
    const last = w.unfold.getByText(/hampir empat dasawarsa/);
    await expect(last).not.toBeInViewport();

    await button.click();
    const close = w.unfold.getByRole('button', { name: 'Tutup' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => w.maskHeight()).toBeGreaterThan(600);
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();

    await close.click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => w.maskHeight()).toBeCloseTo(160, 0);
    // Fold scrolling: the page scrolls back up to the widget's top (it was far above after unfolding).
    await expect.poll(async () => (await w.unfold.boundingBox())?.y ?? Number.NaN).toBeGreaterThanOrEqual(0);
    expect((await w.unfold.boundingBox())?.y).toBeLessThan(200);
  });

  test('auto-fold after its 120 s (controlled clock), and an outside click folds it', async ({ page }) => {
    await page.clock.install();
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await w.enhanced(w.unfold);
    const button = w.unfoldButton;
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // The clock also flows with real time (a slow machine's seconds): a margin on either side of 120 s.
    await page.clock.runFor(100_000);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.clock.runFor(25_000);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveText('Selengkapnya');

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { name: 'Tonggak Perjalanan Sekolah' }).click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // A click inside the text does not fold it.
    await button.click();
    await w.unfold.getByText(/Kisah SMP Tunas Bangsa bermula/).click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  });
});

test.describe('hotspots (spec §3, §9: tooltips, keyboard-focusable, readable by screen readers)', () => {
  test('Tab to a hotspot shows its tooltip, described to screen readers; Escape hides it', async ({ page }) => {
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await w.enhanced(w.hotspots);
    await page.mouse.move(1, 1);
    // From the control just before the map (the accordion's last link), Tab reaches the first hotspot.
    await w.item('Kebun Sekolah').getByRole('link').focus();
    await page.keyboard.press('Tab');
    const first = w.spot('Gedung Ruang Kelas');
    await expect(first).toBeFocused();
    const tooltip = w.tooltip();
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText('Gedung Ruang Kelas');
    await expect(tooltip).toContainText('Delapan belas ruang kelas');
    await expect(first).toHaveAccessibleDescription(/Delapan belas ruang kelas/);
    // spec §9: placement top and z-index 999.
    const [spotBox, tipBox] = [await first.boundingBox(), await tooltip.boundingBox()];
    expect((tipBox?.y ?? 0) + (tipBox?.height ?? 0)).toBeLessThanOrEqual((spotBox?.y ?? 0) + 1);
    expect(await tooltip.evaluate((el) => getComputedStyle(el).zIndex)).toBe('999');
    await expectNoA11yProblems(page);

    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(w.spot('Perpustakaan Cakrawala')).toBeFocused();
    await expect(w.tooltip()).toContainText('7.500 judul buku');
  });

  test('a mouse over a hotspot shows its tooltip, moving away hides it', async ({ page }) => {
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await w.enhanced(w.hotspots);
    // A mouse arrives from somewhere: React Aria counts a hover once the pointer has moved on the page.
    await page.mouse.move(1, 1);
    await w.spot('Aula').hover();
    await expect(w.tooltip()).toContainText('400 orang');
    await page.getByRole('heading', { name: 'Denah Sekolah' }).hover();
    await expect(w.tooltip()).toBeHidden();
  });

  test('the descriptions are listed under the map, in the server’s HTML', async ({ page }) => {
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await expect(w.legend.getByRole('listitem')).toHaveCount(8);
    await expect(w.legend.getByRole('listitem').nth(7)).toContainText('Gerbang Utama');
    await expect(w.legend.getByRole('listitem').nth(7)).toContainText('dijaga petugas sejak pukul 06.00');
  });
});

test.describe('on a phone (390 px, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the accordion is stacked; a tap opens an item before its link, a tap elsewhere restores the default', async ({
    page,
  }) => {
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await w.enhanced(w.accordion);
    const boxes = await w.itemBoxes();
    for (const [i, box] of boxes.entries()) {
      expect(box.width).toBeGreaterThan(300);
      if (i > 0) expect(box.y).toBeGreaterThan(boxes[i - 1]!.y);
    }
    const field = w.item('Lapangan Serbaguna');
    await field.tap();
    await expect.poll(() => w.activeItems()).toEqual(['Lapangan Serbaguna']);
    await expect(page).toHaveURL(/\/profil\/$/);
    await page.getByRole('heading', { name: 'Jelajahi Fasilitas' }).tap();
    await expect.poll(() => w.activeItems()).toEqual([]);
    await field.tap();
    await field.getByRole('link', { name: /Lihat ekstrakurikuler/ }).tap();
    await expect(page).toHaveURL(/\/ekskul\/$/);
  });

  test('a tap on a hotspot shows its tooltip, a tap elsewhere hides it', async ({ page }) => {
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    await w.enhanced(w.hotspots);
    await w.spot('Lapangan Serbaguna').tap();
    await expect(w.tooltip()).toContainText('Lapangan upacara sekaligus arena futsal');
    await page.getByRole('heading', { name: 'Denah Sekolah' }).tap();
    await expect(w.tooltip()).toBeHidden();
    await w.spot('Masjid Sekolah').tap();
    await expect(w.tooltip()).toContainText('salat berjamaah');
    await w.spot('Masjid Sekolah').tap();
    await expect(w.tooltip()).toBeHidden();
  });

  test('taps made before the widgets’ code (CPU 4x, scripts held) are kept', async ({ page }) => {
    test.setTimeout(120_000);
    const w = new ProfilRevealWidgets(page);
    const fullSpeed = await throttleCpu(page, 4);
    const release = await holdRequests(page, ALL_SCRIPTS);
    await page.goto('/profil/', { waitUntil: 'domcontentloaded' });
    await w.viewMoreButton.tap();
    await w.item('Aula').tap();
    // Nothing happened yet: no script has run.
    await expect(w.era(ERAS[0]!)).toBeHidden();
    await expect(page).toHaveURL(/\/profil\/$/);
    release();
    await w.enhanced(w.viewMore);
    await w.enhanced(w.accordion);
    await expect(w.era(ERAS[0]!)).toBeVisible();
    await expect(w.era(ERAS[1]!)).toBeHidden();
    await expect.poll(() => w.activeItems()).toEqual(['Aula']);
    await fullSpeed();
  });

  test('a hotspot tapped before its code (CPU 4x, scripts held) shows its tooltip once the code is here', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const w = new ProfilRevealWidgets(page);
    const fullSpeed = await throttleCpu(page, 4);
    const release = await holdRequests(page, ALL_SCRIPTS);
    await page.goto('/profil/', { waitUntil: 'domcontentloaded' });
    await w.hotspots.locator('.hotspots__spot').nth(3).tap();
    // The spot is still the server's link: without the early-tap hold it would have jumped to the list.
    await expect(page).toHaveURL(/\/profil\/$/);
    release();
    await w.enhanced(w.hotspots);
    await expect(w.tooltip()).toContainText('400 orang');
    await fullSpeed();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the folded history, every era and every hotspot’s description are readable', async ({ page }) => {
    const w = new ProfilRevealWidgets(page);
    await w.goto();
    // The eras are in the HTML, revealed all at once by the button (a link to the widget).
    for (const era of ERAS) await expect(w.era(era)).toBeHidden();
    await w.viewMore.getByRole('link', { name: 'Tampilkan masa berikutnya' }).click();
    await expect(page).toHaveURL(/#view-more-rv1vm$/);
    for (const era of ERAS) await expect(w.era(era)).toBeVisible();
    await expect(w.viewMore.getByText('612 siswa dalam 18 rombongan belajar')).toBeVisible();

    // The unfold's link unfolds the whole text.
    expect(await w.maskHeight()).toBeCloseTo(160, 0);
    await w.unfold.getByRole('link', { name: 'Selengkapnya' }).click();
    await expect.poll(() => w.maskHeight()).toBeGreaterThan(600);
    await expect(w.unfold.getByText(/hampir empat dasawarsa/)).toBeVisible();

    // A hotspot is a link to its description in the list under the map.
    await w.hotspots.getByRole('link', { name: 'Perpustakaan Cakrawala' }).click();
    await expect(page).toHaveURL(/#hotspots-rv3hs-2$/);
    await expect(w.legend.getByRole('listitem').nth(1)).toContainText('7.500 judul buku');

    // The accordion opens an item under the pointer with CSS alone.
    await w.item('Kebun Sekolah').hover();
    await expect(w.item('Kebun Sekolah').getByText('rumah kompos')).toBeVisible();
  });
});
