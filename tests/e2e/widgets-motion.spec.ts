import type { Page } from '@playwright/test';
import { measurePageJs } from '../../bench/lib/home-js';
import { expect, staffTest, test } from './fixtures';
import { MotionEffects } from './pages/motion';
import { SiteHeader, waitForHydration } from './pages/site';
import { StaffPagesEditor } from './pages/staff-pages';
import { expectNoA11yProblems } from './support/axe';

// Issue 22, widgets/motion: sticky sections and columns, parallax and particle backgrounds (spec
// filters-and-widgets.md §3, §5, §9; site-behaviour.md §2: hash links land below any sticky section).

/**
 * Resolves once `target` has come to within 40 px below `coverBottom()` (a busy machine may pause the
 * smooth scroll for a moment) and the window has stopped scrolling there (no move for 250 ms).
 */
async function scrollSettled(motion: MotionEffects, target: string, coverBottom: () => Promise<number>) {
  await expect
    .poll(async () => (await landing(motion, await coverBottom(), target)).gap, {
      message: `${target} comes to just below what covers the page's top`,
      timeout: 15_000,
    })
    .toBeLessThanOrEqual(40);
  await expect
    .poll(
      () =>
        motion.page.evaluate(async () => {
          const before = window.scrollY;
          await new Promise((resolve) => setTimeout(resolve, 250));
          return before === window.scrollY && before > 0;
        }),
      { message: 'the page scrolls and comes to rest' },
    )
    .toBe(true);
}

/** The gap between what covers the page's top and `target`'s top, and whether `target` shows there. */
async function landing(motion: MotionEffects, coverBottom: number, target: string) {
  const box = await motion.page.locator(target).boundingBox();
  if (!box) throw new Error(`${target} is not rendered`);
  const shown = await motion.page.evaluate(
    ({ x, y, id }) => document.elementFromPoint(x, y)?.closest(`#${id}`) !== null,
    { x: box.x + 24, y: box.y + 6, id: target.slice(1) },
  );
  return { gap: box.y - coverBottom, shown };
}

/** Text only tsParticles' engine carries (its version check's message), not the site's code that loads it. */
const ENGINE_SIGNATURE = 'The tsParticles ver';

test.describe('the table of contents on /profil/', () => {
  test('sticks under the header while the page is read on a computer and on a tablet', async ({ page }) => {
    const motion = new MotionEffects(page);
    const header = new SiteHeader(page);
    await page.goto('/profil/');
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 800 });
      await motion.scrollTo(0);
      const before = (await motion.tocSection.boundingBox())?.y ?? 0;
      expect(before).toBeGreaterThan((await header.bottom()) + 50);
      await expect(motion.tocLink('Ekstrakurikuler')).toHaveAttribute('href', '#ekstrakurikuler');
      // Down to the last section: past the page's content (the footer) it leaves with the content.
      const last = await page
        .locator('#ekstrakurikuler')
        .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      for (const y of [900, 1800, last]) {
        await motion.scrollTo(y);
        await expect(motion.toc).toBeInViewport();
        const top = (await motion.tocSection.boundingBox())?.y ?? Number.NaN;
        expect(Math.abs(top - (await header.bottom())), `at ${width} px, scrolled to ${y}`).toBeLessThanOrEqual(1);
      }
    }
    // Stuck over the page's content, it still passes axe (its links' contrast on its own background).
    await expectNoA11yProblems(page);
  });

  test('a link scrolls its section to just below the sticky contents, not under it', async ({ page }) => {
    const motion = new MotionEffects(page);
    await page.goto('/profil/');
    await waitForHydration(page);
    await motion.tocLink('Prestasi').click();
    await expect(page).toHaveURL(/#prestasi$/);
    const contentsBottom = async () => {
      const box = await motion.tocSection.boundingBox();
      return (box?.y ?? 0) + (box?.height ?? 0);
    };
    await scrollSettled(motion, '#prestasi', contentsBottom);
    const tocBox = await motion.tocSection.boundingBox();
    const { gap, shown } = await landing(motion, (tocBox?.y ?? 0) + (tocBox?.height ?? 0), '#prestasi');
    expect(gap).toBeGreaterThan(-1);
    expect(gap).toBeLessThanOrEqual(40);
    expect(shown, 'the section’s top is not covered').toBe(true);
    await expect(page.getByRole('heading', { name: 'Prestasi', level: 2 })).toBeInViewport();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('is in the flow, not sticky, and its links land just below the header', async ({ page }) => {
      const motion = new MotionEffects(page);
      const header = new SiteHeader(page);
      await page.goto('/profil/');
      await waitForHydration(page);
      expect(await motion.position(motion.tocSection)).toBe('static');
      await motion.scrollTo(2500);
      await expect(motion.toc).not.toBeInViewport();
      await motion.scrollTo(0);
      await motion.tocLink('Fasilitas').click();
      await scrollSettled(motion, '#fasilitas', () => header.bottom());
      const { gap, shown } = await landing(motion, await header.bottom(), '#fasilitas');
      expect(gap).toBeGreaterThan(-1);
      expect(gap).toBeLessThanOrEqual(40);
      expect(shown).toBe(true);
    });
  });
});

test.describe('the home hero', () => {
  test('its photo drifts against the scroll: speed × 0.01 × distance^0.85', async ({ page }) => {
    const motion = new MotionEffects(page);
    await page.goto('/');
    await expect(motion.parallax).toHaveAttribute('data-enhanced', '');
    const expected = () =>
      motion.parallax.evaluate((el) => {
        const box = (el.parentElement as HTMLElement).getBoundingClientRect();
        const d = box.top + box.height / 2 - window.innerHeight / 2;
        // The seeded speed is 40 (content/pages.yaml, bd0c2); spec §9: exponent 0.85, speed × 0.01.
        return -Math.sign(d) * Math.abs(d) ** 0.85 * 40 * 0.01;
      });
    const moves: number[] = [];
    for (const y of [0, 250, 500]) {
      await motion.scrollTo(y);
      const moved = await motion.translateY(motion.parallax);
      expect(Math.abs(moved - (await expected())), `scrolled to ${y}`).toBeLessThanOrEqual(0.6);
      moves.push(moved);
    }
    // Scrolling down, the photo lags: it is pushed further down the further the page goes.
    expect(moves[1]).toBeGreaterThan((moves[0] ?? 0) + 5);
    expect(moves[2]).toBeGreaterThan((moves[1] ?? 0) + 5);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the photo stays still', async ({ page }) => {
      const motion = new MotionEffects(page);
      await page.goto('/');
      await waitForHydration(page);
      await motion.scrollTo(400);
      expect(await motion.translateY(motion.parallax)).toBe(0);
      // The parallax runs on tablets and computers only: a phone does not even load its code (issue 24).
      await expect(motion.parallax).not.toHaveAttribute('data-enhanced', '');
    });
  });

  test.describe('for a visitor who asks for reduced motion', () => {
    test.use({ contextOptions: { reducedMotion: 'reduce' } });

    test('the photo stays still', async ({ page }) => {
      const motion = new MotionEffects(page);
      await page.goto('/');
      await expect(motion.parallax).toHaveAttribute('data-enhanced', '');
      for (const y of [250, 500]) {
        await motion.scrollTo(y);
        expect(await motion.translateY(motion.parallax)).toBe(0);
      }
      await motion.scrollTo(0);
      await expectNoA11yProblems(page);
    });
  });
});

/** Records the scripts `page` fetches that hold the particle library. */
function particleLibraryFetches(page: Page): string[] {
  const fetched: string[] = [];
  page.on('response', async (response) => {
    if (!/\.js(\?|$)/.test(response.url())) return;
    if ((await response.text().catch(() => '')).includes(ENGINE_SIGNATURE))
      fetched.push(new URL(response.url()).pathname);
  });
  return fetched;
}

test.describe('the particles of the PPDB hero', () => {
  test('are drawn behind its content on a computer, on a canvas of their own', async ({ page }) => {
    const motion = new MotionEffects(page);
    await page.goto('/ppdb/');
    await expect(motion.particles).toHaveAttribute('data-running', '');
    await expect(motion.particlesCanvas).toHaveCount(1);
    // Drawn and moving: the hero's picture changes while nothing else in it does.
    const first = await motion.particlesShot();
    await expect
      .poll(async () => (await motion.particlesShot()).equals(first), { message: 'the particles move' })
      .toBe(false);
    // The hero's text keeps its contrast over the moving particles.
    await expectNoA11yProblems(page);
    // Behind the content: the heading and the buttons take the clicks and keep their colours.
    await expect(motion.particles).toHaveAttribute('aria-hidden', 'true');
    expect(await motion.particles.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    await page.getByRole('link', { name: 'Hubungi Panitia PPDB' }).click();
    await expect(page).toHaveURL('/kontak/');
  });

  test('come in a chunk of their own after the page’s entry JavaScript, and never on the home page', async ({
    page,
    baseURL,
  }) => {
    const late = particleLibraryFetches(page);
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(late, 'the home page fetches no particle library').toEqual([]);

    const html = await (await page.request.get('/ppdb/')).text();
    const entry = await measurePageJs(`${baseURL}/ppdb/`, html);
    expect(entry.files.length).toBeGreaterThan(0);
    for (const file of entry.files) {
      expect(await (await page.request.get(file.url)).text(), file.url).not.toContain(ENGINE_SIGNATURE);
    }
    const motion = new MotionEffects(page);
    await page.goto('/ppdb/');
    await expect(motion.particles).toHaveAttribute('data-running', '');
    // The check above could fail: the chunk that draws carries the name.
    await expect.poll(() => late.length).toBeGreaterThan(0);
    expect(late.filter((url) => entry.files.some((f) => f.url === url))).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('are not drawn, and the page fetches no particle library', async ({ page }) => {
      const fetched = particleLibraryFetches(page);
      const motion = new MotionEffects(page);
      await page.goto('/ppdb/');
      await expect(motion.particles).toHaveAttribute('data-still', '');
      await expect(motion.particlesCanvas).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(fetched).toEqual([]);
    });
  });

  test.describe('for a visitor who asks for reduced motion', () => {
    test.use({ contextOptions: { reducedMotion: 'reduce' } });

    test('are not drawn; the pages stay accessible', async ({ page }) => {
      const motion = new MotionEffects(page);
      await page.goto('/ppdb/');
      // The layer is not shown (CSS), so its code, which waits until it comes into view, never runs (issue 24).
      await expect(motion.particles).toBeHidden();
      await expect(motion.particlesCanvas).toHaveCount(0);
      await expectNoA11yProblems(page);
      await page.goto('/profil/');
      await expectNoA11yProblems(page);
    });

    test('a change of the setting stops particles already drawn', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      const motion = new MotionEffects(page);
      await page.goto('/ppdb/');
      await expect(motion.particlesCanvas).toHaveCount(1);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await expect(motion.particlesCanvas).toHaveCount(0);
      await expect(motion.particles).toHaveAttribute('data-still', '');
    });
  });
});

// The page editor's section and column forms are generated from the schemas (content/tree.ts): they
// show the new settings, refuse values out of the spec's bounds, and what they save reaches the page.
staffTest('an editor makes a column sticky in the page editor, and a visitor sees it stick', async ({ page }) => {
  test.slow();
  const editor = new StaffPagesEditor(page);
  await editor.open('Profil');
  const editorUrl = page.url();

  // The section form: a particle background's colour must be a colour; nothing is saved otherwise.
  await page.locator('a[href$="/elemen/mo1toc/"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pengaturan Bagian/);
  const particles = page.getByRole('group', { name: 'Latar partikel' });
  await particles.getByLabel('Pakai: Latar partikel').check();
  await particles.getByLabel('Warna (#rrggbb)').fill('red');
  await page.getByRole('button', { name: 'Simpan ke draf', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Formatnya tidak sesuai.');
  await page.goto(editorUrl);
  await page.locator('a[href$="/elemen/mo1toc/"]').click();
  await expect(
    page.getByRole('group', { name: 'Latar partikel' }).getByLabel('Pakai: Latar partikel'),
  ).not.toBeChecked();
  await page.goto(editorUrl);

  // The column beside the school's history: sticky, 30 px from the header, 20 px from the section's end.
  await page.locator('a[href$="/elemen/pf1c2/"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pengaturan Kolom/);
  await expect(page.getByLabel('Jarak atas (px)', { exact: true })).toHaveValue('50');
  await page.getByLabel('Menempel di atas saat menggulir').check();
  await page.getByLabel('Jarak atas (px)', { exact: true }).fill('30');
  // Past the browser's own check (the field's max), the server refuses it too.
  await page.getByLabel('Jarak bawah (px)', { exact: true }).evaluate((input: HTMLInputElement) => {
    input.removeAttribute('max');
  });
  await page.getByLabel('Jarak bawah (px)', { exact: true }).fill('9999');
  await page.getByRole('button', { name: 'Simpan ke draf', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Paling besar 400.');
  await page.getByLabel('Jarak bawah (px)', { exact: true }).fill('20');
  await page.getByRole('button', { name: 'Simpan ke draf', exact: true }).click();
  await expect(editor.notice()).toContainText('disimpan di draf');
  await page.getByRole('button', { name: 'Terbitkan' }).click();
  await expect(editor.notice()).toContainText('Draf diterbitkan');

  const visitor = await page
    .context()
    .browser()
    ?.newPage({ baseURL: new URL(page.url()).origin, viewport: { width: 1280, height: 800 } });
  if (!visitor) throw new Error('no browser');
  await visitor.goto('/profil/');
  const motion = new MotionEffects(visitor);
  const header = new SiteHeader(visitor);
  const column = visitor.locator('[data-id="pf1c2"]');
  const history = visitor.locator('#sejarah > .elementor-container');
  await expect(column).toHaveAttribute('data-enhanced', '');
  await expect(column).not.toHaveAttribute('data-sticky-fits', 'false');
  const sectionTop = await history.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  // The sticky table of contents sits under the header, and the column 30 px under both.
  await motion.scrollTo(sectionTop);
  const tocBox = await motion.tocSection.boundingBox();
  const covered = Math.max(await header.bottom(), (tocBox?.y ?? 0) + (tocBox?.height ?? 0));
  const stuckAt = (await column.boundingBox())?.y ?? Number.NaN;
  await motion.scrollTo(sectionTop + 150);
  expect(Math.abs(((await column.boundingBox())?.y ?? 0) - stuckAt)).toBeLessThanOrEqual(1);
  expect(Math.abs(stuckAt - covered - 30)).toBeLessThanOrEqual(1);
  // At the section's end the column stops 20 px before it and leaves with it.
  await motion.scrollTo(sectionTop + 5000);
  const end = await history.evaluate((el) => el.getBoundingClientRect().bottom);
  const columnBox = await column.boundingBox();
  expect(Math.abs((columnBox?.y ?? 0) + (columnBox?.height ?? 0) + 20 - end)).toBeLessThanOrEqual(1);
  await visitor.close();
});
